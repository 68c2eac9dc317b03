import { and, asc, eq, sql } from 'drizzle-orm';
import { ORDER_STATUS_LABELS, SIZES, formatRupeesExact, orderTotals, shortOrderId, roundMoney } from '../../domain';
import {
  RETURN_REASON_LABELS,
  RETURN_REASONS,
  RETURN_RESOLUTION_LABELS,
  RETURN_RESOLUTIONS,
  RETURN_STATUSES,
  returnsContract,
  type ReturnItem,
  type ReturnRate,
  type ReturnRecord,
  type ReturnStatus,
} from '../../domain/returns';
import {
  RETURNABLE_ORDER_STATES,
  returnAmount,
  type ReturnCreateInput,
  type ReturnReceiveInput,
} from '../../domain/after-sale';
import type { Db } from '../db/client';
import { newId } from '../db/ids';
import { coupons, orderEvents, orderItems, orders, products, refunds, returnItems, returns, users } from '../db/schema';
import { DAY_MS } from '../config';
import { HttpError } from '../errors';
import {
  cursorColumns,
  enumFilter,
  listInBatches,
  momentFilter,
  pageOf,
  textFilter,
  type ListQuery,
  type ListSpec,
} from '../list-query';
import { EXPORT_BATCH_ROWS, csvColumnsOf, type CsvExport } from './csv-export';
import { audit } from './audit';
import { lineRows, priceLines, reserve } from './order-placement';
import { author, moveOrder, orderLabel, type OrderAuthor } from './orders';
import { lockSales, skuStockMove } from './stock';
import { customerMatches } from './users';

const RETURNS = returnsContract.name;
const returnLabel = (id: string) => `Return #${shortOrderId(id)}`;

/** A return's line filter: returns with a line of one of the values (`reason`, `resolution`). */
const lineFilter = (
  column: typeof returnItems.reason | typeof returnItems.resolution,
  allowed: readonly [string, ...string[]],
) => {
  const { value, condition } = enumFilter(column, allowed);
  return {
    value,
    condition: (values: string[]) =>
      sql`exists (select 1 from ${returnItems} where ${returnItems.returnId} = ${returns.id} and ${condition(values)})`,
  };
};

export const returnListSpec: ListSpec<typeof returnsContract.list> = {
  list: 'returns',
  sortColumns: { createdAt: returns.createdAt, refundDue: returns.refundDue },
  filters: {
    status: enumFilter(returns.status, RETURN_STATUSES),
    reason: lineFilter(returnItems.reason, RETURN_REASONS),
    resolution: lineFilter(returnItems.resolution, RETURN_RESOLUTIONS),
    from: momentFilter(returns.createdAt, 'from'),
    to: momentFilter(returns.createdAt, 'to'),
    order: textFilter(returns.orderId, 40),
  },
  // The order's id (its short id: the last characters) or its customer's name or email.
  search: (pattern, text) =>
    sql`exists (select 1 from ${orders} o where o.id = ${returns.orderId} and (o.id like ${`%${text.toLowerCase()}`}
      or o.user_id = any(array(select ${users.id} from ${users} where ${customerMatches(pattern, text)}))))`,
  defaultSort: { field: 'createdAt', order: 'desc' },
  tieBreaker: returns.id,
};

const returnLines = sql<ReturnItem[]>`(
  select coalesce(json_agg(json_build_object(
    'line', ri.line_id, 'sku', ri.sku, 'name', ri.name, 'color', ri.color, 'size', ri.size, 'qty', ri.qty,
    'reason', ri.reason, 'resolution', ri.resolution, 'amount', ri.amount, 'disposition', ri.disposition,
    'exchangeTo', case when ri.exchange_sku is null then null
      else json_build_object('color', ri.exchange_color, 'size', ri.exchange_size, 'sku', ri.exchange_sku) end
  ) order by ri.position), '[]'::json)
  from return_items ri where ri.return_id = "returns"."id")`;

