import { and, eq, getTableColumns, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { parse } from 'csv-parse';
import type { z } from 'zod';
import {
  CATALOGUE_COLUMNS,
  IMPORT_CHANGES_SHOWN,
  IMPORT_MAX_ROWS,
  IMPORT_STATUS_LABELS,
  IMPORT_STATUSES,
  countOf,
  generatedSku,
  idSchema,
  productImportsContract,
  productInputSchema,
  sizeEntrySchema,
  skuCode,
  variantSchema,
  type CatalogueColumn,
  type ImportChange,
  type ImportError,
  type ImportPreview,
  type ImportStatus,
  type ProductImport,
  type ProductInput,
} from '../../domain';
import type { Db } from '../db/client';
import { newId } from '../db/ids';
import { productImports, products, variantSizes, variants } from '../db/schema';
import { HttpError } from '../errors';
import { csvText } from './csv-export';
import { enumFilter, oneOf, pageOf, type ListQuery, type ListSpec } from '../list-query';
import { productAuditEntry, productsById, type ProductListItem } from './products';
import { nextVersion } from './edit-version';
import { lockSales, skuOwners, skuStockMoves } from './stock';
import { audit, type AuditWho } from './audit';
import { notify } from './notifications';

// ------------------------------------------------------------------ reading the file

/** A data row of the file: its spreadsheet row (the header is row 1) and its cells by column, blank ones left out. */
export interface CatalogueRow {
  row: number;
  cells: Partial<Record<CatalogueColumn, string>>;
}

const startsWith = (bytes: Buffer, signature: number[]) => signature.every((byte, i) => bytes[i] === byte);

/** The file as text, or a 400 saying what it is instead: a workbook, UTF-16, binary, another encoding. */
function decodeCsv(bytes: Buffer): string {
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04]) || startsWith(bytes, [0xd0, 0xcf, 0x11, 0xe0]))
    throw new HttpError(
      400,
      'file: this is a spreadsheet workbook (.xlsx or .xls), not CSV: save it as "CSV UTF-8" first',
    );
  if (startsWith(bytes, [0xff, 0xfe]) || startsWith(bytes, [0xfe, 0xff]))
    throw new HttpError(400, 'file: this is UTF-16 text: save it as "CSV UTF-8"');
  if (bytes.includes(0)) throw new HttpError(400, 'file: this holds binary data, not CSV text');
  try {
    // The decoder drops a byte-order mark.
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    const text = new TextDecoder('utf-8').decode(bytes);
    const line = text.slice(0, text.indexOf('\uFFFD')).split(/\r\n|\n|\r/).length;
    throw new HttpError(
      400,
      `file: line ${line} is not UTF-8 text (the file is in another encoding, such as Windows-1252): save it as "CSV UTF-8"`,
    );
  }
}

/** What a parser error means, in words a spreadsheet user can act on. */
const PARSE_PROBLEMS: Record<string, string> = {
  CSV_QUOTE_NOT_CLOSED: 'a quoted cell is never closed',
  INVALID_OPENING_QUOTE: 'a cell holds a quote but is not quoted as a whole (quote the cell and double its quotes)',
  CSV_INVALID_CLOSING_QUOTE: 'a quoted cell has text after its closing quote',
};

/**
 * A turn of the event loop every `every` calls (a promise to await), else nothing: a long loop over a
 * file's rows lets the server answer its other requests (a health check, another admin's screen) as it goes.
 */
function turns(every: number): () => Promise<void> | undefined {
  let calls = 0;
  return () => (++calls % every === 0 ? new Promise<void>((resolve) => setImmediate(resolve)) : undefined);
}

const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff;

/** How much of the file the parser reads between two turns of the event loop (about 5 ms of parsing). */
const PARSE_CHUNK = 64 * 1024;

/** The file's records, read a chunk at a time; a malformed file rejects with the parser's error. */
async function parseCsv(text: string): Promise<string[][]> {
  const records: string[][] = [];
  let failure: unknown;
  const parser = parse({ relax_column_count: true, record_delimiter: ['\r\n', '\n', '\r'] })
    .on('data', (record: string[]) => records.push(record))
    .on('error', (error) => (failure ??= error));
  const ended = new Promise((resolve) => parser.once('end', resolve).once('error', resolve));
  for (let at = 0; at < text.length && failure === undefined;) {
    let end = at + PARSE_CHUNK;
    // Never between the two halves of a character beyond U+FFFF (an emoji): the parser encodes each
    // chunk as UTF-8, and half a pair would come out as U+FFFD.
    if (isHighSurrogate(text.charCodeAt(end - 1))) end += 1;
    parser.write(text.slice(at, end));
    at = end;
    await new Promise((resolve) => setImmediate(resolve));
  }
  if (failure === undefined) parser.end();
  await ended;
  if (failure !== undefined) throw failure;
  return records;
}

/**
 * The file's header and its rows (RFC 4180: quoted cells may hold commas, quotes and line breaks; lines
 * end with CRLF, LF or CR; UTF-8 with or without a byte-order mark). Our own export's `'` before a
 * formula is taken off (csvText). Blank rows are skipped; a row with more or fewer cells than the
 * header, an unknown or repeated column, or more than IMPORT_MAX_ROWS rows is a 400.
 */
