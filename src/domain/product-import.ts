import { defineContract } from './contract';
import { labelsOf } from './labels';

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

/** The largest file an import reads (a larger one is a 413), and the most rows (a longer one is a 400). */
export const IMPORT_MAX_BYTES = 20 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 100_000;
/** The changes a dry run answers in full; `changesTotal` says how many there are in all. */
export const IMPORT_CHANGES_SHOWN = 1000;

/** A row the import cannot apply: its spreadsheet row (the header is row 1), the column and why. */
export interface ImportError {
  row: number;
  column: CatalogueColumn | null;
  message: string;
}

/** One value a row changes: `before` null for what it creates. */
export interface ImportChange {
  row: number;
  sku: string | null;
  /** The product's name. */
  product: string;
  field: CatalogueColumn;
  before: unknown;
  after: unknown;
}

/** A dry run: what the file would do, counted by row (a row that changes nothing is `unchanged`). */
export interface ImportPreview {
  importId: string;
  creates: number;
  updates: number;
  unchanged: number;
  errors: ImportError[];
  changes: ImportChange[];
  changesTotal: number;
}

/** previewed: a dry run not yet applied; committed: applied; undone: applied, then put back. */
export const IMPORT_STATUSES = ['previewed', 'committed', 'undone'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];
export const IMPORT_STATUS_LABELS = labelsOf(IMPORT_STATUSES);

/** One import as `GET /api/product/imports` lists it. */
export interface ProductImport {
  _id: string;
  fileName: string;
  by: { _id: string | null; fullname: string };
  createdAt: string;
  status: ImportStatus;
  creates: number;
  updates: number;
  unchanged: number;
  errors: number;
  committedAt: string | null;
  undoneAt: string | null;
}

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