const returnColumns = {
  row: returns,
  order: { id: orders.id, status: orders.status, paymentMethod: orders.paymentMethod },
  customer: { id: users.id, fullname: users.fullname, email: users.email },
  items: returnLines,
  credit: { code: coupons.code, amount: coupons.discountValue },
  exchange: sql<{ _id: string; totalPrice: number } | null>`(
    select json_build_object('_id', x.id, 'totalPrice', x.total_price) from orders x where x.id = "returns"."exchange_order_id")`,
};

/** Returns with their order, customer, lines, store credit and replacement order; the cursor of `list` for a walk. */
function selectReturns(db: Db, list?: ListQuery) {
  const cursor = list ? cursorColumns(list) : { key: sql<string | null>`null`, id: sql<string>`null` };
  return db
    .select({ ...returnColumns, cursor })
    .from(returns)
    .innerJoin(orders, eq(orders.id, returns.orderId))
    .leftJoin(users, eq(users.id, orders.userId))
    .leftJoin(coupons, eq(coupons.id, returns.creditCouponId));
}

type ReturnRow = Awaited<ReturnType<ReturnType<typeof selectReturns>['execute']>>[number];

function toReturn({ row, order, customer, items, credit, exchange }: ReturnRow): ReturnRecord {
  return {
    _id: row.id,
    order: { _id: order.id, status: order.status, paymentMethod: order.paymentMethod },
    customer: customer && { _id: customer.id, fullname: customer.fullname, email: customer.email },
    status: row.status,
    items: items.map((item) => ({ ...item, amount: Number(item.amount) })),
    reasons: [...new Set(items.map((item) => item.reason))],
    resolutions: [...new Set(items.map((item) => item.resolution))],
    qty: items.reduce((sum, item) => sum + item.qty, 0),
    note: row.note,
    rejectReason: row.rejectReason,
    refundDue: row.refundDue,
    refunded: row.refunded,
    storeCredit: credit && { code: credit.code, amount: credit.amount },
    exchangeOrder: exchange && { _id: exchange._id, totalPrice: Number(exchange.totalPrice) },
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** GET /api/returns: a page of returns as the list parameters ask, and how many match. */
export async function listReturns(db: Db, list: ListQuery): Promise<{ returns: ReturnRecord[]; total: number }> {
  const [rows, total] = await Promise.all([
    pageOf(selectReturns(db), list),
    list.withTotal ? db.$count(returns, list.where) : undefined,
  ]);
  return { returns: rows.map(toReturn), total: total ?? rows.length };
}

/** The returns as the grid's parameters narrow and sort them, as CSV, a batch at a time. */
export function returnExport(db: Db, list: ListQuery): CsvExport<ReturnRecord> {
  const select = () => selectReturns(db, list);
  return {
    name: returnsContract.export!.file!,
    columns: csvColumnsOf(returnsContract.export!.columns!),
    total: () => db.$count(returns, list.where),
    batches: () => listInBatches(list, select, EXPORT_BATCH_ROWS, toReturn),
  };
}

export async function getReturn(db: Db, id: string): Promise<ReturnRecord | undefined> {
  const [row] = await selectReturns(db).where(eq(returns.id, id));
  return row && toReturn(row);
}

/** A timeline entry on the return's order, by whom, in the caller's transaction. */
const logOnOrder = (tx: Db, orderId: string, text: string, by: OrderAuthor) =>
  tx.insert(orderEvents).values({ id: newId(), orderId, type: 'return', ...author(by), text });

/** What a customer has paid on an order: all of it when paid; of a cash-on-delivery order not yet paid, the advance. */
export const paidOn = (order: typeof orders.$inferSelect) =>
  order.paymentStatus === 'paid' || order.paymentStatus === 'refunded'
    ? order.totalPrice
    : order.paymentMethod === 'cod'
      ? (order.advancePaid ?? 0)
      : 0;

/**
 * POST /api/order/order/{id}/returns: a return of a shipped or delivered order's units, in one transaction.
 * Each line at most what was shipped less what earlier returns (not rejected) took (a 400 naming it); its
 * amount is what the customer paid for those units (their price less their share of the coupon). An
 * exchange reserves the new size or colour of the same product at once, on a replacement order priced at
 * the difference (a SKU short of units is a 409 naming it, and nothing is written); what an exchange for
 * less leaves over is refunded with the refund lines.
 */
export async function createReturn(db: Db, orderId: string, input: ReturnCreateInput, by: OrderAuthor) {
  return db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (!order) return undefined;
    if (!(RETURNABLE_ORDER_STATES as readonly string[]).includes(order.status))
      throw new HttpError(
        409,
        `Only shipped or delivered orders can be returned: order #${shortOrderId(orderId)} is ${ORDER_STATUS_LABELS[order.status].toLowerCase()}`,
      );
    const lines = await tx.select().from(orderItems).where(eq(orderItems.orderId, orderId));
    const taken = await tx
      .select({ line: returnItems.lineId, qty: sql<number>`sum(${returnItems.qty})::int` })
      .from(returnItems)
      .innerJoin(returns, eq(returns.id, returnItems.returnId))
      .where(and(eq(returns.orderId, orderId), sql`${returns.status} <> 'rejected'`))
      .groupBy(returnItems.lineId);
    const left = new Map(lines.map((line) => [line.id, line.qty - (taken.find((t) => t.line === line.id)?.qty ?? 0)]));
    const itemsPrice = lines.reduce((sum, line) => sum + line.qty * line.price, 0);
    const items = input.items.map((item, index) => {
      const line = lines.find((candidate) => candidate.id === item.line);
      if (!line)
        throw new HttpError(400, `items.${index}.line: order #${shortOrderId(orderId)} has no line ${item.line}`);
      const free = left.get(line.id)!;
      if (item.qty > free)
        throw new HttpError(
          400,
          `items.${index}.qty: at most ${free} of ${line.name} ${line.color} ${line.size} can be returned (${line.qty} shipped)`,
        );
      left.set(line.id, free - item.qty);
      return { item, line, amount: returnAmount(line.price, item.qty, { discount: order.discount, itemsPrice }) };
    });
    const exchanges = items.filter(({ item }) => item.resolution === 'exchange');
    const wanted = await priceLines(
      tx,
      exchanges.map(({ item, line }) => {
        if (!line.productId)
          throw new HttpError(
            400,
            `items.${input.items.indexOf(item)}.exchangeTo: ${line.name} is no longer in the catalogue`,
          );
        return {
          product: line.productId,
          color: item.exchangeTo?.color ?? line.color,
          size: item.exchangeTo?.size ?? line.size,
          qty: item.qty,
        };
      }),
      (index) => `items.${input.items.indexOf(exchanges[index]!.item)}.exchangeTo`,
    );
    wanted.forEach((priced, index) => {
      const { line } = exchanges[index]!;
      if (priced.sku === line.sku)
        throw new HttpError(
          400,
          `items.${input.items.indexOf(exchanges[index]!.item)}.exchangeTo: that is the size and colour sent`,
        );
    });
    const now = new Date();
    const id = newId();
    const credit = roundMoney(exchanges.reduce((sum, { amount }) => sum + amount, 0));
    let leftOver = 0;
    let exchangeOrderId: string | null = null;
    if (exchanges.length > 0) {
      exchangeOrderId = newId();
      const wantedPrice = wanted.reduce((sum, line) => sum + line.qty * line.price, 0);
      const totals = orderTotals(wanted, Math.min(credit, wantedPrice), 0);
      leftOver = roundMoney(Math.max(0, credit - wantedPrice));
      await tx.insert(orders).values({
        id: exchangeOrderId,
        userId: order.userId,
        status: 'pending',
        paymentMethod: order.paymentMethod,
        paymentStatus: totals.totalPrice === 0 ? 'paid' : 'pending',
        shippingAddress: order.shippingAddress,
        billingAddress: order.billingAddress,
        shippingPrice: 0,
        taxPrice: totals.taxPrice,
        totalPrice: totals.totalPrice,
        advancePaid: order.paymentMethod === 'cod' ? 0 : null,
        remainingCOD: order.paymentMethod === 'cod' ? totals.totalPrice : null,
        discount: totals.discount,
        exchangeFor: orderId,
        createdAt: now,
        updatedAt: now,
      });
      await tx.insert(orderItems).values(lineRows(exchangeOrderId, wanted));
      await reserve(tx, exchangeOrderId, wanted, by, (index) =>
        index < 0 ? 'items' : `items.${input.items.indexOf(exchanges[index]!.item)}.exchangeTo`,
      );
    }
    const due = roundMoney(
      items.filter(({ item }) => item.resolution !== 'exchange').reduce((sum, { amount }) => sum + amount, 0) +
        leftOver,
    );
    await tx.insert(returns).values({
      id,
      orderId,
      status: 'requested',
      note: input.note ?? '',
      refundDue: due,
      exchangeOrderId,
      createdAt: now,
      updatedAt: now,
    });
    await tx.insert(returnItems).values(
      items.map(({ item, line, amount }, position) => {
        const exchanged = exchanges.findIndex((exchange) => exchange.item === item);
        const to = exchanged < 0 ? undefined : wanted[exchanged]!;
        return {
          returnId: id,
          position,
          lineId: line.id,
          sku: line.sku,
          name: line.name,
          color: line.color,
          size: line.size,
          qty: item.qty,
          reason: item.reason,
          resolution: item.resolution,
          amount,
          exchangeColor: to?.color ?? null,
          exchangeSize: to?.size ?? null,
          exchangeSku: to?.sku ?? null,
        };
      }),
    );
    const described = items.map(({ item, line }) => {
      const to =
        item.resolution === 'exchange' ? ` for ${wanted[exchanges.findIndex((e) => e.item === item)]!.size}` : '';
      return `${item.qty} × ${line.name} ${line.color} ${line.size} (${RETURN_REASON_LABELS[item.reason]}, ${RETURN_RESOLUTION_LABELS[item.resolution].toLowerCase()}${to})`;
    });
    await logOnOrder(tx, orderId, `Return requested: ${described.join(', ')}`, by);
    await audit(tx, by, [
      {
        action: 'create',
        resource: RETURNS,
        recordId: id,
        label: returnLabel(id),
        changes: { order: [null, orderLabel(orderId)], items: [null, described], refundDue: [null, due] },
      },
    ]);
    return (await getReturn(tx, id))!;
  });
}

