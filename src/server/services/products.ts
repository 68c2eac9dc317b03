import { and, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import {
  CATALOGUE_COLUMNS,
  PRODUCT_STATUS_LABELS,
  PRODUCT_STATUSES,
  productsContract,
  generatedSku,
  staleEditMessage,
  type AuditAction,
  type Product,
  type ProductCounts,
  type ProductInput,
  type ProductStatus,
  type CatalogueColumn,
  type Review,
  type SizeEntry,
  type Variant,
} from '../../domain';
import type { Db } from '../db/client';
import { newId } from '../db/ids';
import { products, reviews, variantSizes, variants } from '../db/schema';
import { cursorColumns, enumFilter, listInBatches, oneOf, pageOf, type ListQuery, type ListSpec } from '../list-query';
import { WHOLE_LIST_BATCH_ROWS, type WholeList } from '../routes/list-reply';
import { EXPORT_BATCH_ROWS, type CsvColumn, type CsvExport } from './csv-export';
import { audit, changesOf, type AuditEntry, type AuditWho } from './audit';
import { toTrash, type TrashRows, type Trashable } from './trash';
import { isVersion, nextVersion, refuseIfStale } from './edit-version';
import { heldStock, lockSales, skuOwners, skuStockMove } from './stock';
import { HttpError } from '../errors';

type ProductRow = typeof products.$inferSelect;

export const productListSpec: ListSpec<typeof productsContract.list> = {
  list: 'products',
  sortColumns: {
    name: products.name,
    createdAt: products.createdAt,
    totalStock: products.totalStock,
    status: products.status,
  },
  filters: {
    status: enumFilter(products.status, PRODUCT_STATUSES),
    category: {
      value: z.string().max(100),
      condition: (values) => sql`${products.categories} && ${sql.param(values)}::text[]`,
    },
  },
  search: (pattern) => ilike(products.name, pattern),
  defaultSort: { field: 'createdAt', order: 'desc' },
  tieBreaker: products.id,
};

/**
 * A page of the catalogue for its grid: each product with its variants and sizes, without reviews (the
 * details dialog reads them). `total` is counted only when something narrows the list; otherwise it is
 * every product, which the count cards' `total` already says.
 */
export async function listProducts(
  db: Db,
  list: ListQuery,
): Promise<{ products: ProductListItem[]; total: number | undefined }> {
  const [rows, total] = await Promise.all([
    pageOf(db.select(productColumns).from(products), list),
    list.withTotal && list.where ? db.$count(products, list.where) : undefined,
  ]);
  return { products: rows.map(toProduct), total: list.withTotal ? total : rows.length };
}

/** The products with the cursor listInBatches pages by. */
const selectingCursor =
  <Columns extends typeof productColumns>(db: Db, list: ListQuery, columns: Columns) =>
  () =>
    db.select({ ...columns, cursor: cursorColumns(list) }).from(products);

/** The contract's whole list (no page): every product the parameters select, with its reviews, a batch at a time. */
export function wholeProductList(db: Db, list: ListQuery, counts: ProductCounts): WholeList<ProductListItem> {
  const select = selectingCursor(db, list, productWithReviews);
  return {
    before: { success: true, message: PRODUCTS_FETCHED },
    key: 'products',
    after: { counts },
    total: async () => (list.where ? db.$count(products, list.where) : counts.total),
    batches: () => listInBatches(list, select, WHOLE_LIST_BATCH_ROWS, toProduct),
  };
}

export const PRODUCTS_FETCHED = 'Products fetched successfully';

/** The catalogue grid's columns as a spreadsheet reads them: the variants by colour, categories and colours joined by '; '. */
const productCsvColumns: CsvColumn<ProductListItem>[] = [
  { header: 'Product ID', value: (product) => product._id },
  { header: 'Name', value: (product) => product.name },
  { header: 'Image', value: (product) => product.image },
  { header: 'Categories', value: (product) => product.categories.join('; ') },
  { header: 'Variants', value: (product) => product.variants.map((variant) => variant.color).join('; ') },
  { header: 'Stock', kind: 'number', value: (product) => product.totalStock },
  { header: 'Status', value: (product) => PRODUCT_STATUS_LABELS[product.status] },
  { header: 'Created', kind: 'date', value: (product) => product.createdAt },
];

/** The catalogue as the grid's parameters narrow and sort it, as CSV, read in batches (listInBatches). */
export function productExport(db: Db, list: ListQuery): CsvExport<ProductListItem> {
  const select = selectingCursor(db, list, productColumns);
  return {
    name: 'products',
    columns: productCsvColumns,
    total: () => db.$count(products, list.where),
    batches: () => listInBatches(list, select, EXPORT_BATCH_ROWS, toProduct),
  };
}

/** One row of the catalogue file: a SKU with its variant and product (a product without variants has a row of its own). */
interface CatalogueLine {
  product: ProductListItem;
  variant?: Variant;
  size?: SizeEntry;
}

/** Each column of the catalogue file (domain CATALOGUE_COLUMNS): a cell of a SKU's line. */
const catalogueCells: Record<CatalogueColumn, Omit<CsvColumn<CatalogueLine>, 'header'>> = {
  product_id: { value: (line) => line.product._id },
  name: { value: (line) => line.product.name },
  status: { value: (line) => line.product.status },
  categories: { value: (line) => line.product.categories.join('; ') },
  collections: { value: (line) => line.product.collections.join('; ') },
  description: { value: (line) => line.product.description },
  image: { value: (line) => line.product.image },
  color: { value: (line) => line.variant?.color },
  is_main: { value: (line) => line.variant && String(line.variant.isMain) },
  variant_image: { value: (line) => line.variant?.image },
  size: { value: (line) => line.size?.size },
  sku: { value: (line) => line.size?.sku },
  price: { kind: 'money', value: (line) => line.size?.price },
  mrp: { kind: 'money', value: (line) => line.size?.mrp },
  count_in_stock: { kind: 'number', value: (line) => line.size?.countInStock },
  low_stock_at: { kind: 'number', value: (line) => line.size?.lowStockAt },
};

const catalogueLines = (product: ProductListItem): CatalogueLine[] =>
  product.variants.length === 0
    ? [{ product }]
    : product.variants.flatMap((variant) => variant.sizes.map((size) => ({ product, variant, size })));

/**
 * The catalogue as the import reads it back (`rows=sku`): a row per SKU of the products the grid's
 * parameters select, in the grid's order, read a batch of products at a time.
 */
export function catalogueExport(db: Db, list: ListQuery): CsvExport<CatalogueLine> {
  const select = selectingCursor(db, list, productColumns);
  const rows = sql<number>`coalesce(sum(greatest((select count(*) from variant_sizes s
    join product_variants v on v.id = s.variant_id where v.product_id = "products"."id"), 1)), 0)::int`;
  return {
    name: 'catalogue',
    columns: CATALOGUE_COLUMNS.map((header) => ({ header, ...catalogueCells[header] })),
    total: async () => (await db.select({ rows }).from(products).where(list.where))[0]!.rows,
    batches: async function* () {
      for await (const batch of listInBatches(list, select, EXPORT_BATCH_ROWS, toProduct))
        yield batch.flatMap(catalogueLines);
    },
  };
}

const PRODUCTS = productsContract.name;

/** A product as the audit log compares its versions: without its reviews, which its form never edits, and the variants' row ids, which each edit renews. */
function audited(product: ProductListItem | undefined): object | undefined {
  if (!product) return undefined;
  const { reviews: _reviews, ...rest } = product;
  return { ...rest, variants: product.variants.map(({ _id: _id, ...variant }) => variant) };
}

/** Sets the status of every product among `ids` in one statement, one audit row each; answers the ids it found. */
export async function setProductStatuses(
  db: Db,
  ids: readonly string[],
  status: ProductStatus,
  who: AuditWho,
): Promise<string[]> {
  return db.transaction(async (tx) => {
    await lockSales(tx);
    const before = await tx
      .select({ id: products.id, name: products.name, status: products.status })
      .from(products)
      .where(inArray(products.id, [...ids]))
      .for('update');
    await tx
      .update(products)
      .set({ status, updatedAt: nextVersion(products.updatedAt) })
      .where(inArray(products.id, [...ids]));
    await audit(
      tx,
      who,
      before.map((row) => ({
        action: 'bulk',
        resource: PRODUCTS,
        recordId: row.id,
        label: row.name,
        changes: changesOf({ status: row.status }, { status }),
      })),
    );
    return before.map((row) => row.id);
  });
}

/** Deletes every product among `ids` (their variants and reviews with them) in one statement, one audit row each; answers the ids it found. */
/** A product is its row, its variants, their sizes and its reviews: the trash keeps them all, and puts them back in this order. */
export const trashableProducts: Trashable = { tables: [products, variants, variantSizes, reviews] };

/** The rows of these products, by table, before their delete takes them (the trash keeps them). */
async function productRows(tx: Db, ids: readonly string[]): Promise<Map<string, TrashRows>> {
  const list = [...ids];
  const [own, kinds, reviewed] = await Promise.all([
    tx.select().from(products).where(inArray(products.id, list)).for('update'),
    tx.select().from(variants).where(inArray(variants.productId, list)),
    tx.select().from(reviews).where(inArray(reviews.productId, list)),
  ]);
  const sizes = kinds.length
    ? await tx
        .select()
        .from(variantSizes)
        .where(
          inArray(
            variantSizes.variantId,
            kinds.map((v) => v.id),
          ),
        )
    : [];
  const byProduct = new Map<string, TrashRows>();
  for (const product of own) {
    const theirs = kinds.filter((v) => v.productId === product.id);
    const variantIds = new Set(theirs.map((v) => v.id));
    byProduct.set(product.id, {
      products: [product],
      product_variants: theirs,
      variant_sizes: sizes.filter((size) => variantIds.has(size.variantId)),
      reviews: reviewed.filter((review) => review.productId === product.id),
    });
  }
  return byProduct;
}

/** Deleted products into the trash, with their rows, in the delete's transaction. */
const trashProducts = (tx: Db, who: AuditWho, rows: Map<string, TrashRows>) =>
  toTrash(
    tx,
    who,
    [...rows].map(([recordId, kept]) => ({
      resource: PRODUCTS,
      recordId,
      label: String(kept.products![0]!.name),
      rows: kept,
    })),
  );

export async function deleteProducts(db: Db, ids: readonly string[], who: AuditWho): Promise<string[]> {
  return db.transaction(async (tx) => {
    await lockSales(tx);
    const kept = await productRows(tx, ids);
    const rows = await tx
      .delete(products)
      .where(inArray(products.id, [...ids]))
      .returning();
    await audit(
      tx,
      who,
      rows.map(({ id, totalStock: _t, lowStock: _l, ...row }) => ({
        action: 'bulk',
        resource: PRODUCTS,
        recordId: id,
        label: row.name,
        changes: changesOf(row, undefined),
      })),
    );
    await trashProducts(tx, who, kept);
    return rows.map((row) => row.id);
  });
}

/**
 * The catalogue's count cards, over every product whatever the list shows (domain rules for low and out
 * of stock, kept per product by its write transaction): one pass over the products, no sizes read.
 */
export async function productCounts(db: Db): Promise<ProductCounts> {
  const result = await db.execute(sql`
    select count(*)::int as "total",
           (count(*) filter (where p.status = 'active'))::int as "active",
           (count(*) filter (where p.low_stock))::int as "lowStock",
           -- Stock is never negative, so "every size at 0" is a total of 0 (no sizes at all included).
           (count(*) filter (where p.total_stock = 0))::int as "outOfStock"
    from products p`);
  return (result as unknown as { rows: ProductCounts[] }).rows[0]!;
}

/** One product; `lock`: its row locked until the caller's transaction ends (an edit reads what it replaces). */
export async function getProduct(db: Db, id: string, lock = false): Promise<Product | undefined> {
  const query = db.select(productWithReviews).from(products).where(eq(products.id, id)).$dynamic();
  const [row] = await (lock ? query.for('update', { of: products }) : query);
  return row && (toProduct(row) as Product);
}

/** Products by id, each with its variants and sizes (no reviews); `lock`: their rows locked until the caller's transaction ends. */
export async function productsById(
  db: Db,
  ids: readonly string[],
  lock = false,
): Promise<Map<string, ProductListItem>> {
  const found = new Map<string, ProductListItem>();
  for (let start = 0; start < ids.length; start += EXPORT_BATCH_ROWS) {
    const query = db
      .select(productColumns)
      .from(products)
      .where(oneOf(products.id, ids.slice(start, start + EXPORT_BATCH_ROWS)))
      .orderBy(products.id)
      .$dynamic();
    for (const row of await (lock ? query.for('update', { of: products }) : query)) {
      const product = toProduct(row);
      found.set(product._id, product);
    }
  }
  return found;
}

/** The audit log's entry of one product's change, from its version before to its version after. */
export const productAuditEntry = (
  action: AuditAction,
  before: ProductListItem | undefined,
  after: ProductListItem | undefined,
  note?: string,
): AuditEntry => ({
  action,
  resource: PRODUCTS,
  recordId: (after ?? before)!._id,
  label: (after ?? before)!.name,
  changes: changesOf(audited(before), audited(after)),
  note,
});

/** The audit log's row of one product's change, in the change's transaction. */
const logProduct = (tx: Db, who: AuditWho, action: AuditAction, before?: Product, after?: Product) =>
  audit(tx, who, [productAuditEntry(action, before, after)]);

/**
 * Runs `edit`, which changes these products' SKUs in the caller's transaction (the products locked), then
 * moves each product's version and records its change as the product form's edit does (`note` beside it).
 */
export async function editProductSkus(
  tx: Db,
  who: AuditWho,
  ids: readonly string[],
  edit: () => Promise<void>,
  note: string,
): Promise<void> {
  const read = async () => {
    const rows = ids.length
      ? await tx
          .select(productColumns)
          .from(products)
          .where(oneOf(products.id, [...ids]))
      : [];
    return new Map(rows.map((row) => [row.product.id, toProduct(row) as Product]));
  };
  const before = await read();
  await edit();
  if (ids.length === 0) return;
  await tx
    .update(products)
    .set({ updatedAt: nextVersion(products.updatedAt) })
    .where(oneOf(products.id, [...ids]));
  const after = await read();
  await audit(
    tx,
    who,
    [...after.values()].map((product) => ({
      action: 'update' as const,
      resource: PRODUCTS,
      recordId: product._id,
      label: product.name,
      changes: changesOf(audited(before.get(product._id)), audited(product)),
      note,
    })),
  );
}

export async function createProduct(db: Db, input: ProductInput, who: AuditWho): Promise<Product> {
  const id = newId();
  return db.transaction(async (tx) => {
    const { variants: inputVariants, ...fields } = input;
    const skus = await resolveSkus(tx, id, input);
    // Its units on hand arrive through the ledger (moveFormStock), which keeps totalStock and lowStock.
    await tx.insert(products).values({ id, ...fields });
    await insertVariants(tx, id, inputVariants, skus, new Map());
    await moveFormStock(tx, who, skus, new Map());
    const product = (await getProduct(tx, id))!;
    await logProduct(tx, who, 'create', undefined, product);
    return product;
  });
}

/**
 * Replaces the product's fields and its whole variant list in one transaction, when the product still
 * has the `updatedAt` the edit was made on (if given): the guarded UPDATE locks the row, so the variant
 * rewrite that follows cannot interleave with another edit's. A stale copy is a 409, a missing product undefined.
 */
export async function updateProduct(
  db: Db,
  id: string,
  input: ProductInput,
  editedVersion: string | undefined,
  who: AuditWho,
  action: AuditAction = 'update',
): Promise<Product | undefined> {
  const saved = await db.transaction(async (tx) => {
    await lockSales(tx);
    const before = await getProduct(tx, id, true);
    if (!before) return undefined;
    const { variants: inputVariants, ...fields } = input;
    const updated = await tx
      .update(products)
      .set({ ...fields, updatedAt: nextVersion(products.updatedAt) })
      .where(and(eq(products.id, id), isVersion(products.updatedAt, editedVersion)))
      .returning({ id: products.id });
    if (updated.length === 0) return undefined;
    const skus = await resolveSkus(tx, id, input, before);
    const had = await lockedStock(tx, id);
    // A SKU the form drops leaves the ledger at 0 before its row goes; one that open orders hold cannot go.
    const dropped = [...had].filter(([sku]) => !skus.some((entry) => entry.sku === sku)).sort();
    for (const [sku, { reserved }] of dropped) if (reserved > 0) throw heldStock(sku, reserved, 'removed');
    await moveStock(
      tx,
      dropped.map(([sku, { countInStock }]) => skuStockMove(sku, { hand: -countInStock, reason: 'product_form' }, who)),
    );
    await tx.delete(variants).where(eq(variants.productId, id));
    await insertVariants(tx, id, inputVariants, skus, had);
    await moveFormStock(tx, who, skus, had);
    // Read inside the transaction: the answer is this edit's product, not a later one's.
    const after = (await getProduct(tx, id))!;
    await logProduct(tx, who, action, before, after);
    return after;
  });
  return saved ?? refuseIfStale(db, products, products.id, id, editedVersion, staleEditMessage('product'));
}

export async function deleteProduct(db: Db, id: string, who: AuditWho): Promise<boolean> {
  return db.transaction(async (tx) => {
    await lockSales(tx);
    const before = await getProduct(tx, id, true);
    if (!before) return false;
    const kept = await productRows(tx, [id]);
    await tx.delete(products).where(eq(products.id, id));
    await logProduct(tx, who, 'delete', before);
    await trashProducts(tx, who, kept);
    return true;
  });
}

/** What a SKU holds: its units on hand and reserved (and, for one the product had, its row's version and values). */
type SkuStock = { countInStock: number; reserved: number; kept?: { updatedAt: Date; values: string } };
/** The values of a SKU's row a form edit may change besides its units (which move through the ledger). */
const sizeValues = (size: { size: string; price: number; mrp: number; lowStockAt?: number | null }) =>
  JSON.stringify([size.size, size.price, size.mrp, size.lowStockAt ?? null]);
/** Each size the form sent, in order, with the SKU it is kept under and the units it should have on hand. */
type FormSku = { sku: string; countInStock: number };

/**
 * A product's SKUs and their units, by code, locked until the transaction ends: an order placed meanwhile
 * waits for the edit, and its reservation is not lost in the rows the edit writes anew.
 */
async function lockedStock(tx: Db, productId: string): Promise<Map<string, SkuStock>> {
  const rows = await tx
    .select()
    .from(variantSizes)
    .where(sql`${variantSizes.variantId} in (select id from product_variants where product_id = ${productId})`)
    .orderBy(variantSizes.sku)
    .for('update');
  return new Map(
    rows.map((row) => [
      row.sku,
      {
        countInStock: row.countInStock,
        reserved: row.reserved,
        kept: { updatedAt: row.updatedAt, values: sizeValues(row) },
      },
    ]),
  );
}

/**
 * The SKU of each size the form sent: the one typed; else the one the same colour and size had; else
 * PRODUCT-COLOUR-SIZE, with -2, -3... when another product has it. A typed SKU another product has is a
 * 400 naming that product.
 */
async function resolveSkus(tx: Db, productId: string, input: ProductInput, before?: Product): Promise<FormSku[]> {
  const key = (color: string, size: string) => `${color.trim().toLowerCase()}|${size.trim().toLowerCase()}`;
  const previous = new Map(
    (before?.variants ?? []).flatMap((v) => v.sizes.map((size) => [key(v.color, size.size), size.sku!])),
  );
  const own = new Set(previous.values());
  const entries = input.variants.flatMap((variant, v) =>
    variant.sizes.map((size, position) => ({
      path: `variants.${v}.sizes.${position}.sku`,
      typed: size.sku || undefined,
      sku:
        size.sku || previous.get(key(variant.color, size.size)) || generatedSku(input.name, variant.color, size.size),
      countInStock: size.countInStock,
    })),
  );
  const taken = new Set(entries.flatMap((entry) => (entry.typed ? [entry.typed] : [])));
  const owners = await skuOwners(
    tx,
    entries.filter((entry) => !own.has(entry.sku)).map((entry) => entry.sku),
  );
  for (const [sku, owner] of owners) if (owner.id === productId) owners.delete(sku);
  for (const entry of entries) {
    const owner = owners.get(entry.sku);
    if (entry.typed && owner)
      throw new HttpError(400, `${entry.path}: SKU ${entry.sku} is already used by ${owner.name}`);
    if (entry.typed || !(owner || taken.has(entry.sku))) {
      taken.add(entry.sku);
      continue;
    }
    // A generated code another product or size has: the first free numbered one.
    for (let n = 2; ; n++) {
      const candidate = `${entry.sku.slice(0, 58)}-${n}`;
      if (taken.has(candidate) || (await skuOwners(tx, [candidate])).size > 0) continue;
      entry.sku = candidate;
      taken.add(candidate);
      break;
    }
  }
  return entries.map(({ sku, countInStock }) => ({ sku, countInStock }));
}

/** Runs stock moves (services/stock.ts) in one statement, in the SKUs' order (as every mover locks them). */
async function moveStock(tx: Db, moves: SQL[]): Promise<void> {
  if (moves.length > 0) await tx.execute(sql`select ${sql.join(moves, sql`, `)}`);
}

/**
 * The form's units on hand as `product_form` movements: each SKU from what it had (`had`; a new SKU
 * from 0) to what the form says. Below what open orders hold is a 409.
 */
async function moveFormStock(tx: Db, who: AuditWho, skus: FormSku[], had: Map<string, SkuStock>): Promise<void> {
  const moves: SQL[] = [];
  for (const { sku, countInStock } of [...skus].sort((a, b) => (a.sku < b.sku ? -1 : 1))) {
    const was = had.get(sku) ?? { countInStock: 0, reserved: 0 };
    if (countInStock < was.reserved) throw heldStock(sku, was.reserved, 'lowered');
    if (countInStock !== was.countInStock)
      moves.push(skuStockMove(sku, { hand: countInStock - was.countInStock, reason: 'product_form' }, who));
  }
  await moveStock(tx, moves);
}

/**
 * The variants and their sizes as rows: each SKU's units as it had them (`had`; a new one none), which
 * moveFormStock then moves to what the form says, through the ledger. A SKU whose size, prices and low
 * line stay as they were keeps its version (updatedAt), so the edit leaves a spreadsheet's copy of it valid.
 */
async function insertVariants(
  db: Db,
  productId: string,
  input: ProductInput['variants'],
  skus: FormSku[],
  had: Map<string, SkuStock>,
): Promise<void> {
  if (input.length === 0) return;
  const rows = input.map((v, position) => ({
    id: newId(),
    productId,
    position,
    color: v.color,
    image: v.image,
    isMain: v.isMain,
  }));
  await db.insert(variants).values(rows);
  let next = 0;
  const sizes = input.flatMap((v, i) =>
    v.sizes.map((s, position) => {
      const { sku } = skus[next++]!;
      const was: SkuStock = had.get(sku) ?? { countInStock: 0, reserved: 0 };
      return {
        ...(was.kept?.values === sizeValues(s) && { updatedAt: was.kept.updatedAt }),
        variantId: rows[i]!.id,
        position,
        size: s.size,
        price: s.price,
        mrp: s.mrp,
        lowStockAt: s.lowStockAt ?? null,
        sku,
        countInStock: was.countInStock,
        reserved: was.reserved,
      };
    }),
  );
  await db.insert(variantSizes).values(sizes);
}

// The subqueries name their own tables by alias and the product as "products": Drizzle leaves a
// one-table select's columns unqualified, which inside a subquery would mean the subquery's own.

/** A product's variants, each with its sizes, as the database's JSON: no second or third round trip. */
const productVariants = sql<Variant[]>`(
  select coalesce(json_agg(json_build_object(
    '_id', v.id, 'color', v.color, 'image', v.image, 'isMain', v.is_main,
    'sizes', (
      select coalesce(json_agg(json_build_object('size', s.size, 'price', s.price, 'mrp', s.mrp, 'countInStock', s.count_in_stock,
        'sku', s.sku, 'reserved', s.reserved, 'available', s.count_in_stock - s.reserved, 'lowStockAt', s.low_stock_at) order by s.position), '[]'::json)
      from variant_sizes s where s.variant_id = v.id)
  ) order by v.position), '[]'::json)
  from product_variants v where v.product_id = "products"."id")`;

/** Its reviews, newest first, with the reviewer's name; a removed reviewer is a 'Former customer'. Dates as toISOString writes them. */
const productReviews = sql<Review[]>`(
  select coalesce(json_agg(json_build_object(
    '_id', r.id,
    'user', case when r.user_id is null then json_build_object('fullname', 'Former customer')
                 else json_build_object('_id', r.user_id, 'fullname', coalesce(u.fullname, '')) end,
    'rating', r.rating, 'comment', r.comment,
    'createdAt', to_char(r.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
  ) order by r.created_at desc), '[]'::json)
  from reviews r left join users u on u.id = r.user_id
  where r.product_id = "products"."id")`;

const productColumns = { product: products, variants: productVariants };
const productWithReviews = { ...productColumns, reviews: productReviews };

/** A product as a list page answers it: everything but the reviews, which only the whole list and the details carry. */
export type ProductListItem = Omit<Product, 'reviews'> & { reviews?: Review[] };

function toProduct({
  product: row,
  variants: productVariants,
  reviews: productReviews,
}: {
  product: ProductRow;
  variants: Variant[];
  reviews?: Review[];
}): ProductListItem {
  return {
    _id: row.id,
    name: row.name,
    description: row.description,
    status: row.status,
    categories: row.categories,
    collections: row.collections,
    image: row.image,
    subImages: row.subImages,
    story: row.story,
    details: row.details,
    shippingInfo: row.shippingInfo,
    isTrending: row.isTrending,
    variants: productVariants,
    rating: row.rating,
    numReviews: row.numReviews,
    totalStock: row.totalStock,
    ...(productReviews && { reviews: productReviews }),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
