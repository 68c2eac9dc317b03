import { asc, eq, sql } from 'drizzle-orm';
import { orderTotals, ordersContract, shortOrderId, type Order, roundMoney } from '../../domain';
import { type OrderEditPreview, type OrderFigures } from '../../domain/returns';
import { EDITABLE_ORDER_STATES, type OrderEditInput } from '../../domain/after-sale';
import type { Db } from '../db/client';
import { newId } from '../db/ids';
import { orderEvents, orderItems, orders, returns, variantSizes } from '../db/schema';
import { HttpError } from '../errors';
import { oneOf } from '../list-query';
import { audit } from './audit';
import { couponEffect, lineRows, priceLines, shortageNamed, type PricedLine } from './order-placement';
import { author, getOrder, orderLabel, type OrderAuthor } from './orders';
import { skuStockMove } from './stock';

type OrderRow = typeof orders.$inferSelect;
type LineRow = typeof orderItems.$inferSelect;

/** The order and its lines as they are (locked, for an edit that writes). */
async function readOrder(tx: Db, id: string, lock: boolean) {
  const query = tx.select().from(orders).where(eq(orders.id, id));
  const [order] = await (lock ? query.for('update') : query);
  if (!order) return undefined;
  const lines = await tx.select().from(orderItems).where(eq(orderItems.orderId, id)).orderBy(asc(orderItems.position));
  return { order, lines };
}

const figures = (order: OrderRow, lines: readonly Pick<LineRow, 'qty' | 'price'>[]): OrderFigures => ({
  ...orderTotals(lines, order.discount, order.shippingPrice),
  totalPrice: order.totalPrice,
  taxPrice: order.taxPrice,
});

/** A line as the timeline names it: 'Beagle Tee Mustard L'. */
const lineName = (line: { name: string; color: string; size: string }) => `${line.name} ${line.color} ${line.size}`;

/** Each quantity that changed, as '+1 Beagle Tee Mustard L' and '-1 Beagle Tee Mustard M', in the lines' order. */
function changesOf(before: readonly LineRow[], after: readonly PricedLine[]): string[] {
  const units = new Map<string, number>();
  for (const line of before) units.set(lineName(line), (units.get(lineName(line)) ?? 0) - line.qty);
  for (const line of after) units.set(lineName(line), (units.get(lineName(line)) ?? 0) + line.qty);
  return [...units]
    .filter(([, change]) => change !== 0)
    .map(([name, change]) => `${change > 0 ? '+' : ''}${change} ${name}`);
}

/**
 * What an edit does to an order, without writing: the new lines priced from the catalogue, the order's
 * coupon applied to them again (a coupon the new lines do not meet takes nothing, and says why), the
 * order's shipping fee kept, and, for an order that holds units, each SKU's reservation change against
 * what it has free. An order that has shipped (or was cancelled) is a 409.
 */
async function planEdit(tx: Db, order: OrderRow, lines: LineRow[], input: OrderEditInput) {
  if (!(EDITABLE_ORDER_STATES as readonly string[]).includes(order.status))
    throw new HttpError(409, 'Shipped orders cannot be edited');
  // An order reopened after a return keeps the lines the return names, and what went back bounds its total.
  const [returned] = await tx.select({ id: returns.id }).from(returns).where(eq(returns.orderId, order.id)).limit(1);
  if (returned || order.refunded > 0)
    throw new HttpError(409, `Order #${shortOrderId(order.id)} has a return: it cannot be edited`);
  const priced = await priceLines(tx, input.orderItems);
  const applied = order.couponCode
    ? await couponEffect(tx, order.couponCode, priced, new Date(), order.userId, order.id)
    : undefined;
  const discount = applied && 'discount' in applied ? applied.discount : 0;
  const after = orderTotals(priced, discount, order.shippingPrice);
  const holds = order.status !== 'draft';
  const change = new Map<string, number>();
  for (const line of lines) if (line.sku) change.set(line.sku, (change.get(line.sku) ?? 0) - line.qty);
  for (const line of priced) change.set(line.sku, (change.get(line.sku) ?? 0) + line.qty);
  const moved = [...change].filter(([, units]) => units !== 0).sort(([a], [b]) => a.localeCompare(b));
  const free =
    moved.length === 0
      ? []
      : await tx
          .select({
            sku: variantSizes.sku,
            available: sql<number>`${variantSizes.countInStock} - ${variantSizes.reserved}`,
          })
          .from(variantSizes)
          .where(
            oneOf(
              variantSizes.sku,
              moved.map(([sku]) => sku),
            ),
          );
  const preview: OrderEditPreview = {
    // The lines as the order would keep them, without the row's own keys.
    orderItems: lineRows(order.id, priced).map(
      ({ orderId: _order, position: _at, productId: _product, ...line }) => line,
    ),
    before: figures(order, lines),
    after,
    coupon: order.couponCode
      ? { code: order.couponCode, discount, ...(applied && 'refused' in applied && { refused: applied.refused }) }
      : null,
    changes: changesOf(lines, priced),
    stock: moved.map(([sku, units]) => {
      const available = free.find((row) => row.sku === sku)?.available ?? 0;
      // A draft holds nothing yet: its placement asks for the units, so nothing is short now.
      return { sku, change: units, available, enough: !holds || units <= available };
    }),
  };
  if (order.advancePaid !== null && order.advancePaid > after.totalPrice)
    throw new HttpError(
      409,
      `The advance paid (${order.advancePaid}) is more than the edited total (${after.totalPrice}): refund it first`,
    );
  return { preview, priced, discount, holds, moved };
}