/** The return locked for a step, with its order; a return in none of the `from` statuses is a 409. */
async function stepReturn(tx: Db, id: string, from: readonly ReturnStatus[], step: string) {
  const [found] = await tx.select().from(returns).where(eq(returns.id, id)).for('update');
  if (!found) return undefined;
  if (!from.includes(found.status))
    throw new HttpError(409, `${returnLabel(id)} is ${found.status}: it cannot be ${step}`);
  const [order] = await tx.select().from(orders).where(eq(orders.id, found.orderId)).for('update');
  return { found, order: order! };
}

/** The return's new status, its timeline entry on the order and its audit row. */
async function recordStep(
  tx: Db,
  row: typeof returns.$inferSelect,
  status: ReturnStatus,
  text: string,
  by: OrderAuthor,
  set: Partial<typeof returns.$inferInsert> = {},
) {
  await tx
    .update(returns)
    .set({ ...set, status, updatedAt: new Date() })
    .where(eq(returns.id, row.id));
  await logOnOrder(tx, row.orderId, text, by);
  await audit(tx, by, [
    {
      action: 'status',
      resource: RETURNS,
      recordId: row.id,
      label: returnLabel(row.id),
      changes: { status: [row.status, status] },
      note: text,
    },
  ]);
  return (await getReturn(tx, row.id))!;
}