export async function readCatalogue(bytes: Buffer): Promise<{ columns: CatalogueColumn[]; rows: CatalogueRow[] }> {
  if (bytes.length === 0) throw new HttpError(400, 'file: the file is empty');
  let records: string[][];
  try {
    records = await parseCsv(decodeCsv(bytes));
  } catch (error) {
    if (error instanceof HttpError) throw error;
    const { code, records: before = 0 } = error as { code?: string; records?: number };
    throw new HttpError(400, `file: row ${before + 1}: ${PARSE_PROBLEMS[code ?? ''] ?? 'this is not well-formed CSV'}`);
  }
  const [header = [], ...data] = records;
  const columns = header.map((name) => name.trim().toLowerCase()) as CatalogueColumn[];
  for (const [i, column] of columns.entries()) {
    if (!(CATALOGUE_COLUMNS as readonly string[]).includes(column))
      throw new HttpError(
        400,
        `file: unknown column "${header[i]}" in the header (row 1): the columns are ${CATALOGUE_COLUMNS.join(', ')}`,
      );
    if (columns.indexOf(column) !== i)
      throw new HttpError(400, `file: the column ${column} appears twice in the header`);
  }
  if (!columns.some((column) => column === 'sku' || column === 'product_id' || column === 'name'))
    throw new HttpError(
      400,
      'file: the header (row 1) needs a sku, product_id or name column to know which product a row is',
    );
  const rows: CatalogueRow[] = [];
  const turn = turns(2000);
  for (const [index, record] of data.entries()) {
    await turn();
    const row = index + 2;
    if (record.every((cell) => cell.trim() === '')) continue;
    if (record.length !== columns.length)
      throw new HttpError(400, `file: row ${row} has ${record.length} cells where the header has ${columns.length}`);
    if (rows.length === IMPORT_MAX_ROWS)
      throw new HttpError(
        400,
        `file: more than ${IMPORT_MAX_ROWS.toLocaleString('en-US')} rows: split it into smaller files`,
      );
    const cells: CatalogueRow['cells'] = {};
    for (const [i, column] of columns.entries()) if (record[i]!.trim() !== '') cells[column] = csvText(record[i]!);
    rows.push({ row, cells });
  }
  if (rows.length === 0) throw new HttpError(400, 'file: there are no rows below the header');
  return { columns, rows };
}

// ------------------------------------------------------------------ the cells

/** The columns of a product, of one of its variants (a colour), and of one size (a SKU). */
const PRODUCT_COLUMNS = ['name', 'status', 'categories', 'collections', 'description', 'image'] as const;
const VARIANT_COLUMNS = ['is_main', 'variant_image'] as const;
const SIZE_COLUMNS = ['price', 'mrp', 'count_in_stock', 'low_stock_at'] as const;
type ProductColumn = (typeof PRODUCT_COLUMNS)[number];
type VariantColumn = (typeof VARIANT_COLUMNS)[number];
type SizeColumn = (typeof SIZE_COLUMNS)[number];

const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)$/;
const BOOLEANS: Record<string, boolean> = { true: true, false: false, yes: true, no: false, '1': true, '0': false };

/** How a cell is read, and the product form's schema its value must pass; undefined from `read`: unreadable. */
interface CellRule {
  field: string;
  schema: z.ZodType;
  read?: (text: string) => unknown;
  unreadable?: string;
}
const number = { read: (text: string) => (NUMBER.test(text.trim()) ? Number(text) : undefined) };
const list = (text: string) =>
  text
    .split(';')
    .map((item) => item.trim())
    .filter(Boolean);
const product = productInputSchema.shape;
const variant = variantSchema.shape;
const size = sizeEntrySchema.shape;

/** Every column but product_id and sku (which say which record a row is): its field and the form's schema. */
const RULES: Record<Exclude<CatalogueColumn, 'product_id' | 'sku'>, CellRule> = {
  name: { field: 'name', schema: product.name },
  // A label ('Coming soon') reads as its value.
  status: {
    field: 'status',
    schema: product.status,
    read: (text) =>
      text
        .trim()
        .toLowerCase()
        .replace(/[\s-]+/g, '_'),
  },
  categories: { field: 'categories', schema: product.categories, read: list },
  collections: { field: 'collections', schema: product.collections, read: list },
  description: { field: 'description', schema: product.description },
  image: { field: 'image', schema: product.image },
  color: { field: 'color', schema: variant.color },
  is_main: {
    field: 'isMain',
    schema: variant.isMain,
    read: (text) => BOOLEANS[text.trim().toLowerCase()],
    unreadable: 'must be true or false',
  },
  variant_image: { field: 'image', schema: variant.image },
  size: { field: 'size', schema: size.size },
  price: { field: 'price', schema: size.price, ...number, unreadable: 'must be a number' },
  mrp: { field: 'mrp', schema: size.mrp, ...number, unreadable: 'must be a number' },
  count_in_stock: { field: 'countInStock', schema: size.countInStock, ...number, unreadable: 'must be a number' },
  low_stock_at: { field: 'lowStockAt', schema: size.lowStockAt, ...number, unreadable: 'must be a number' },
};

/** A row's cells as the form's values (blank: not there, "leave it as it is"), or the errors of its cells. */
interface RowValues {
  row: number;
  productId?: string;
  sku?: string;
  values: Partial<Record<keyof typeof RULES, unknown>>;
}

function readRow({ row, cells }: CatalogueRow, errors: ImportError[]): RowValues | undefined {
  const found: ImportError[] = [];
  const values: RowValues['values'] = {};
  let productId: string | undefined;
  let sku: string | undefined;
  for (const [column, text] of Object.entries(cells) as [CatalogueColumn, string][]) {
    if (column === 'product_id') {
      const parsed = idSchema.safeParse(text.trim());
      if (parsed.success) productId = parsed.data;
      else found.push({ row, column, message: 'must be a 24-character hex id' });
    } else if (column === 'sku') {
      sku = skuCode(text);
      if (!sku) found.push({ row, column, message: 'must hold a letter or a digit' });
      else if (text.trim().length > 64) found.push({ row, column, message: 'must be at most 64 characters' });
    } else {
      const rule = RULES[column];
      const value = rule.read ? rule.read(text) : text;
      const parsed = value === undefined ? undefined : rule.schema.safeParse(value);
      if (parsed?.success) values[column] = parsed.data;
      else found.push({ row, column, message: parsed?.error.issues[0]?.message ?? rule.unreadable! });
    }
  }
  errors.push(...found);
  return found.length > 0 ? undefined : { row, productId, sku, values };
}