/** POST /api/order/order/{id}/edit/preview: what the edit would do; undefined when there is no such order. */
export async function previewOrderEdit(
  db: Db,
  id: string,
  input: OrderEditInput,
): Promise<OrderEditPreview | undefined> {
  const found = await readOrder(db, id, false);
  return found && (await planEdit(db, found.order, found.lines, input)).preview;
}

/**
 * PUT /api/order/order/{id}/items: the edit the preview showed, in one transaction: the order's figures,
 * its lines (each kept line keeps its `_id`: the first line of the same SKU), the reservations moved
 * through the ledger as `order_edited` (a SKU short of units is a 409 naming it, and nothing is written),
 * a timeline entry listing the changes and an audit row. An order changed since `updatedAt` is a 409.
 */
export async function editOrderItems(
  db: Db,
  id: string,
  input: OrderEditInput & { updatedAt: string },
  by: OrderAuthor,
): Promise<Order | undefined> {
  return db.transaction(async (tx) => {
    const found = await readOrder(tx, id, true);
    if (!found) return undefined;
    const { order, lines } = found;
    if (order.updatedAt.getTime() !== new Date(input.updatedAt).getTime())
      throw new HttpError(
        409,
        `Order #${shortOrderId(id)} changed since you loaded it (at ${order.updatedAt.toISOString()}): reload it and edit again`,
        { field: 'updatedAt' },
      );
    const { preview, priced, discount, holds, moved } = await planEdit(tx, order, lines, input);
    if (preview.changes.length === 0) return getOrder(tx, id);
    const now = new Date();
    const { after } = preview;
    // The order first (its statement takes the sales lock, as a status change does), then its lines and units.
    await tx
      .update(orders)
      .set({
        taxPrice: after.taxPrice,
        totalPrice: after.totalPrice,
        discount,
        couponCode: discount > 0 ? order.couponCode : null,
        remainingCOD: order.advancePaid === null ? null : roundMoney(after.totalPrice - order.advancePaid),
        updatedAt: now,
      })
      .where(eq(orders.id, id));
    const kept = [...lines];
    await tx.delete(orderItems).where(eq(orderItems.orderId, id));
    // A kept line keeps its id: the first old line of the same SKU.
    await tx.insert(orderItems).values(
      lineRows(
        id,
        priced,
        priced.map((line) => {
          const same = kept.findIndex((old) => old.sku === line.sku);
          return same < 0 ? undefined : kept.splice(same, 1)[0]!.id;
        }),
      ),
    );
    if (holds)
      for (const [sku, units] of moved)
        await shortageNamed(
          tx.execute(sql`select ${skuStockMove(sku, { hand: 0, held: units, reason: 'order_edited', order: id }, by)}`),
          () => `orderItems.${priced.findIndex((line) => line.sku === sku)}.qty`,
        );
    await tx
      .insert(orderEvents)
      .values({ id: newId(), orderId: id, type: 'edit', at: now, ...author(by), text: preview.changes.join(', ') });
    await audit(tx, by, [
      {
        action: 'update',
        resource: ordersContract.name,
        recordId: id,
        label: orderLabel(id),
        changes: {
          orderItems: [
            lines.map((line) => `${line.qty} × ${line.sku}`),
            priced.map((line) => `${line.qty} × ${line.sku}`),
          ],
          totalPrice: [order.totalPrice, after.totalPrice],
        },
      },
    ]);
    return getOrder(tx, id);
  });
}
