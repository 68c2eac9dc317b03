import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  countsAsSale,
  type Coupon,
  type CustomerStats,
  type Order,
  type OrderHistoryEntry,
  type SessionUser,
} from '../../src/domain';
import { loadConfig } from '../../src/server/config';
import { UNKNOWN_ID, scratchDir, staffMember, startApp, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await startApp({}, { restartable: true });
});
afterAll(() => t.close());

const admin = (method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown) =>
  t.call(method, url, { token: t.adminToken, body });
const orderOf = async (id: string) => (await admin('GET', `/api/order/order/${id}`)).json<{ order: Order }>().order;
const firstOrder = async (query: string) =>
  (await admin('GET', `/api/order/all-orders?${query}&_start=0&_end=1`)).json<{ orders: Order[] }>().orders[0]!;

describe('an order timeline', () => {
  it('records each status change and note with who and when, oldest first, and keeps them over a restart', async () => {
    const order = await firstOrder('status=pending');
    expect((await orderOf(order._id)).history).toEqual([]);
    const support = await staffMember(t, 'support');
    const before = Date.now();

    expect((await admin('PUT', `/api/order/update-status/${order._id}`, { status: 'processing' })).statusCode).toBe(
      200,
    );
    const byPerson = await t.call('PUT', `/api/order/update-status/${order._id}`, {
      token: support.token,
      body: { status: 'shipped' },
    });
    expect(byPerson.statusCode).toBe(200);
    const noted = await t.call('POST', `/api/order/order/${order._id}/notes`, {
      token: support.token,
      body: { text: '  Customer asked for <b>gift</b> wrapping  ' },
    });
    expect(noted.statusCode).toBe(201);
    expect(noted.json<{ note: OrderHistoryEntry }>().note).toMatchObject({
      type: 'note',
      text: 'Customer asked for gift wrapping',
    });

    const expected = [
      { type: 'status', from: 'pending', to: 'processing', by: { fullname: 'Store Admin' } },
      { type: 'status', from: 'processing', to: 'shipped', by: { _id: support.id, fullname: 'A support' } },
      { type: 'note', text: 'Customer asked for gift wrapping', by: { _id: support.id, fullname: 'A support' } },
    ];
    const history = (await orderOf(order._id)).history!;
    expect(history).toMatchObject(expected);
    const times = history.map((entry) => Date.parse(entry.at));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    for (const at of times) expect(at).toBeGreaterThanOrEqual(before - 1000);
    // The status change's answer carries the timeline too.
    expect(byPerson.json<{ order: Order }>().order.history).toHaveLength(2);

    await t.restart();
    expect((await orderOf(order._id)).history).toMatchObject(expected);
  });

  it('writes nothing for a refused or a same-status change', async () => {
    const order = await firstOrder('status=delivered');
    const count = async () => (await orderOf(order._id)).history!.length;
    const start = await count();
    expect((await admin('PUT', `/api/order/update-status/${order._id}`, { status: 'lost' })).statusCode).toBe(400);
    expect((await admin('PUT', `/api/order/update-status/${order._id}`, { status: 'delivered' })).statusCode).toBe(200);
    expect(await count()).toBe(start);
  });

  it('refuses an empty, a too long or a missing-order note, and a customer', async () => {
    const order = await firstOrder('status=processing');
    const note = (body: unknown, token = t.adminToken, id = order._id) =>
      t.call('POST', `/api/order/order/${id}/notes`, { token, body });
    const empty = await note({ text: ' <i></i> ' });
    expect([empty.statusCode, empty.json().message]).toEqual([400, 'text: Note text is required']);
    const long = await note({ text: 'x'.repeat(1001) });
    expect([long.statusCode, long.json().message]).toEqual([400, 'text: must be at most 1000 characters']);
    expect((await note({ text: 'x'.repeat(1000) })).statusCode).toBe(201);
    expect((await note({ text: 'hello' }, t.adminToken, UNKNOWN_ID)).statusCode).toBe(404);
    expect((await note({ text: 'hello' }, t.customerToken)).statusCode).toBe(403);
    expect((await note({ text: 'hello' }, '')).statusCode).toBe(401);
  });
});

