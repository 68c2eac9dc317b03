import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_STATUSES, countsAsSale, type Order, type OrderStatus } from '../../src/domain';
import { startApp, type TestApp } from './helpers';

/**
 * Order status changes are atomic: many admins changing the same orders at once leave each order with
 * one of the statuses they chose, every change answered, and the sales figures and list totals (kept
 * by the database beside the orders) exactly what the orders themselves add up to.
 */

let t: TestApp;
beforeAll(async () => {
  t = await startApp();
});
afterAll(() => t.close());

const get = (url: string) => t.call('GET', url, { token: t.adminToken });
const allOrders = async () => (await get('/api/order/all-orders')).json().orders as Order[];
const monthName = (date: Date) =>
  `${date.toLocaleString('en-US', { month: 'short', timeZone: 'UTC' })} ${date.getUTCFullYear()}`;

/** What monthly-sales must answer, recomputed from the whole order list, less each sale's refunds in their months. */
async function expectedMonths(orders: Order[]) {
  const months = new Map<string, { sales: number; orders: number; customers: Set<string> }>();
  for (const order of orders.filter((o) => countsAsSale(o.status))) {
    const name = monthName(new Date(order.createdAt));
    const month = months.get(name) ?? { sales: 0, orders: 0, customers: new Set<string>() };
    month.sales += order.totalPrice;
    month.orders += 1;
    if (order.user?._id) month.customers.add(order.user._id);
    months.set(name, month);
  }
  const refunds = await t.app.database.db.execute(
    sql`select r.at, r.amount::float8 as amount, o.status from refunds r join orders o on o.id = r.order_id`,
  );
  for (const refund of (refunds as unknown as { rows: { at: string; amount: number; status: OrderStatus }[] }).rows) {
    if (!countsAsSale(refund.status)) continue;
    const name = monthName(new Date(refund.at));
    const month = months.get(name) ?? { sales: 0, orders: 0, customers: new Set<string>() };
    month.sales -= refund.amount;
    months.set(name, month);
  }
  return months;
}

/** The dashboard's monthly figures and each status filter's total agree with the orders as they now are. */
async function expectFiguresConsistent() {
  const orders = await allOrders();
  const expected = await expectedMonths(orders);
  const { data } = (await get('/api/order/monthly-sales')).json() as {
    data: { name: string; sales: number; orders: number; customers: number }[];
  };
  for (const month of data) {
    const want = expected.get(month.name);
    expect(month.orders, month.name).toBe(want?.orders ?? 0);
    expect(month.sales, month.name).toBeCloseTo(want?.sales ?? 0, 2);
    expect(month.customers, month.name).toBe(want?.customers.size ?? 0);
  }
  for (const status of ORDER_STATUSES) {
    const page = await get(`/api/order/all-orders?status=${status}&_start=0&_end=1`);
    expect(page.json().total, status).toBe(orders.filter((o) => o.status === status).length);
  }
}

describe('concurrent order status changes', () => {
  it('leave every order with one of the chosen statuses and the sales figures consistent', async () => {
    await expectFiguresConsistent();
    const thisMonth = monthName(new Date());
    const orders = await allOrders();
    // Orders of this month and of earlier months, some counting as sales now and some not.
    const targets = [
      ...orders.filter((o) => monthName(new Date(o.createdAt)) === thisMonth).slice(0, 3),
      ...orders.filter((o) => monthName(new Date(o.createdAt)) !== thisMonth).slice(0, 3),
    ];
    expect(targets.length).toBeGreaterThanOrEqual(4);

    // Each target gets every status, cancelled included, from "different admins" at the same moment.
    const changes = targets.flatMap((order, i) =>
      ORDER_STATUSES.map((_, k) => ({
        id: order._id,
        status: ORDER_STATUSES[(i + k) % ORDER_STATUSES.length]! as OrderStatus,
      })),
    );
    const answers = await Promise.all(
      changes.map((change) =>
        t.call('PUT', `/api/order/update-status/${change.id}`, {
          token: t.adminToken,
          body: { status: change.status },
        }),
      ),
    );
    for (const [i, answer] of answers.entries()) {
      expect(answer.statusCode).toBe(200);
      expect(answer.json().order).toMatchObject({ _id: changes[i]!.id, status: changes[i]!.status });
    }

    const after = new Map((await allOrders()).map((o) => [o._id, o]));
    for (const order of targets) {
      const now = after.get(order._id)!;
      expect(ORDER_STATUSES).toContain(now.status);
      // Everything but the status is as it was: no change wrote over another order field.
      expect({ ...now, status: order.status, updatedAt: order.updatedAt }).toEqual(order);
    }
    await expectFiguresConsistent();
  });

  it('end with the status of the change answered last when they come one after another', async () => {
    const [order] = await allOrders();
    for (const status of ['cancelled', 'delivered', 'cancelled', 'processing'] as const) {
      expect(
        (await t.call('PUT', `/api/order/update-status/${order!._id}`, { token: t.adminToken, body: { status } }))
          .statusCode,
      ).toBe(200);
    }
    expect((await get(`/api/order/order/${order!._id}`)).json().order.status).toBe('processing');
    await expectFiguresConsistent();
  });
});
