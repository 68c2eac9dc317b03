/**
 * The catalogue file's columns, one row per SKU: what `GET /api/product/get-all-products?format=csv&rows=sku`
 * writes and `POST /api/product/import` reads (lists separated by '; '). An import may leave any of them
 * out but one that says which product a row is (sku, product_id or name).
 */
export const CATALOGUE_COLUMNS = [
  'product_id',
  'name',
  'status',
  'categories',
  'collections',
  'description',
  'image',
  'color',
  'is_main',
  'variant_image',
  'size',
  'sku',
  'price',
  'mrp',
  'count_in_stock',
  'low_stock_at',
] as const;
export type CatalogueColumn = (typeof CATALOGUE_COLUMNS)[number];