// ------------------------------------------------------------------ the plan

/** A value before the import and after it. */
type Change = [unknown, unknown];

/** A size the import adds: the SKU it gets and its values. */
export interface PlannedSize {
  size: string;
  sku: string;
  price: number;
  mrp: number;
  countInStock: number;
  lowStockAt: number | null;
}

/** A colour the import adds, with its sizes. */
export interface PlannedVariant {
  id: string;
  color: string;
  image: string;
  isMain: boolean;
  sizes: PlannedSize[];
}

/** What the import does to one product: the values it changes (before, after) and what it adds. */
export interface PlannedProduct {
  id: string;
  /** Its name once imported, for messages and the audit log. */
  label: string;
  /** Its version (updatedAt) when the dry run read it; none: the import creates it. */
  version?: string;
  /** Its version once committed: the undo refuses if it has moved since. */
  committed?: string;
  /** A product the import creates: its fields (its variants are in `newVariants`). */
  create?: Omit<ProductInput, 'variants'>;
  fields: Partial<Record<ProductColumn, Change>>;
  variants: { id: string; changes: Partial<Record<VariantColumn, Change>> }[];
  sizes: { sku: string; changes: Partial<Record<SizeColumn, Change>> }[];
  newVariants: PlannedVariant[];
  newSizes: (PlannedSize & { variantId: string })[];
}

/** What a dry run found and its commit applies. */
export interface ImportPlan {
  products: PlannedProduct[];
}

/** The form's field of each column that a change names. */
const FIELD_OF = Object.fromEntries(
  [...PRODUCT_COLUMNS, ...VARIANT_COLUMNS, ...SIZE_COLUMNS].map((column) => [column, RULES[column].field]),
) as Record<ProductColumn | VariantColumn | SizeColumn, string>;

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
const key = (text: string) => text.trim().toLowerCase();

/** A value a row gives for a product or a colour, and the row that first gave it. */
type Given = { value: unknown; row: number };

/** A size of the product after the import: the one it has (by SKU) or one it adds, and the row that names it. */
interface SizeDraft {
  row?: number;
  existing?: string;
  /** An existing size's units held by open orders: its units on hand may not go below them. */
  reserved?: number;
  values: Partial<Record<SizeColumn, unknown>> & { size: string; sku?: string };
}
interface VariantDraft {
  id: string;
  color: string;
  /** The first row naming this colour. */
  row?: number;
  given: Partial<Record<VariantColumn, Given>>;
  sizes: SizeDraft[];
}
/** The rows of one product: one the store has, or one they create (grouped by name). */
interface ProductDraft {
  id: string;
  product?: ProductListItem;
  rows: number[];
  given: Partial<Record<ProductColumn, Given>>;
  variants: VariantDraft[];
  failed?: boolean;
}

/**
 * Gives `value` for `column` unless another row of the same product (or colour) gave another: then
 * the row's error names both.
 */
function agree(
  given: Partial<Record<string, Given>>,
  column: CatalogueColumn,
  value: unknown,
  row: number,
  what: string,
  errors: ImportError[],
): boolean {
  const had = given[column];
  if (!had) given[column] = { value, row };
  else if (!same(had.value, value)) {
    errors.push({
      row,
      column,
      message: `differs from row ${had.row} of the same ${what} (${JSON.stringify(had.value)} there, ${JSON.stringify(value)} here)`,
    });
    return false;
  }
  return true;
}

const draftOf = (product: ProductListItem): ProductDraft => ({
  id: product._id,
  product,
  rows: [],
  given: {},
  variants: product.variants.map((v) => ({
    id: v._id!,
    color: v.color,
    given: {},
    sizes: v.sizes.map((s) => ({ existing: s.sku!, reserved: s.reserved, values: { size: s.size, sku: s.sku } })),
  })),
});

const givenValue = (given: Partial<Record<string, Given>>, column: string) => given[column]?.value;

/** The product as its rows would leave it, in the shape of the product form's body (before its schema). */
function formInput(draft: ProductDraft): Record<string, unknown> {
  const p = draft.product;
  const fields = Object.fromEntries(
    PRODUCT_COLUMNS.map((column) => [
      FIELD_OF[column],
      givenValue(draft.given, column) ?? p?.[FIELD_OF[column] as 'name'],
    ]),
  );
  return {
    subImages: p?.subImages,
    story: p?.story,
    details: p?.details,
    shippingInfo: p?.shippingInfo,
    isTrending: p?.isTrending,
    ...fields,
    variants: draft.variants.map((v) => {
      const had = p?.variants.find((candidate) => candidate._id === v.id);
      return {
        color: v.color,
        image: givenValue(v.given, 'variant_image') ?? had?.image,
        isMain: givenValue(v.given, 'is_main') ?? had?.isMain,
        sizes: v.sizes.map(({ existing, values }) => {
          const size = had?.sizes.find((candidate) => candidate.sku === existing);
          return {
            size: values.size,
            sku: values.sku,
            price: values.price ?? size?.price,
            mrp: values.mrp ?? size?.mrp,
            countInStock: values.count_in_stock ?? size?.countInStock,
            lowStockAt: values.low_stock_at ?? size?.lowStockAt ?? null,
          };
        }),
      };
    }),
  };
}

/** The column of a form field, among a level's columns. */
const columnOf = <C extends keyof typeof RULES>(columns: readonly C[], field: unknown) =>
  columns.find((column) => RULES[column].field === field);