/**
 * POST /api/returns/{id}/receive: the parcel arrived. Each line is restocked (its units back on hand
 * through the ledger as `return_restocked`) or written off as damaged (no stock moves); every line of the
 * return must be named.
 */
export async function receiveReturn(db: Db, id: string, input: ReturnReceiveInput, by: OrderAuthor) {
  return db.transaction(async (tx) => {
    const step = await stepReturn(tx, id, ['requested'], 'received');
    if (!step) return undefined;
    // The order, the sales lock, the product, then the SKU: the order every writer of them locks them in.
    await lockSales(tx);
    const lines = await tx
      .select()
      .from(returnItems)
      .where(eq(returnItems.returnId, id))
      .orderBy(asc(returnItems.position));
    input.items.forEach((given, index) => {
      if (!lines.some((line) => line.lineId === given.line))
        throw new HttpError(400, `items.${index}.line: ${returnLabel(id)} has no line ${given.line}`);
    });
    const missing = lines.find((line) => !input.items.some((given) => given.line === line.lineId));
    if (missing)
      throw new HttpError(
        400,
        `items: say whether ${missing.name} ${missing.color} ${missing.size} is restocked or damaged`,
      );
    const restocked = lines.filter(
      (line) => line.sku && input.items.find((given) => given.line === line.lineId)!.disposition === 'restock',
    );
    if (restocked.length > 0)
      await tx
        .select({ id: products.id })
        .from(products)
        .where(
          sql`${products.id} in (select v.product_id from variant_sizes s join product_variants v on v.id = s.variant_id
            where s.sku = any(${sql.param(restocked.map((line) => line.sku!))}::text[]))`,
        )
        .orderBy(asc(products.id))
        .for('update');
    for (const line of [...restocked].sort((a, b) => a.sku!.localeCompare(b.sku!)))
      await tx.execute(
        sql`select ${skuStockMove(line.sku!, { hand: line.qty, reason: 'return_restocked', order: step.found.orderId, note: returnLabel(id) }, by)}`,
      );
    for (const line of lines)
      await tx
        .update(returnItems)
        .set({ disposition: input.items.find((given) => given.line === line.lineId)!.disposition })
        .where(and(eq(returnItems.returnId, id), eq(returnItems.position, line.position)));
    const said = lines.map(
      (line) =>
        `${line.qty} × ${line.name} ${line.color} ${line.size} ${restocked.includes(line) ? 'restocked' : 'damaged'}`,
    );
    return recordStep(tx, step.found, 'received', `Return received: ${said.join(', ')}`, by);
  });
}