describe('a customer page', () => {
  it('answers the user and figures equal to a direct SQL recomputation', async () => {
    const { users } = (await admin('GET', '/api/auth/users?role=customer&_start=0&_end=5')).json<{
      users: SessionUser[];
    }>();
    expect(users).toHaveLength(5);
    for (const user of users) {
      const response = await admin('GET', `/api/auth/users/${user._id}`);
      expect(response.statusCode).toBe(200);
      const { user: answered, stats } = response.json<{ user: SessionUser; stats: CustomerStats }>();
      expect(answered).toEqual(user);
      const [row] = await t.app.database.query<{
        orders: number;
        spent: string;
        first: Date | null;
        last: Date | null;
      }>(
        `select count(*)::int as orders, coalesce(sum(total_price) filter (where status <> 'cancelled'), 0)::text as spent,
                min(created_at) as first, max(created_at) as last
           from orders where user_id = $1`,
        [user._id],
      );
      expect(stats).toEqual({
        orders: row!.orders,
        spent: Number(row!.spent),
        firstOrderAt: row!.first && new Date(row!.first).toISOString(),
        lastOrderAt: row!.last && new Date(row!.last).toISOString(),
      });
      // The same figures from the orders the API lists for this customer.
      const { orders } = (await admin('GET', `/api/order/all-orders?user=${user._id}`)).json<{ orders: Order[] }>();
      expect(orders.every((order) => order.user?._id === user._id)).toBe(true);
      const spent = orders
        .filter((order) => countsAsSale(order.status))
        .reduce((sum, order) => sum + order.totalPrice, 0);
      expect([orders.length, stats.spent]).toEqual([stats.orders, expect.closeTo(spent, 2)]);
    }
  });

  it('pages a customer’s orders on the server, with the total', async () => {
    const { users } = (
      await admin('GET', '/api/auth/users?role=customer&_sort=createdAt&_order=asc&_start=0&_end=1')
    ).json<{
      users: SessionUser[];
    }>();
    const { stats } = (await admin('GET', `/api/auth/users/${users[0]!._id}`)).json<{ stats: CustomerStats }>();
    expect(stats.orders).toBeGreaterThan(1);
    const page = await admin('GET', `/api/order/all-orders?user=${users[0]!._id}&_start=0&_end=1`);
    expect(page.json()).toMatchObject({ total: stats.orders, orders: [{ user: { _id: users[0]!._id } }] });
    expect(page.json().orders).toHaveLength(1);
  });

  it('answers 404 for an unknown user and 400 for a malformed id or filter', async () => {
    expect((await admin('GET', `/api/auth/users/${UNKNOWN_ID}`)).statusCode).toBe(404);
    expect((await admin('GET', '/api/auth/users/nope')).json().message).toBe('id: must be a 24-character hex id');
    expect((await admin('GET', '/api/order/all-orders?user=nope')).json().message).toBe(
      'user: must be a 24-character hex id',
    );
  });
});

describe('coupons', () => {
  const base = { discountType: 'flat', discountValue: 100 };
  it('may never expire: null or left out, listed with expiresAt null', async () => {
    const added = await admin('POST', '/api/coupon/add', { ...base, code: 'FOREVER' });
    expect(added.statusCode).toBe(201);
    expect(added.json<{ coupon: Coupon }>().coupon).toMatchObject({ code: 'FOREVER', expiresAt: null, isActive: true });
    const id = added.json<{ coupon: Coupon }>().coupon._id;
    const dated = await admin('PUT', `/api/coupon/coupon/${id}`, { ...base, code: 'FOREVER', expiresAt: '2031-01-01' });
    expect(dated.json<{ coupon: Coupon }>().coupon.expiresAt).toBe('2031-01-01T00:00:00.000Z');
    const open = await admin('PUT', `/api/coupon/coupon/${id}`, { ...base, code: 'FOREVER', expiresAt: null });
    expect(open.json<{ coupon: Coupon }>().coupon.expiresAt).toBeNull();
    const { coupons } = (await admin('GET', '/api/coupon/allcoupons?q=FOREVER')).json<{ coupons: Coupon[] }>();
    expect(coupons).toMatchObject([{ code: 'FOREVER', expiresAt: null, isActive: true }]);
  });

  it('refuses an unknown category or collection by name, and files known ones under their spelling', async () => {
    const unknown = await admin('POST', '/api/coupon/add', {
      ...base,
      code: 'MISSPELT',
      applicableCategories: ['Oversize'],
    });
    expect([unknown.statusCode, unknown.json().message]).toEqual([
      400,
      "applicableCategories: Unknown category 'Oversize': choose from Oversized, Regular fit, Men T-Shirts, Women T-Shirts",
    ]);
    const collection = await admin('POST', '/api/coupon/add', {
      ...base,
      code: 'MISSPELT',
      applicableCollections: ['Cats'],
    });
    expect(collection.json().message).toMatch(/^applicableCollections: Unknown collection 'Cats': choose from /);
    const known = await admin('POST', '/api/coupon/add', {
      ...base,
      code: 'SPELT',
      applicableCategories: ['oversized'],
    });
    expect(known.json<{ coupon: Coupon }>().coupon.applicableCategories).toEqual(['Oversized']);
  });
});

describe('order lines', () => {
  it('keep the product’s name after the product is deleted', async () => {
    const order = await orderOf((await firstOrder('status=delivered'))._id);
    const line = order.orderItems[0]!;
    expect(line.name).toBe(line.product!.name);
    expect((await admin('DELETE' as 'GET', `/api/product/delete-product/${line.product!._id}`)).statusCode).toBe(200);
    const after = (await orderOf(order._id)).orderItems[0]!;
    expect(after).toMatchObject({ product: null, name: line.name, image: line.image });
  });
});

describe('STOREFRONT_URL', () => {
  const env = (value?: string) => ({
    DATA_DIR: scratchDir('storefront'),
    ...(value === undefined ? {} : { STOREFRONT_URL: value }),
  });
  it('is an http(s) address, kept without its trailing slash, and refused otherwise at start', () => {
    expect(loadConfig(env('https://shop.example.com/')).storefrontUrl).toBe('https://shop.example.com');
    expect(loadConfig(env()).storefrontUrl).toBeUndefined();
    expect(() => loadConfig(env('javascript:alert(1)'))).toThrow(
      'STOREFRONT_URL must be an http:// or https:// address',
    );
    expect(() => loadConfig(env('shop.example.com'))).toThrow('STOREFRONT_URL must be an http:// or https:// address');
  });

  it('reaches the console with the session (null when unset)', async () => {
    expect((await admin('GET', '/api/auth/me')).json().storefrontUrl).toBeNull();
    const shop = await startApp({ storefrontUrl: 'https://shop.example.com' });
    try {
      expect((await shop.call('GET', '/api/auth/me', { token: shop.adminToken })).json().storefrontUrl).toBe(
        'https://shop.example.com',
      );
    } finally {
      await shop.close();
    }
  });
});