/** The row and column a schema issue of the product's form body is about. */
function whereIs(draft: ProductDraft, path: PropertyKey[]): { row: number; column: CatalogueColumn | null } {
  const first = draft.rows[0]!;
  if (path[0] !== 'variants') {
    const column = columnOf(PRODUCT_COLUMNS, path[0]) ?? null;
    return { row: (column && draft.given[column]?.row) || first, column };
  }
  const v = typeof path[1] === 'number' ? draft.variants[path[1]] : undefined;
  if (!v) {
    const main = draft.variants.flatMap((candidate) => candidate.given.is_main?.row ?? []);
    return { row: Math.max(first, ...main), column: 'is_main' };
  }
  if (path[2] !== 'sizes') {
    const column = columnOf(VARIANT_COLUMNS, path[2]);
    return { row: (column && v.given[column]?.row) ?? v.row ?? first, column: column ?? 'color' };
  }
  const s = typeof path[3] === 'number' ? v.sizes[path[3]] : undefined;
  const rows = v.sizes.flatMap((candidate) => candidate.row ?? []);
  return {
    row: s?.row ?? (rows.length ? Math.max(...rows) : (v.row ?? first)),
    column: path[4] === 'sku' ? 'sku' : (columnOf(SIZE_COLUMNS, path[4]) ?? 'size'),
  };
}

/** What the import does to one product, and each value it changes as the dry run shows it; undefined: nothing. */
function planProduct(draft: ProductDraft, input: ProductInput, changes: ImportChange[]): PlannedProduct | undefined {
  const p = draft.product;
  const change = (row: number, sku: string | null, field: CatalogueColumn, before: unknown, after: unknown) =>
    changes.push({ row, sku, product: input.name, field, before, after });
  const { variants: _variants, ...fields } = input;
  const planned: PlannedProduct = {
    id: draft.id,
    label: input.name,
    version: p?.updatedAt,
    create: p ? undefined : fields,
    fields: {},
    variants: [],
    sizes: [],
    newVariants: [],
    newSizes: [],
  };
  for (const column of PRODUCT_COLUMNS) {
    const given = draft.given[column];
    const field = FIELD_OF[column] as keyof typeof fields;
    if (!given || (p && same(p[field], input[field]))) continue;
    if (p) planned.fields[column] = [p[field], input[field]];
    change(given.row, null, column, p ? p[field] : null, input[field]);
  }
  const added = (s: SizeDraft, size: ProductInput['variants'][number]['sizes'][number]) => {
    const sku = s.values.sku!;
    change(s.row!, sku, 'size', null, size.size);
    change(s.row!, sku, 'sku', null, sku);
    for (const column of SIZE_COLUMNS) {
      const value = size[FIELD_OF[column] as keyof typeof size];
      if (value !== null && value !== undefined) change(s.row!, sku, column, null, value);
    }
    return {
      sku,
      size: size.size,
      price: size.price,
      mrp: size.mrp,
      countInStock: size.countInStock,
      lowStockAt: size.lowStockAt ?? null,
    };
  };
  for (const [i, v] of draft.variants.entries()) {
    const after = input.variants[i]!;
    const had = p?.variants.find((candidate) => candidate._id === v.id);
    if (!had) {
      change(v.row!, null, 'color', null, after.color);
      for (const column of VARIANT_COLUMNS)
        if (v.given[column]) change(v.row!, null, column, null, after[FIELD_OF[column] as 'isMain']);
      const sizes = v.sizes.map((s, j) => added(s, after.sizes[j]!));
      planned.newVariants.push({ id: v.id, color: after.color, image: after.image, isMain: after.isMain, sizes });
      continue;
    }
    const variantChanges: PlannedProduct['variants'][number]['changes'] = {};
    for (const column of VARIANT_COLUMNS) {
      const field = FIELD_OF[column] as 'isMain' | 'image';
      if (!v.given[column] || same(had[field], after[field])) continue;
      variantChanges[column] = [had[field], after[field]];
      change(v.given[column].row, null, column, had[field], after[field]);
    }
    if (Object.keys(variantChanges).length) planned.variants.push({ id: v.id, changes: variantChanges });
    for (const [j, s] of v.sizes.entries()) {
      if (!s.row) continue;
      const size = after.sizes[j]!;
      if (!s.existing) {
        planned.newSizes.push({ variantId: v.id, ...added(s, size) });
        continue;
      }
      const was = had.sizes.find((candidate) => candidate.sku === s.existing)!;
      const sizeChanges: PlannedProduct['sizes'][number]['changes'] = {};
      for (const column of SIZE_COLUMNS) {
        const field = FIELD_OF[column] as 'price';
        if (s.values[column] === undefined || same(was[field], size[field])) continue;
        sizeChanges[column] = [was[field] ?? null, size[field] ?? null];
        change(s.row, s.existing, column, was[field] ?? null, size[field] ?? null);
      }
      if (Object.keys(sizeChanges).length) planned.sizes.push({ sku: s.existing, changes: sizeChanges });
    }
  }
  const nothing =
    p &&
    !Object.keys(planned.fields).length &&
    !planned.variants.length &&
    !planned.sizes.length &&
    !planned.newVariants.length &&
    !planned.newSizes.length;
  return nothing ? undefined : planned;
}

/** A SKU code no other size has: `base`, else `base-2`, `base-3`... */
async function freeSku(db: Db, base: string, taken: Set<string>, stored: Set<string>): Promise<string> {
  for (let n = 1; ; n++) {
    const candidate = n === 1 ? base : `${base.slice(0, 58)}-${n}`;
    if (taken.has(candidate) || stored.has(candidate)) continue;
    if (n > 1 && (await skuOwners(db, [candidate])).size > 0) continue;
    taken.add(candidate);
    return candidate;
  }
}