/**
 * POST /api/returns/{id}/refund: what the return is due goes back, once: the store-credit lines as a
 * single-use coupon for the customer, the rest as a refund. Never above what was paid on the order, less
 * what went back before (a 422 naming the amounts); the order's payment status becomes refunded when
 * everything paid has gone back.
 */
export async function refundReturn(db: Db, id: string, by: OrderAuthor) {
  return db.transaction(async (tx) => {
    const step = await stepReturn(tx, id, ['requested', 'received', 'closed'], 'refunded');
    if (!step) return undefined;
    const { found, order } = step;
    if (found.refunded > 0) throw new HttpError(409, `${returnLabel(id)} was refunded already`);
    if (found.refundDue <= 0) throw new HttpError(409, `${returnLabel(id)} has nothing to refund`);
    const paid = paidOn(order);
    const after = roundMoney(order.refunded + found.refundDue);
    if (after > paid)
      throw new HttpError(
        422,
        `Refunding ${formatRupeesExact(found.refundDue)} would take this order's refunds to ${formatRupeesExact(after)}, above the ${formatRupeesExact(paid)} paid`,
        { due: found.refundDue, refunded: order.refunded, paid },
      );
    const [credit] = await tx
      .select({ amount: sql<number>`coalesce(sum(${returnItems.amount}), 0)::float8` })
      .from(returnItems)
      .where(and(eq(returnItems.returnId, id), eq(returnItems.resolution, 'store_credit')));
    const creditAmount = roundMoney(credit?.amount ?? 0);
    const money = roundMoney(found.refundDue - creditAmount);
    const now = new Date();
    const said: string[] = [];
    let creditCouponId: string | null = null;
    if (creditAmount > 0) {
      if (!order.userId)
        throw new HttpError(409, `${returnLabel(id)}: the order's customer is gone, so no store credit can be issued`);
      creditCouponId = newId();
      const code = `CREDIT-${creditCouponId.slice(-8).toUpperCase()}`;
      await tx.insert(coupons).values({
        id: creditCouponId,
        code,
        discountType: 'flat',
        discountValue: creditAmount,
        customerId: order.userId,
        singleUse: true,
      });
      said.push(`store credit ${code} for ${formatRupeesExact(creditAmount)}`);
    }
    const kinds = [
      { kind: 'refund' as const, amount: money },
      { kind: 'store_credit' as const, amount: creditAmount },
    ].filter((part) => part.amount > 0);
    await tx
      .insert(refunds)
      .values(kinds.map((part) => ({ id: newId(), orderId: order.id, returnId: id, ...part, at: now, ...author(by) })));
    if (money > 0) said.unshift(`refunded ${formatRupeesExact(money)}`);
    await tx
      .update(orders)
      .set({
        refunded: after,
        ...(after >= paid && paid > 0 && { paymentStatus: 'refunded' as const }),
        updatedAt: now,
      })
      .where(eq(orders.id, order.id));
    const text = `Return ${said.join(' and ')}`;
    await logOnOrder(tx, order.id, text, by);
    await tx
      .update(returns)
      .set({ refunded: found.refundDue, creditCouponId, updatedAt: now })
      .where(eq(returns.id, id));
    await audit(tx, by, [
      {
        action: 'update',
        resource: RETURNS,
        recordId: id,
        label: returnLabel(id),
        changes: { refunded: [0, found.refundDue] },
        note: text,
      },
    ]);
    return (await getReturn(tx, id))!;
  });
}

