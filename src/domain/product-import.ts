import { defineContract } from './contract';
import type { FileImport, FileImportChange, FileImportError, FileImportPreview } from './file-import';

/**
 * The catalogue file's columns, one row per SKU: what the product list's CSV export with `rows=sku`
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

/** The largest file an import reads (a larger one is a 413), and the most rows (a longer one is a 400). */
export const IMPORT_MAX_BYTES = 20 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 100_000;
/** The changes a dry run answers in full; `changesTotal` says how many there are in all. */
export const IMPORT_CHANGES_SHOWN = 1000;

/** The catalogue's import: its errors and changes name the file's columns; a change names its SKU and product. */
export type ImportError = FileImportError<CatalogueColumn>;
export interface ImportChange extends FileImportChange<CatalogueColumn> {
  sku: string | null;
  /** The product's name. */
  product: string;
}
export type ImportPreview = FileImportPreview<ImportChange>;
/** One import as `GET /api/product/imports` lists it. */
export type ProductImport = FileImport;

/**
 * Catalogue imports, under the products' base: whoever edits the catalogue imports, commits and undoes
 * (`write`); any staff member reads the list of past imports.
 */
export const productImportsContract = defineContract<ProductImport>()({
  name: 'product-imports',
  noun: 'Import',
  base: '/api/product',
  api: { list: '/imports' },
  keys: { list: 'imports' },
  list: {
    sort: ['createdAt'],
    filter: ['status'],
    defaultSort: { field: 'createdAt', order: 'desc' },
  },
  calls: {
    preview: { method: 'POST', path: '/import' },
    commit: { method: 'POST', path: '/import/:id/commit' },
    undo: { method: 'POST', path: '/import/:id/undo' },
  },
});