/**
 * The dry run: matches each row to a SKU (by `sku`, else by product_id + color + size) or to what it
 * creates (a new product: rows without product_id and SKU, grouped by name), checks that each product's
 * rows agree, checks each product as the rows leave it with the product form's schema, and plans what a
 * commit writes. Reads the store; writes nothing.
 */
export async function planImport(
  db: Db,
  rows: CatalogueRow[],
): Promise<{ plan: ImportPlan; preview: Omit<ImportPreview, 'importId'> }> {
  const errors: ImportError[] = [];
  const fail = (row: number, column: CatalogueColumn | null, message: string) => {
    errors.push({ row, column, message });
  };
  const turn = turns(1000);
  const read: RowValues[] = [];
  for (const row of rows) {
    await turn();
    const values = readRow(row, errors);
    if (values) read.push(values);
  }

  // The store's products the rows name, by id or by one of their SKUs.
  const owners = await skuOwners(db, [...new Set(read.flatMap((r) => r.sku ?? []))]);
  const ids = new Set([...read.flatMap((r) => r.productId ?? []), ...[...owners.values()].map((o) => o.id)]);
  const stored = await productsById(db, [...ids]);

  const drafts = new Map<string, ProductDraft>();
  const skuRows = new Map<string, number>();
  for (const r of read) {
    await turn();
    const { row, values } = r;
    const owner = r.sku ? owners.get(r.sku) : undefined;
    if (owner && r.productId && owner.id !== r.productId) {
      fail(row, 'sku', `SKU ${r.sku} belongs to another product (${owner.name}, ${owner.id})`);
      continue;
    }
    const productId = owner?.id ?? r.productId;
    if (productId && !stored.has(productId)) {
      fail(row, owner ? 'sku' : 'product_id', 'no product has this id');
      continue;
    }
    if (!productId && values.name === undefined) {
      fail(row, 'name', 'a new product needs a name (or give the product_id or sku of one the store has)');
      continue;
    }
    if (r.sku && skuRows.has(r.sku)) {
      fail(row, 'sku', `SKU ${r.sku} is also in row ${skuRows.get(r.sku)}`);
      continue;
    }
    if (r.sku) skuRows.set(r.sku, row);
    const draftKey = productId ?? `new:${key(values.name as string)}`;
    let draft = drafts.get(draftKey);
    if (!draft) {
      draft = productId ? draftOf(stored.get(productId)!) : { id: newId(), rows: [], given: {}, variants: [] };
      drafts.set(draftKey, draft);
    }
    draft.rows.push(row);
    const product = draft;
    /** This row's error, which stops its product's other rows too. */
    const refuse = (column: CatalogueColumn, message: string) => {
      fail(row, column, message);
      product.failed = true;
    };
    for (const column of PRODUCT_COLUMNS)
      if (values[column] !== undefined && !agree(draft.given, column, values[column], row, 'product', errors))
        draft.failed = true;

    // Which size: the SKU's, else the colour and size's, else a new one.
    const color = values.color as string | undefined;
    const sizeName = values.size as string | undefined;
    const variantOf = (c: string) => draft.variants.find((v) => key(v.color) === key(c));
    let v = owner
      ? draft.variants.find((c) => c.sizes.some((s) => s.existing === r.sku))
      : color
        ? variantOf(color)
        : undefined;
    let s =
      v &&
      (owner
        ? v.sizes.find((c) => c.existing === r.sku)
        : v.sizes.find((c) => key(c.values.size) === key(sizeName ?? '')));
    if (
      owner &&
      v &&
      s &&
      ((color && key(color) !== key(v.color)) || (sizeName && key(sizeName) !== key(s.values.size)))
    ) {
      refuse(
        color && key(color) !== key(v.color) ? 'color' : 'size',
        `SKU ${r.sku} is ${v.color} / ${s.values.size}: an import does not move a SKU to another colour or size`,
      );
      continue;
    }
    if (s?.row) {
      refuse('size', `${v!.color} / ${s.values.size} is also in row ${s.row}`);
      continue;
    }
    if (s && r.sku && s.existing !== r.sku) {
      refuse('sku', `${v!.color} / ${s.values.size} has the SKU ${s.existing}: an import does not change a SKU's code`);
      continue;
    }
    if (!s && (color || sizeName || r.sku)) {
      // A size the product does not have: a new SKU, on a colour it has or a new one.
      if (!color || !sizeName) {
        refuse(color ? 'size' : 'color', 'is required for a new SKU');
        continue;
      }
      v ||= variantOf(color);
      if (!v) {
        v = { id: newId(), color, given: {}, sizes: [] };
        draft.variants.push(v);
      }
      s = { values: { size: sizeName, sku: r.sku } };
      v.sizes.push(s);
    }
    if (!v || !s) continue;
    const units = values.count_in_stock as number | undefined;
    if (units !== undefined && units < (s.reserved ?? 0)) {
      refuse(
        'count_in_stock',
        `${s.reserved} ${s.reserved === 1 ? 'unit is' : 'units are'} reserved by open orders: on hand cannot go below that`,
      );
      continue;
    }
    s.row = row;
    v.row ??= row;
    for (const column of VARIANT_COLUMNS)
      if (values[column] !== undefined && !agree(v.given, column, values[column], row, 'colour', errors))
        draft.failed = true;
    for (const column of SIZE_COLUMNS) if (values[column] !== undefined) s.values[column] = values[column];
  }

  // Each product as its rows leave it, through the product form's schema.
  const checked: { draft: ProductDraft; input: ProductInput }[] = [];
  for (const draft of drafts.values()) {
    await turn();
    if (draft.failed) continue;
    const result = productInputSchema.safeParse(formInput(draft));
    if (result.success) checked.push({ draft, input: result.data });
    else {
      const issue = result.error.issues[0]!;
      const { row, column } = whereIs(draft, issue.path);
      fail(row, column, issue.message);
      draft.failed = true;
    }
  }

  // A new size without a SKU gets PRODUCT-COLOUR-SIZE, numbered when another size has it.
  const added = checked.flatMap(({ draft, input }) =>
    draft.variants.flatMap((v) =>
      v.sizes
        .filter((s) => !s.existing && !s.values.sku)
        .map((s) => ({ s, base: generatedSku(input.name, v.color, s.values.size) })),
    ),
  );
  const taken = new Set(skuRows.keys());
  const storedBases = new Set((await skuOwners(db, [...new Set(added.map((a) => a.base))])).keys());
  for (const { s, base } of added) s.values.sku = await freeSku(db, base, taken, storedBases);

  const plan: ImportPlan = { products: [] };
  const changes: ImportChange[] = [];
  const created = new Set<number>();
  for (const { draft, input } of checked) {
    await turn();
    const planned = planProduct(draft, input, changes);
    if (planned) plan.products.push(planned);
    for (const v of draft.variants) for (const s of v.sizes) if (s.row && !s.existing) created.add(s.row);
    if (!draft.product) for (const row of draft.rows) created.add(row);
  }

  // A row of a product that has an error elsewhere is not applied either.
  const errorRows = new Set(errors.map((e) => e.row));
  for (const draft of drafts.values()) {
    if (!draft.failed) continue;
    const bad = draft.rows.find((row) => errorRows.has(row))!;
    for (const row of draft.rows)
      if (!errorRows.has(row)) fail(row, null, `not applied: row ${bad} of the same product has an error`);
  }
  const changed = new Set(changes.map((c) => c.row));
  const failedRows = new Set(errors.map((e) => e.row));
  const good = read.filter((r) => !failedRows.has(r.row));
  errors.sort((a, b) => a.row - b.row);
  changes.sort((a, b) => a.row - b.row);
  return {
    plan,
    preview: {
      creates: good.filter((r) => created.has(r.row)).length,
      updates: good.filter((r) => !created.has(r.row) && changed.has(r.row)).length,
      unchanged: good.filter((r) => !created.has(r.row) && !changed.has(r.row)).length,
      errors,
      changes: changes.slice(0, IMPORT_CHANGES_SHOWN),
      changesTotal: changes.length,
    },
  };
}