/** POST /api/returns/{id}/close: the return is done. */
export async function closeReturn(db: Db, id: string, by: OrderAuthor) {
  return db.transaction(async (tx) => {
    const step = await stepReturn(tx, id, ['received'], 'closed');
    return step && recordStep(tx, step.found, 'closed', 'Return closed', by);
  });
}

/** POST /api/returns/{id}/reject: refused, with why; an exchange's replacement order is cancelled (its units freed). */
export async function rejectReturn(db: Db, id: string, reason: string, by: OrderAuthor) {
  return db.transaction(async (tx) => {
    const step = await stepReturn(tx, id, ['requested'], 'rejected');
    if (!step) return undefined;
    if (step.found.exchangeOrderId) await moveOrder(tx, step.found.exchangeOrderId, 'cancelled', by, 'status');
    return recordStep(tx, step.found, 'rejected', `Return rejected: ${reason}`, by, { rejectReason: reason });
  });
}

/** The window of a product's return rates. */
const RATE_DAYS = 90;

/**
 * A product's return rate by size over the last 90 days (from a moment the server gives, not the
 * database's clock: the read cache keeps the answer, a day at most, until one of its tables changes): of the units shipped on orders placed since,
 * how many came back (returns not rejected), sizes in the store's order.
 */
export async function returnRates(db: Db, productId: string): Promise<ReturnRate[]> {
  const result = await db.execute(sql`
    select i.size, sum(i.qty)::int as sold, coalesce(sum(back.qty), 0)::int as returned
    from ${orderItems} i join ${orders} o on o.id = i.order_id
    left join (
      select ri.line_id, sum(ri.qty) as qty from ${returnItems} ri join ${returns} r on r.id = ri.return_id
      where r.status <> 'rejected' group by ri.line_id
    ) back on back.line_id = i.id
    where i.product_id = ${productId} and o.status in ('shipped', 'delivered') and o.created_at > ${new Date(Date.now() - RATE_DAYS * DAY_MS)}
    group by i.size`);
  const rows = (result as unknown as { rows: { size: string; sold: number; returned: number }[] }).rows;
  const rank = (size: string) => (SIZES as readonly string[]).indexOf(size) + 1 || 99;
  return rows
    .sort((a, b) => rank(a.size) - rank(b.size) || a.size.localeCompare(b.size))
    .map((row) => ({ ...row, rate: Math.round((row.returned / row.sold) * 1000) / 1000 }));
}
