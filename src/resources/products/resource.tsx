import CheckCircleOutline from '@mui/icons-material/CheckCircleOutline';
import Inventory2Outlined from '@mui/icons-material/Inventory2Outlined';
import RemoveShoppingCartOutlined from '@mui/icons-material/RemoveShoppingCartOutlined';
import WarningAmberOutlined from '@mui/icons-material/WarningAmberOutlined';
import {
  formOnly,
  presentResource,
  searchedText,
  selectFilter,
  statusField,
  type SheetColumn,
} from '../../components/resource/presentation';
import {
  IMPORT_MAX_BYTES,
  IMPORT_MAX_ROWS,
  MAX_PRODUCT_SUB_IMAGES,
  PRODUCT_CATEGORIES,
  PRODUCT_COLLECTIONS,
  PRODUCT_STATUS_COLOURS,
  PRODUCT_STATUS_LABELS,
  productImportsContract,
  productsContract,
  SKU_BATCH_PATH,
  skuBatchSchema,
  stockContract,
  type Product,
  type StockSku,
} from '../../domain';
import { productFormSchema } from './product-form';
import { ProductDetails } from './ProductDetails';
import { ProductThumbnail } from './ProductThumbnail';
import { StockChip } from './StockChip';
import { countProducts } from './use-product-counts';
import { VariantBuilder } from './VariantBuilder';
import { VariantSwatches } from './VariantSwatches';

/** Edit prices & stock: every SKU, its price, MRP, units on hand and low line edited in place. */
const SKU_COLUMNS: SheetColumn<StockSku>[] = [
  { field: 'product', label: 'Product', flex: 1, minWidth: 160, value: (sku) => sku.product.name },
  { field: 'color', label: 'Colour', width: 110 },
  { field: 'size', label: 'Size', width: 70 },
  { field: 'sku', label: 'SKU', minWidth: 170, flex: 1 },
  { field: 'price', label: 'Price', width: 100, edit: 'money' },
  { field: 'mrp', label: 'MRP', width: 100, edit: 'money' },
  { field: 'countInStock', label: 'Stock', width: 90, edit: 'number' },
  { field: 'lowStockAt', label: 'Low at', width: 80, edit: 'number' },
  {
    field: 'status',
    label: 'Status',
    width: 110,
    format: (status: StockSku['status']) => PRODUCT_STATUS_LABELS[status],
  },
];

/**
 * The Product Catalog (/catalog/products and /catalog): its fields and texts, the four catalogue counts
 * over the whole catalogue whatever page the grid shows, View Details in a dialog, its import and its SKU sheet.
 */
const products = presentResource<Product>(productsContract, {
  schema: productFormSchema,
  updateWholeRecord: true,
  dialogWidth: 'md',
  twoColumnForm: true,
  defaults: { variants: [] },
  formOrder: [
    'name',
    'status',
    'categories',
    'collections',
    'description',
    'story',
    'details',
    'shippingInfo',
    'isTrending',
    'image',
    'subImages',
    'variants',
  ],
  fields: {
    image: {
      label: 'Image',
      render: (product) => <ProductThumbnail product={product} />,
      column: { width: 76, hideBelow: 'sm' },
      form: { widget: 'image', label: 'Main image' },
    },
    name: searchedText('Name', { flex: 1.4, minWidth: 180 }),
    categories: {
      label: 'Categories',
      kind: 'chips',
      column: { flex: 1.2, minWidth: 160, hideBelow: 'md' },
      form: { widget: 'list', suggestions: PRODUCT_CATEGORIES },
    },
    collections: { label: 'Collections', kind: 'list', form: { widget: 'list', suggestions: PRODUCT_COLLECTIONS } },
    // The filter offers the store's own categories; the server reads them from `categories`.
    category: { label: 'Category', ...selectFilter(PRODUCT_CATEGORIES) },
    variants: {
      label: 'Variants',
      empty: 'No variants',
      render: (product) => <VariantSwatches variants={product.variants} />,
      column: { width: 150, hideBelow: 'md' },
      form: { widget: VariantBuilder, wide: true },
    },
    totalStock: {
      label: 'Stock',
      render: (product) => <StockChip stock={product.totalStock ?? 0} />,
      column: { width: 100, sortable: true },
    },
    status: statusField(
      'Status',
      { colours: PRODUCT_STATUS_COLOURS, labels: PRODUCT_STATUS_LABELS },
      {
        column: { width: 130, sortable: true },
        form: { widget: 'select', required: true },
      },
    ),
    description: formOnly('Description', 'multiline'),
    story: formOnly('Story', 'multiline'),
    details: formOnly('Details', 'multiline'),
    shippingInfo: formOnly('Shipping Info', 'multiline'),
    isTrending: { label: 'Trending', form: 'switch' },
    createdAt: { label: 'Added', kind: 'date' },
    subImages: {
      label: `Sub images (up to ${MAX_PRODUCT_SUB_IMAGES})`,
      form: { widget: 'images', max: MAX_PRODUCT_SUB_IMAGES },
    },
  },
  counts: {
    cards: [
      { key: 'total', title: 'Total Products', icon: Inventory2Outlined, colour: 'primary.main' },
      { key: 'active', title: 'Active Products', icon: CheckCircleOutline, colour: 'success.main' },
      { key: 'lowStock', title: 'Low Stock', icon: WarningAmberOutlined, colour: 'warning.main' },
      { key: 'outOfStock', title: 'Out of Stock', icon: RemoveShoppingCartOutlined, colour: 'error.main' },
    ],
    fallback: countProducts,
  },
  details: {
    title: () => 'Product Details',
    children: (product) => <ProductDetails product={product} fields={products.fields} />,
  },
  fileImport: {
    contract: productImportsContract,
    whole: 'catalogue',
    template: { rows: 'sku' },
    intro:
      'A CSV file with one row per SKU, as the catalogue file below has them. Rows match by SKU, else by product id, colour and size, else they add; a blank cell leaves the value as it is.',
    maxBytes: IMPORT_MAX_BYTES,
    maxRows: IMPORT_MAX_ROWS,
    names: ['sku', 'product'],
    // A row adds a product, a colour or a size when it names one where there was none.
    adds: ['sku', 'color', 'name'],
  },
  sheet: {
    title: 'Edit prices & stock',
    label: 'SKUs: prices and stock',
    noun: 'SKU',
    source: stockContract,
    key: 'sku',
    searchPlaceholder: 'SKU or product name',
    empty: 'No SKUs yet: a product’s sizes appear here.',
    columns: SKU_COLUMNS,
    save: { url: productsContract.url(SKU_BATCH_PATH), schema: skuBatchSchema },
  },
  // A failed delete is always in these words; a failed add is a toast.
  outcomes: { deleteFailed: 'text', createFailed: 'toast' },
});
export default products;