/** Dry runs never committed are kept this long. */
const PREVIEW_KEPT_MS = 24 * 60 * 60 * 1000;

/** Reads and plans the file, keeps the plan for its commit, and answers what it would do. */
export async function previewImport(db: Db, who: AuditWho, fileName: string, bytes: Buffer): Promise<ImportPreview> {
  const { rows } = await readCatalogue(bytes);
  const { plan, preview } = await planImport(db, rows);
  const id = newId();
  const errorRows = new Set(preview.errors.map((e) => e.row)).size;
  await db
    .delete(productImports)
    .where(
      and(
        eq(productImports.status, 'previewed'),
        sql`${productImports.createdAt} < ${new Date(Date.now() - PREVIEW_KEPT_MS)}`,
      ),
    );
  await db.insert(productImports).values({
    id,
    fileName,
    actorId: who.actor?._id ?? null,
    actorName: who.actor?.fullname ?? 'System',
    creates: preview.creates,
    updates: preview.updates,
    unchanged: preview.unchanged,
    errors: errorRows,
    plan,
    problems: preview.errors.slice(0, IMPORT_CHANGES_SHOWN),
  });
  return { importId: id, ...preview, errors: preview.errors.slice(0, IMPORT_CHANGES_SHOWN) };
}

// ------------------------------------------------------------------ commit and undo

/** Before (0) or after (1) the import: which side of each change a write puts in place. */
type Side = 0 | 1;

type ImportRecord = typeof productImports.$inferSelect;

/** The import, locked until the transaction ends (a second commit or undo waits, then finds it done). */
async function lockedImport(tx: Db, id: string, status: ImportStatus): Promise<ImportRecord> {
  const [record] = await tx.select().from(productImports).where(eq(productImports.id, id)).for('update');
  if (!record) throw new HttpError(404, 'Import not found');
  if (record.status !== status)
    throw new HttpError(409, `This import is ${IMPORT_STATUS_LABELS[record.status].toLowerCase()}`);
  return record;
}

/** The sizes a product gains through the import: those added to its colours and those of its new colours. */
const addedSizes = (p: PlannedProduct): PlannedSize[] => [...p.newSizes, ...p.newVariants.flatMap((v) => v.sizes)];

/**
 * The records that moved since `side` of the import was in place: a product whose version is not the
 * one the dry run read (or the commit left), or that is gone; a SKU whose changed value is not that
 * side's; before an undo, an added SKU whose units moved.
 */
function changedSince(plan: ImportPlan, current: Map<string, ProductListItem>, side: Side): string[] {
  const names = new Set<string>();
  for (const p of plan.products) {
    if (side === 0 && p.create) continue;
    const product = current.get(p.id);
    if (!product) names.add(`${p.label} (deleted)`);
    else if (product.updatedAt !== (side === 0 ? p.version : p.committed)) names.add(p.label);
    if (!product) continue;
    const sizes = new Map(product.variants.flatMap((v) => v.sizes.map((s) => [s.sku!, s])));
    for (const { sku, changes } of p.sizes)
      for (const [column, pair] of Object.entries(changes) as [SizeColumn, Change][])
        if (!same(sizes.get(sku)?.[FIELD_OF[column] as 'price'], pair[side])) names.add(sku);
    if (side === 1)
      for (const { sku, countInStock } of addedSizes(p))
        if (sizes.get(sku)?.countInStock !== countInStock || sizes.get(sku)?.reserved) names.add(sku);
  }
  return [...names];
}

