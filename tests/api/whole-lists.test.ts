import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order, Product } from '../../src/domain';
import { HEAVY_REQUEST_REFUSAL } from '../../src/server/heavy-requests';
import { WHOLE_LIST_BATCH_ROWS } from '../../src/server/routes/list-reply';
import { staffMember, startApp, type TestApp } from './helpers';

/**
 * The contract's whole lists (no page) stream in keyset batches: the same JSON a single
 * JSON.stringify wrote, in bounded memory, and as heavy requests limited per account.
 */

let t: TestApp;
beforeAll(async () => {
  t = await startApp();
});
afterAll(() => t.close());

const get = (url: string, token = t.adminToken) => t.call('GET', url, { token });

/** The body as JSON.stringify writes it: no space, no stray comma, one document. */
function expectCompactJson(body: string): unknown {
  const parsed = JSON.parse(body);
  expect(body).toBe(JSON.stringify(parsed));
  return parsed;
}

describe('whole lists', () => {
  it('answer every order with its lines, as the details give them, in the list order', async () => {
    const response = await get('/api/order/all-orders');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.headers['x-total-count']).toBeUndefined();
    const whole = expectCompactJson(response.body) as { success: boolean; orders: Order[] };
    expect(Object.keys(whole)).toEqual(['success', 'orders']);
    const [row] = await t.app.database.query<{ count: number }>('select count(*)::int as count from orders');
    expect(whole.orders).toHaveLength(row!.count);
    expect(row!.count).toBeGreaterThan(WHOLE_LIST_BATCH_ROWS); // more than one batch
    const dates = whole.orders.map((order) => order.createdAt);
    expect(dates).toEqual([...dates].sort().reverse());
    for (const order of [whole.orders[0]!, whole.orders[317]!, whole.orders.at(-1)!]) {
      const { order: details } = (await get(`/api/order/order/${order._id}`)).json<{
        order: Order & { history: unknown };
      }>();
      const { history: _history, ...withoutHistory } = details;
      expect(order).toEqual(withoutHistory);
    }
  });

  it('answer a narrowed whole list with its total after the records, as a page does', async () => {
    const response = await get('/api/order/all-orders?status=delivered&_sort=totalPrice&_order=asc');
    const whole = expectCompactJson(response.body) as { success: boolean; orders: Order[]; total: number };
    expect(Object.keys(whole)).toEqual(['success', 'orders', 'total']);
    expect(whole.total).toBe(whole.orders.length);
    expect(response.headers['x-total-count']).toBe(String(whole.total));
    expect(new Set(whole.orders.map((order) => order.status))).toEqual(new Set(['delivered']));
    const prices = whole.orders.map((order) => order.totalPrice);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
  });

  it('answer the catalogue with reviews and its count cards after the products', async () => {
    const whole = expectCompactJson((await get('/api/product/get-all-products')).body) as {
      products: Product[];
      counts: { total: number };
    };
    expect(Object.keys(whole)).toEqual(['success', 'message', 'products', 'counts']);
    expect(whole.products).toHaveLength(whole.counts.total);
    const reviewed = whole.products.find((product) => (product.reviews?.length ?? 0) > 0)!;
    expect(reviewed).toEqual(
      (await get(`/api/product/get-product-details/${reviewed._id}`)).json<{ product: Product }>().product,
    );
  });

  it.each([
    ['/api/auth/users', 'users'],
    ['/api/coupon/allcoupons', 'coupons'],
    ['/api/blog/get-blogs', 'blogs'],
  ])('answer %s whole, as its first page shows the same records', async (url, key) => {
    const whole = expectCompactJson((await get(url)).body) as Record<string, { _id: string }[]>;
    expect(Object.keys(whole)).toEqual(['success', key]);
    const page = (await get(`${url}?_start=0&_end=5`)).json<Record<string, { _id: string }[]>>();
    expect(whole[key]!.slice(0, 5)).toEqual(page[key]);
  });

  it.each(['/api/staff', '/api/banners'])('answer %s as the plain array of the regular REST shape', async (url) => {
    const whole = expectCompactJson((await get(url)).body) as { _id: string }[];
    expect(Array.isArray(whole)).toBe(true);
    expect(whole.length).toBeGreaterThan(0);
    expect(whole.slice(0, 2)).toEqual((await get(`${url}?_start=0&_end=2`)).json());
  });
});

describe('heavy requests', () => {
  it('are two at a time per account: a third gets 429 with Retry-After, another account and a page still answer', async () => {
    const member = await staffMember(t, 'support');
    // Its session read now (the embedded store keeps it): while the table is held, nothing but the lists waits for it.
    expect((await get('/api/auth/me', member.token)).statusCode).toBe(200);
    // The orders table held, so the first two stay running (admitted, waiting for their first batch).
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const lockTaken = new Promise<void>((resolve) => (locked = resolve));
    const holder = t.app.database.db.transaction(async (tx) => {
      await tx.execute(sql`lock table orders in access exclusive mode`);
      locked();
      await held;
    });
    await lockTaken;
    const running = [get('/api/order/all-orders', member.token), get('/api/order/all-orders?format=csv', member.token)];
    // Until both are admitted, a third could still pass: wait for the gate to hold two.
    await expect.poll(() => t.app.heavyRequests.runningFor(member.id)).toBe(2);
    const third = await get('/api/auth/users', member.token);
    expect(third.statusCode).toBe(429);
    expect(third.json()).toEqual({ message: HEAVY_REQUEST_REFUSAL });
    expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
    // Another account's heavy request and this account's pages are not limited by it.
    const others = [get('/api/coupon/allcoupons'), get('/api/order/all-orders?_start=0&_end=5', member.token)];
    release();
    await holder;
    expect((await Promise.all([...running, ...others])).map((response) => response.statusCode)).toEqual([
      200, 200, 200, 200,
    ]);
    // A HEAD reads nothing and takes no place at the gate.
    const head = await t.call('HEAD', '/api/order/all-orders', { token: member.token });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
    // Finished ones leave the gate: the account may run two again.
    expect(t.app.heavyRequests.runningFor(member.id)).toBe(0);
    expect((await get('/api/auth/users', member.token)).statusCode).toBe(200);
  });
});
