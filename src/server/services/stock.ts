import { eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import {
  DEFAULT_LOW_STOCK_AT,
  STOCK_REASON_LABELS,
  STOCK_REASONS,
  skuName,
  stockContract,
  stockMovementsContract,
  type StockAdjustInput,
  type StockMovement,
  type StockReason,
  type ProductStatus,
  type StockSku,
} from '../../domain';
import type { Db } from '../db/client';
import { products, stockMovements, variants, variantSizes } from '../db/schema';
import { HttpError } from '../errors';
import {
  booleanFilter,
  cursorColumns,
  enumFilter,
  listInBatches,
  momentFilter,
  oneOf,
  pageOf,
  textFilter,
  type ListQuery,
  type ListSpec,
} from '../list-query';
import { audit, type AuditWho } from './audit';
import { EXPORT_BATCH_ROWS, csvColumnsOf, type CsvExport } from './csv-export';

/** The store's low-stock line for a SKU without its own (LOW_STOCK_AT), set once by the app. */
let storeLowStockAt = DEFAULT_LOW_STOCK_AT;
export const useLowStockAt = (units: number) => {
  storeLowStockAt = units;
};
export const lowStockAt = () => storeLowStockAt;

/** Who moved the units, as the ledger names them: a person, or the system. */
export const stockActor = ({ actor }: AuditWho) => ({ id: actor?._id ?? null, name: actor?.fullname ?? 'System' });

/**
 * An order's units moved from what status `was` holds to what `now` holds (migration 0015,
 * stock_move_order), as a SQL expression for the statement that moves the order: `was` null is a new
 * order. A SKU without the units raises the shortage stockShortage reads.
 */
export function orderStockMove(order: SQL | string, was: SQL | string | null, now: string, who: AuditWho): SQL {
  const { id, name } = stockActor(who);
  return sql`stock_move_order(${order}, ${was}, ${now}, ${id}, ${name}, ${storeLowStockAt}::int)`;
}

/** One SKU's units moved (stock_move), as a SQL expression. */
export function skuStockMove(
  sku: string,
  move: { hand: number; held?: number; reason: string; order?: string | null; note?: string | null },
  who: AuditWho,
): SQL {
  const { id, name } = stockActor(who);
  return sql`stock_move(${sku}, ${move.hand}::int, ${move.held ?? 0}::int, ${move.reason}, ${move.order ?? null},
    ${move.note ?? null}, ${id}, ${name}, ${storeLowStockAt}::int)`;
}

/**
 * Many SKUs' units on hand moved at once (stock_move_many, migration 0022), as one statement: a bulk
 * writer's (an import), which holds the sales lock. A SKU short of units raises stock_move's shortage.
 */
export function skuStockMoves(
  moves: readonly { sku: string; hand: number }[],
  reason: StockReason,
  note: string,
  who: AuditWho,
): SQL {
  const { id, name } = stockActor(who);
  return sql`select stock_move_many(${sql.param(moves.map((move) => move.sku))}::text[],
    ${sql.param(moves.map((move) => move.hand))}::int[], ${reason}, ${note}, ${id}, ${name}, ${storeLowStockAt}::int)`;
}

/** A change the units open orders hold forbid (on hand below them, or the SKU gone): a 409 naming the SKU. */
export const heldStock = (sku: string, reserved: number, what: 'removed' | 'lowered') =>
  new HttpError(
    409,
    `${sku}: ${reserved} ${reserved === 1 ? 'unit is' : 'units are'} reserved by open orders, so ${what === 'removed' ? 'it cannot be removed' : 'on hand cannot go below that'}`,
    { sku },
  );

/** A SKU without the units a move needed (SQLSTATE ST409 from stock_move): the message, the SKU and what it has left. */
export function stockShortage(error: unknown): { message: string; sku: string; available: number } | undefined {
  for (let e = error; e instanceof Error; e = e.cause) {
    const { code, detail, hint } = e as { code?: unknown; detail?: unknown; hint?: unknown };
    if (code === 'ST409') return { message: e.message, sku: String(detail ?? ''), available: Number(hint ?? 0) };
  }
  return undefined;
}

// ------------------------------------------------------------------ the Stock screen's list

const available = sql<number>`(${variantSizes.countInStock} - ${variantSizes.reserved})`;
const threshold = () => sql<number>`coalesce(${variantSizes.lowStockAt}, ${storeLowStockAt}::int)`;
/** Units shipped in the last 30 days: the ledger's shipments (and their reversals) of the SKU. */
const soldLast30Days = sql<number>`coalesce((
  select -sum(m.delta) from stock_movements m
  where m.sku = ${variantSizes.sku} and m.field = 'onHand' and m.reason in ('order_shipped', 'order_reopened')
    and m.at > now() - interval '30 days'), 0)::int`;
/** Days the available units last at that pace (null: nothing sold). */
const daysOfCover = sql<number | null>`case when ${soldLast30Days} > 0
  then round(${available} * 30.0 / ${soldLast30Days}, 1)::float8 end`;

export const stockListSpec: ListSpec<typeof stockContract.list> = {
  list: 'stock',
  sortColumns: {
    sku: variantSizes.sku,
    available,
    countInStock: variantSizes.countInStock,
    reserved: variantSizes.reserved,
    daysOfCover,
  },
  filters: {
    low: booleanFilter(() => sql`${available} <= ${threshold()}`),
    out: booleanFilter(() => sql`${available} <= 0`),
    product: textFilter(variants.productId, 40),
    onSale: booleanFilter(() => sql`${products.status} = 'active'`),
    sku: textFilter(variantSizes.sku, 64),
  },
  search: (pattern) => or(ilike(variantSizes.sku, pattern), ilike(products.name, pattern)),
  defaultSort: { field: 'sku', order: 'asc' },
  tieBreaker: variantSizes.sku,
};

type SkuRow = {
  sku: string;
  productId: string;
  productName: string;
  status: ProductStatus;
  color: string;
  size: string;
  price: number;
  mrp: number;
  updatedAt: Date;
};
type SkuFigures = { countInStock: number; reserved: number; lowStockAt: number; sold: number };

function toStockSku(row: SkuRow & SkuFigures): StockSku {
  const free = row.countInStock - row.reserved;
  return {
    _id: row.sku,
    sku: row.sku,
    product: { _id: row.productId, name: row.productName },
    color: row.color,
    size: row.size,
    price: row.price,
    mrp: row.mrp,
    status: row.status,
    countInStock: row.countInStock,
    reserved: row.reserved,
    available: free,
    lowStockAt: row.lowStockAt,
    soldLast30Days: row.sold,
    daysOfCover: row.sold > 0 ? Math.round((free * 300) / row.sold) / 10 : null,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** What names and prices a SKU, as each query over the catalogue's three tables selects it. */
export const skuColumns = {
  sku: variantSizes.sku,
  productId: products.id,
  color: variants.color,
  size: variantSizes.size,
  price: variantSizes.price,
  mrp: variantSizes.mrp,
};
/** A SKU's stock as set on it, and its version (a threshold left blank is null here). */
export const skuStockColumns = {
  countInStock: variantSizes.countInStock,
  reserved: variantSizes.reserved,
  lowStockAt: variantSizes.lowStockAt,
  updatedAt: variantSizes.updatedAt,
};

/** The SKUs with their products, each with its line (the store's as set now) and its units sold (and `also`). */
const skuRows = <E extends Record<string, SQL | Record<string, SQL>>>(db: Db, also: E = {} as E) =>
  db
    .select({
      ...also,
      ...skuColumns,
      ...skuStockColumns,
      productName: products.name,
      status: products.status,
      lowStockAt: threshold(),
      sold: soldLast30Days,
    })
    .from(variantSizes)
    .innerJoin(variants, eq(variants.id, variantSizes.variantId))
    .innerJoin(products, eq(products.id, variants.productId));

/** How many SKUs the list's parameters select. Every SKU is some product's: unfiltered, one table is counted. */
export async function countStock(db: Db, list: ListQuery): Promise<number> {
  const count = { total: sql<number>`count(*)::int` };
  const [row] = await (list.where
    ? db
        .select(count)
        .from(variantSizes)
        .innerJoin(variants, eq(variants.id, variantSizes.variantId))
        .innerJoin(products, eq(products.id, variants.productId))
        .where(list.where)
    : db.select(count).from(variantSizes));
  return row?.total ?? 0;
}

/** A page of SKUs as the list's parameters narrow and sort them (all of them without a page), and how many there are in all. */
export async function listStock(db: Db, list: ListQuery): Promise<{ skus: StockSku[]; total: number }> {
  const [rows, total] = await Promise.all([pageOf(skuRows(db), list), countStock(db, list)]);
  return { skus: rows.map(toStockSku), total };
}

/** One SKU as the Stock screen shows it; undefined when the catalogue has no such SKU. */
export async function getStockSku(db: Db, sku: string): Promise<StockSku | undefined> {
  const [row] = await skuRows(db).where(eq(variantSizes.sku, sku));
  return row && toStockSku(row);
}

// ------------------------------------------------------------------ the ledger

export const movementListSpec: ListSpec<typeof stockMovementsContract.list> = {
  list: 'stockMovements',
  sortColumns: { at: stockMovements.at },
  filters: {
    sku: textFilter(stockMovements.sku, 64),
    product: textFilter(stockMovements.productId, 40),
    reason: enumFilter(stockMovements.reason, STOCK_REASONS),
    order: textFilter(stockMovements.orderId, 40),
    from: momentFilter(stockMovements.at, 'from'),
    to: momentFilter(stockMovements.at, 'to'),
  },
  defaultSort: { field: 'at', order: 'desc' },
  tieBreaker: stockMovements.id,
};

export function toStockMovement(row: typeof stockMovements.$inferSelect): StockMovement {
  return {
    _id: row.id,
    at: row.at.toISOString(),
    sku: row.sku,
    product: row.productId,
    color: row.color,
    size: row.size,
    field: row.field,
    delta: row.delta,
    reason: row.reason,
    order: row.orderId,
    note: row.note,
    actor: { _id: row.actorId, fullname: row.actorName },
    onHandAfter: row.onHandAfter,
    reservedAfter: row.reservedAfter,
  };
}

// ------------------------------------------------------------------ adjustments

/**
 * Takes the store's sales lock: the transaction-scoped advisory lock that every statement writing the
 * orders or the catalogue (products, variants, SKUs) takes first, by trigger (migrations 0008 and 0017).
 * A transaction that locks a product or a SKU to read it before it writes takes it here, before that
 * row: a status change holds it while it ships units and locks their products, and the tables' version
 * rows (read-cache.ts) are locked in whatever order each writer's statements come, so two writers of
 * the catalogue and the orders must never run side by side (on a PostgreSQL server: a deadlock, a 500).
 */
export const lockSales = (tx: Db) => tx.execute(sql`select pg_advisory_xact_lock(1935764581)`);

/**
 * Changes a SKU's units on hand by `delta`, or to the `counted` units, with its ledger row, in one
 * transaction; the row stays locked from reading the count to the write. Below what open orders hold
 * reserved is a 409; an unknown SKU undefined.
 */
export async function adjustStock(db: Db, input: StockAdjustInput, who: AuditWho): Promise<StockSku | undefined> {
  return db.transaction(async (tx) => {
    // The sales lock, the product, then the SKU: the order every writer of them locks them in.
    await lockSales(tx);
    await tx
      .select({ id: products.id })
      .from(products)
      .where(
        sql`${products.id} = (select v.product_id from variant_sizes s join product_variants v on v.id = s.variant_id where s.sku = ${input.sku})`,
      )
      .for('update');
    const [row] = await tx
      .select({ countInStock: variantSizes.countInStock, reserved: variantSizes.reserved })
      .from(variantSizes)
      .where(eq(variantSizes.sku, input.sku))
      .for('update');
    if (!row) return undefined;
    const delta = input.counted !== undefined ? input.counted - row.countInStock : input.delta!;
    if (row.countInStock + delta < row.reserved) throw heldStock(input.sku, row.reserved, 'lowered');
    if (delta !== 0)
      await tx.execute(
        sql`select ${skuStockMove(input.sku, { hand: delta, reason: input.reason, note: input.note }, who)}`,
      );
    const after = (await getStockSku(tx, input.sku))!;
    if (delta !== 0)
      await audit(tx, who, [
        {
          action: 'update',
          resource: stockContract.name,
          recordId: input.sku,
          label: skuName(after.product.name, after.color, after.size),
          changes: { countInStock: [row.countInStock, after.countInStock] },
          note: [STOCK_REASON_LABELS[input.reason], input.note].filter(Boolean).join(': '),
        },
      ]);
    return after;
  });
}

/** Whether a SKU exists in the catalogue, and which product has it (for a duplicate's message). */
export async function skuOwners(db: Db, skus: readonly string[]): Promise<Map<string, { id: string; name: string }>> {
  if (skus.length === 0) return new Map();
  const rows = await db
    .select({ sku: variantSizes.sku, id: products.id, name: products.name })
    .from(variantSizes)
    .innerJoin(variants, eq(variants.id, variantSizes.variantId))
    .innerJoin(products, eq(products.id, variants.productId))
    .where(oneOf(variantSizes.sku, [...skus]));
  return new Map(rows.map(({ sku, ...owner }) => [sku, owner]));
}

/** The Stock grid's SKUs as its parameters narrow and sort them, as CSV, a batch at a time (listInBatches). */
export function stockExport(db: Db, list: ListQuery): CsvExport<StockSku> {
  const select = () => skuRows(db, { cursor: cursorColumns(list) });
  return {
    name: stockContract.export!.file!,
    columns: csvColumnsOf<StockSku>(stockContract.export!.columns!),
    total: () => countStock(db, list),
    batches: () => listInBatches(list, select, EXPORT_BATCH_ROWS, toStockSku),
  };
}