function refuseChanged(names: string[], since: string): void {
  if (names.length === 0) return;
  const shown = names.slice(0, 10).join(', ') + (names.length > 10 ? ` and ${names.length - 10} more` : '');
  throw new HttpError(409, `Changed since ${since}: ${shown}`, { records: names });
}

/** The table columns of the size values an import writes (its units go through the stock ledger). */
const SIZE_WRITES = { price: 'numeric', mrp: 'numeric', low_stock_at: 'integer' } as const;

/** Puts `side` of every changed value of the products, their colours and their sizes in place. */
async function writeValues(tx: Db, plan: ImportPlan, side: Side): Promise<void> {
  const valuesOf = (changes: Partial<Record<string, Change>>) =>
    Object.fromEntries(Object.entries(changes).map(([column, pair]) => [FIELD_OF[column as SizeColumn], pair![side]]));
  for (const p of plan.products) {
    if (Object.keys(p.fields).length) await tx.update(products).set(valuesOf(p.fields)).where(eq(products.id, p.id));
    for (const v of p.variants) await tx.update(variants).set(valuesOf(v.changes)).where(eq(variants.id, v.id));
  }
  for (const [column, type] of Object.entries(SIZE_WRITES)) {
    const changed = plan.products.flatMap((p) =>
      p.sizes.flatMap(({ sku, changes }) =>
        changes[column as SizeColumn] ? [[sku, changes[column as SizeColumn]![side]]] : [],
      ),
    );
    if (changed.length === 0) continue;
    await tx.execute(sql`update variant_sizes s set ${sql.raw(column)} = v.value
      from unnest(${sql.param(changed.map(([sku]) => sku))}::text[], ${sql.param(changed.map(([, value]) => value))}::${sql.raw(type)}[]) as v(sku, value)
      where s.sku = v.sku`);
  }
  const existing = plan.products.filter((p) => !p.create).map((p) => p.id);
  if (existing.length)
    await tx
      .update(products)
      .set({ updatedAt: nextVersion(products.updatedAt) })
      .where(oneOf(products.id, existing));
}

/** The units each changed SKU moves by to reach `side`, as `import` movements of the ledger. */
const unitMoves = (plan: ImportPlan, side: Side) =>
  plan.products.flatMap((p) =>
    p.sizes.flatMap(({ sku, changes }) => {
      const pair = changes.count_in_stock as [number, number] | undefined;
      return pair ? [{ sku, hand: pair[side] - pair[1 - side]! }] : [];
    }),
  );

/** Moves the units through the stock ledger, as `import` movements, in one statement. */
async function runMoves(tx: Db, moves: { sku: string; hand: number }[], who: AuditWho, note: string): Promise<void> {
  const moving = moves.filter((move) => move.hand !== 0);
  if (moving.length) await tx.execute(skuStockMoves(moving, 'import', note, who));
}

/** Rows a multi-row insert writes at most (PostgreSQL takes at most 65,535 parameters a statement). */
const INSERT_ROWS = 1000;
async function insertAll<T extends PgTable>(tx: Db, table: T, rows: T['$inferInsert'][]): Promise<void> {
  for (let start = 0; start < rows.length; start += INSERT_ROWS)
    await tx.insert(table as PgTable).values(rows.slice(start, start + INSERT_ROWS));
}

/** The highest position of each owner's rows (a product's colours, a colour's sizes), for rows added after them. */
async function lastPositions(
  tx: Db,
  table: 'product_variants' | 'variant_sizes',
  ids: string[],
): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const owner = sql.raw(table === 'product_variants' ? 'product_id' : 'variant_id');
  const result = await tx.execute(
    sql`select ${owner} as id, max(position)::int as last from ${sql.raw(table)} where ${owner} = any(${sql.param(ids)}::text[]) group by 1`,
  );
  return new Map((result as unknown as { rows: { id: string; last: number }[] }).rows.map((r) => [r.id, r.last]));
}

/** Inserts the products, colours and sizes the import creates, each SKU at 0 units (its units come through the ledger). */
async function insertAdded(tx: Db, plan: ImportPlan): Promise<void> {
  await insertAll(
    tx,
    products,
    plan.products.flatMap((p) => (p.create ? [{ id: p.id, ...p.create }] : [])),
  );
  const variantPositions = await lastPositions(
    tx,
    'product_variants',
    plan.products.filter((p) => !p.create && p.newVariants.length).map((p) => p.id),
  );
  const sizePositions = await lastPositions(tx, 'variant_sizes', [
    ...new Set(plan.products.flatMap((p) => p.newSizes.map((s) => s.variantId))),
  ]);
  const sizeRow = (variantId: string, s: PlannedSize, positions: Map<string, number>) => {
    const position = (positions.get(variantId) ?? -1) + 1;
    positions.set(variantId, position);
    return {
      variantId,
      position,
      size: s.size,
      price: s.price,
      mrp: s.mrp,
      lowStockAt: s.lowStockAt,
      sku: s.sku,
      countInStock: 0,
    };
  };
  const variantRows = plan.products.flatMap((p) =>
    p.newVariants.map((v) => {
      const position = (variantPositions.get(p.id) ?? -1) + 1;
      variantPositions.set(p.id, position);
      return { id: v.id, productId: p.id, position, color: v.color, image: v.image, isMain: v.isMain };
    }),
  );
  await insertAll(tx, variants, variantRows);
  await insertAll(tx, variantSizes, [
    ...plan.products.flatMap((p) => p.newVariants.flatMap((v) => v.sizes.map((s) => sizeRow(v.id, s, sizePositions)))),
    ...plan.products.flatMap((p) => p.newSizes.map((s) => sizeRow(s.variantId, s, sizePositions))),
  ]);
}

