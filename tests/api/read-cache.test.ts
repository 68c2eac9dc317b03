import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Coupon, Order, Product } from '../../src/domain';
import { startApp, staffMember, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await startApp();
});
afterAll(() => t.close());

const get = async <T>(url: string, token = t.adminToken): Promise<T> => {
  const response = await t.call('GET', url, { token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<T>();
};
const sql = (text: string, params?: unknown[]) => t.app.database.query(text, params);
/** A write the version triggers do not see: what a cached answer would still show. */
const unseen = async (table: string, text: string, params?: unknown[]) => {
  await sql(`alter table ${table} disable trigger ${table}_data_version`);
  try {
    await sql(text, params);
  } finally {
    await sql(`alter table ${table} enable trigger ${table}_data_version`);
  }
};

const COUPONS = '/api/coupon/allcoupons?_start=0&_end=50&_sort=code&_order=asc';
const ORDERS = '/api/order/all-orders?_start=0&_end=20';

describe('the read cache', () => {
  it('answers a repeated read from memory while its tables are unchanged', async () => {
    const before = await get<{ coupons: Coupon[] }>(COUPONS);
    const first = before.coupons[0]!;
    await unseen('coupons', `update coupons set code = 'UNSEEN1' where id = $1`, [first._id]);
    const again = await t.call('GET', COUPONS, { token: t.adminToken });
    // The same answer, headers included: the write went round the triggers, so the kept answer stands.
    expect(again.json()).toEqual(before);
    expect(again.headers['x-total-count']).toBe(String(before.coupons.length));
    expect(again.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(again.headers['cache-control']).toBe('no-store');
    // Another address (other parameters) is read afresh.
    expect((await get<{ coupons: Coupon[] }>(`${COUPONS}&q=UNSEEN`)).coupons.map((c) => c.code)).toEqual(['UNSEEN1']);
  });

  it('reads afresh after any write to a table the answer comes from, through the API or in SQL', async () => {
    const page = await get<{ orders: Order[] }>(ORDERS);
    const order = page.orders.find((o) => o.status !== 'cancelled')!;
    expect((await t.call('PUT', `/api/order/update-status/${order._id}`, { token: t.adminToken, body: { status: 'cancelled' } })).statusCode).toBe(200);
    expect((await get<{ orders: Order[] }>(ORDERS)).orders.find((o) => o._id === order._id)!.status).toBe('cancelled');

    // The page shows each order's customer: a customer's new name shows, though no order changed.
    const customer = page.orders.find((o) => o.user)!.user!;
    await sql(`update users set fullname = 'Renamed Customer' where id = $1`, [customer._id]);
    const renamed = (await get<{ orders: Order[] }>(ORDERS)).orders.filter((o) => o.user?._id === customer._id);
    expect(renamed.map((o) => o.user!.fullname)).toEqual(renamed.map(() => 'Renamed Customer'));

    // A product's details carry its reviews: a review removed in SQL is gone from the next answer.
    const { products } = await get<{ products: Product[] }>('/api/product/get-all-products');
    const reviewed = products.find((p) => (p.reviews?.length ?? 0) > 0)!;
    const details = `/api/product/get-product-details/${reviewed._id}`;
    const count = (await get<{ product: Product }>(details)).product.reviews!.length;
    await sql(`delete from reviews where id = $1`, [reviewed.reviews![0]!._id]);
    expect((await get<{ product: Product }>(details)).product.reviews).toHaveLength(count - 1);
  });

  it('moves the dashboard with the orders it sums', async () => {
    const before = await get('/api/order/dashboard-summary');
    const { orders } = await get<{ orders: Order[] }>(`${ORDERS}&status=delivered`);
    await sql(`update orders set created_at = now(), total_price = total_price + 1000 where id = $1`, [orders[0]!._id]);
    expect(await get('/api/order/dashboard-summary')).not.toEqual(before);
  });

  it.runIf(inject('testStore').kind === 'pglite')('keeps an embedded store\'s sessions in memory until the users or sessions table is written', async () => {
    type Me = { user: { fullname: string } };
    const { user } = await get<Me>('/api/auth/me');
    await unseen('users', `update users set fullname = 'Unseen Admin' where email = 'admin@example.com'`);
    expect((await get<Me>('/api/auth/me')).user.fullname).toBe(user.fullname);
    // Any other table's write leaves the kept session as it is...
    await sql(`update coupons set is_active = not is_active where id = (select id from coupons limit 1)`);
    expect((await get<Me>('/api/auth/me')).user.fullname).toBe(user.fullname);
    // ...and a write to users (here another account's) has the next request read it again.
    await sql(`update users set phone = phone where email <> 'admin@example.com'`);
    expect((await get<Me>('/api/auth/me')).user.fullname).toBe('Unseen Admin');
  });

  it('lets no kept answer past the access check', async () => {
    await get(ORDERS);
    expect((await t.call('GET', ORDERS, { token: t.customerToken })).statusCode).toBe(403);
    expect((await t.call('GET', ORDERS)).statusCode).toBe(401);
    const support = await staffMember(t, 'support');
    await get('/api/staff', t.adminToken);
    expect((await t.call('GET', '/api/staff', { token: support.token })).statusCode).toBe(403);
  });
});