/**
 * One audit entry per product the import touched, as the product form writes them: `made` for the
 * products it created (created by a commit, deleted by an undo), an update for the others. The products
 * as they are now, which it read for that.
 */
async function auditImported(
  tx: Db,
  who: AuditWho,
  plan: ImportPlan,
  before: Awaited<ReturnType<typeof productsById>>,
  made: 'create' | 'delete',
  note: string,
) {
  const after = await productsById(
    tx,
    plan.products.map((p) => p.id),
  );
  await audit(
    tx,
    who,
    plan.products.map((p) => productAuditEntry(p.create ? made : 'update', before.get(p.id), after.get(p.id), note)),
  );
  return after;
}

/**
 * Applies the dry run exactly, in one transaction: 409 naming the records changed since it read them;
 * a dry run with errors only with `skipErrors` (its other rows). Units move through the stock ledger
 * as `import` movements; each product changed or created has its audit entry.
 */
export async function commitImport(db: Db, id: string, skipErrors: boolean, who: AuditWho) {
  return db.transaction(async (tx) => {
    await lockSales(tx);
    const record = await lockedImport(tx, id, 'previewed');
    if (record.errors > 0 && !skipErrors)
      throw new HttpError(
        400,
        `skipErrors: the file has ${countOf(record.errors, 'row')} with errors: correct them and import the file again, or apply the other rows with skipErrors=true`,
      );
    const { plan } = record;
    const ids = plan.products.map((p) => p.id);
    const before = await productsById(tx, ids, true);
    refuseChanged(changedSince(plan, before, 0), 'the dry run');
    const added = plan.products.flatMap(addedSizes);
    const owners = await skuOwners(
      tx,
      added.map((s) => s.sku),
    );
    refuseChanged(
      [...owners].map(([sku, owner]) => `${sku} (now ${owner.name}'s)`),
      'the dry run',
    );

    const note = `Import of ${record.fileName}`;
    await insertAdded(tx, plan);
    await writeValues(tx, plan, 1);
    await runMoves(tx, [...unitMoves(plan, 1), ...added.map((s) => ({ sku: s.sku, hand: s.countInStock }))], who, note);
    const after = await auditImported(tx, who, plan, before, 'create', note);
    for (const p of plan.products) p.committed = after.get(p.id)!.updatedAt;
    await tx
      .update(productImports)
      .set({ status: 'committed', committedAt: new Date(), plan })
      .where(eq(productImports.id, id));
    await notify(tx, 'imports', record.creates + record.updates, id, record.fileName);
    return { creates: record.creates, updates: record.updates, errors: record.problems };
  });
}

/**
 * Puts back every value the import changed and removes what it created, in one transaction: 409
 * naming the records changed since its commit. Units move back through the ledger (an added SKU to 0
 * before it goes); each product has its audit entry.
 */
export async function undoImport(db: Db, id: string, who: AuditWho): Promise<void> {
  await db.transaction(async (tx) => {
    await lockSales(tx);
    const record = await lockedImport(tx, id, 'committed');
    const { plan } = record;
    const ids = plan.products.map((p) => p.id);
    const before = await productsById(tx, ids, true);
    refuseChanged(changedSince(plan, before, 1), 'the import');

    const note = `Undo of the import of ${record.fileName}`;
    const added = plan.products.flatMap(addedSizes);
    await runMoves(
      tx,
      [...unitMoves(plan, 0), ...added.map((s) => ({ sku: s.sku, hand: -s.countInStock }))],
      who,
      note,
    );
    const created = plan.products.filter((p) => p.create).map((p) => p.id);
    const addedVariants = plan.products.flatMap((p) => (p.create ? [] : p.newVariants.map((v) => v.id)));
    const addedSkus = plan.products.flatMap((p) => p.newSizes.map((s) => s.sku));
    if (addedSkus.length) await tx.delete(variantSizes).where(oneOf(variantSizes.sku, addedSkus));
    if (addedVariants.length) await tx.delete(variants).where(oneOf(variants.id, addedVariants));
    if (created.length) await tx.delete(products).where(oneOf(products.id, created));
    await writeValues(tx, plan, 0);
    await auditImported(tx, who, plan, before, 'delete', note);
    await tx.update(productImports).set({ status: 'undone', undoneAt: new Date() }).where(eq(productImports.id, id));
  });
}

// ------------------------------------------------------------------ the list

export const importListSpec: ListSpec<typeof productImportsContract.list> = {
  list: 'productImports',
  sortColumns: { createdAt: productImports.createdAt },
  filters: { status: enumFilter(productImports.status, IMPORT_STATUSES) },
  defaultSort: { field: 'createdAt', order: 'desc' },
  tieBreaker: productImports.id,
};

/** The list's columns: everything but the plan and the errors. */
const { plan: _plan, problems: _problems, ...listed } = getTableColumns(productImports);

/** A page of past imports, newest first, and how many the list has. */
export async function listImports(db: Db, list: ListQuery): Promise<{ imports: ProductImport[]; total: number }> {
  const [rows, total] = await Promise.all([
    pageOf(db.select(listed).from(productImports), list),
    db.$count(productImports, list.where),
  ]);
  return {
    total,
    imports: rows.map((row) => ({
      _id: row.id,
      fileName: row.fileName,
      by: { _id: row.actorId, fullname: row.actorName },
      createdAt: row.createdAt.toISOString(),
      status: row.status,
      creates: row.creates,
      updates: row.updates,
      unchanged: row.unchanged,
      errors: row.errors,
      committedAt: row.committedAt?.toISOString() ?? null,
      undoneAt: row.undoneAt?.toISOString() ?? null,
    })),
  };
}
