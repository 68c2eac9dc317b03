import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Coupon, Order, Product } from '../../src/domain';
import { startApp, staffMember, type TestApp } from './helpers';
import { serverResources } from '../../src/server/resources';

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
    expect(
      (
        await t.call('PUT', `/api/order/update-status/${order._id}`, {
          token: t.adminToken,
          body: { status: 'cancelled' },
        })
      ).statusCode,
    ).toBe(200);
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

  it.runIf(inject('testStore').kind === 'pglite')(
    "keeps an embedded store's sessions in memory until the users or sessions table is written",
    async () => {
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
    },
  );

  it('lets no kept answer past the access check', async () => {
    await get(ORDERS);
    expect((await t.call('GET', ORDERS, { token: t.customerToken })).statusCode).toBe(403);
    expect((await t.call('GET', ORDERS)).statusCode).toBe(401);
    const support = await staffMember(t, 'support');
    await get('/api/staff', t.adminToken);
    expect((await t.call('GET', '/api/staff', { token: support.token })).statusCode).toBe(403);
  });
});

describe('what the read cache learns from the SQL an answer ran', () => {
  /** A sample address of each cached route: a route the table does not know fails the test until it is added. */
  const sampleIds = async () => {
    const [order] = await sql(`select id from orders where user_id is not null order by created_at desc limit 1`);
    const [customer] = await sql(`select id from users where role = 'customer' limit 1`);
    const [product] = await sql(`select product_id as id from reviews limit 1`);
    const [blog] = await sql(`select id from blogs limit 1`);
    const [banner] = await sql(`select id from banners limit 1`);
    const [coupon] = await sql(`select id from coupons limit 1`);
    const [member] = await sql(`select id from users where role = 'admin' limit 1`);
    const [returned] = await sql(`select id from returns limit 1`);
    return {
      '/api/returns/:id': returned!.id,
      '/api/order/order/:id': order!.id,
      '/api/auth/users/:id': customer!.id,
      '/api/product/get-product-details/:id': product!.id,
      '/api/blog/blog-details/:id': blog!.id,
      '/api/banners/by-id/:id': banner!.id,
      '/api/coupon/:id': coupon!.id,
      '/api/staff/:id': member!.id,
      // Every other declared resource's record page: its first record, read from its own list.
      ...Object.fromEntries(
        await Promise.all(
          serverResources
            .filter((resource) => resource.routes.get && !['banners', 'blogs', 'staff'].includes(resource.name))
            .map(async (resource) => {
              const body = await get<unknown>(`${resource.routes.list.url}?_start=0&_end=1`);
              const rows = (
                resource.routes.list.key ? (body as Record<string, unknown>)[resource.routes.list.key] : body
              ) as {
                _id: string;
              }[];
              return [resource.routes.get!.url, rows[0]?._id];
            }),
        ),
      ),
    } as Record<string, unknown>;
  };
  const addressOf = (url: string, ids: Record<string, unknown>) => {
    if (!url.includes(':')) return `${url}?_start=0&_end=10`;
    expect(ids[url], `a sample id for ${url}`).toBeDefined();
    return url.replace(':id', String(ids[url]));
  };

  it('reads every cached route afresh after a write to any table its SQL read, and never before', async () => {
    const ids = await sampleIds();
    const cached = t.app.registeredRoutes.filter((route) => route.cache && route.method === 'GET');
    expect(cached.length).toBeGreaterThanOrEqual(12);
    const cache = t.app.readCache;
    for (const route of cached) {
      const url = addressOf(route.url, ids);
      const first = await get(url);
      const tables = cache.tablesOf('admin', url);
      expect(tables, url).toBeDefined();
      expect(tables!.length, url).toBeGreaterThan(0);
      const hits = cache.hits;
      expect(await get(url)).toEqual(first);
      expect(cache.hits, `${url} is answered from memory while nothing changed`).toBe(hits + 1);
      for (const table of tables!) {
        // A statement trigger fires for a statement that changes no row: the version moves all the same.
        await sql(`delete from "${table}" where false`);
        const misses = cache.misses;
        expect(await get(url)).toEqual(first);
        expect(cache.misses, `${url} is read afresh after a write to ${table}`).toBe(misses + 1);
      }
    }
  });

  it("knows that an order's details read the products table (its lines show their names and images)", async () => {
    const url = addressOf('/api/order/order/:id', await sampleIds());
    await get(url);
    expect(t.app.readCache.tablesOf('admin', url)).toEqual(
      expect.arrayContaining(['orders', 'order_items', 'order_events', 'products', 'users']),
    );
  });

  it("shows a renamed product and its new image in an order's details and in a customer's whole order list", async () => {
    const [line] =
      await sql(`select i.order_id, i.product_id, o.user_id from order_items i join orders o on o.id = i.order_id
      where i.product_id is not null and o.user_id is not null limit 1`);
    const details = `/api/order/order/${line!.order_id}`;
    const mine = `/api/order/all-orders?user=${line!.user_id}`;
    const lineOf = (order: Order) => order.orderItems.find((item) => item.product?._id === line!.product_id)!;
    await get(details);
    await get(details);
    const { product } = await get<{ product: Product & { updatedAt: string } }>(
      `/api/product/get-product-details/${line!.product_id}`,
    );
    const {
      reviews: _reviews,
      rating: _rating,
      numReviews: _numReviews,
      ...input
    } = product as Product & { rating: number; numReviews: number };
    const renamed = await t.call('PUT', `/api/product/update-product/${product._id}`, {
      token: t.adminToken,
      body: { ...input, name: 'Renamed Owl Tee', image: '/uploads/renamed.webp' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(lineOf((await get<{ order: Order }>(details)).order).product).toMatchObject({
      name: 'Renamed Owl Tee',
      image: '/uploads/renamed.webp',
    });
    const orders = (await get<{ orders: Order[] }>(mine)).orders.filter((order) =>
      order.orderItems.some((item) => item.product?._id === line!.product_id),
    );
    expect(orders.map((order) => lineOf(order).product!.name)).toEqual(orders.map(() => 'Renamed Owl Tee'));
  });

  it("keeps per role: support, who sees only customers, never gets the admin's list of users", async () => {
    const support = await staffMember(t, 'support');
    const admins = await get<{ users: { _id: string; role: string }[] }>(
      '/api/auth/users?_start=0&_end=100&role=admin',
    );
    expect(admins.users.length).toBeGreaterThan(0);
    expect(
      (await get<{ users: unknown[] }>('/api/auth/users?_start=0&_end=100&role=admin', support.token)).users,
    ).toEqual([]);
    const all = await get<{ users: { role: string }[] }>('/api/auth/users', support.token);
    expect(new Set(all.users.map((user) => user.role))).toEqual(new Set(['customer']));
    // Nor one staff account by its id: as if there were none.
    const adminId = admins.users[0]!._id;
    expect((await get<{ user: unknown }>(`/api/auth/users/${adminId}`)).user).toBeDefined();
    expect((await t.call('GET', `/api/auth/users/${adminId}`, { token: support.token })).statusCode).toBe(404);
  });
});

describe("the read cache's memory", () => {
  let small: TestApp;
  const bound = 512 * 1024;
  beforeAll(async () => {
    small = await startApp({ readCache: { maxBytes: bound } });
  });
  afterAll(() => small.close());

  it('stays within its bound in bytes over a thousand addresses, and one account fills only its share', async () => {
    const other = await staffMember(small, 'manager');
    await small.call('GET', '/api/coupon/allcoupons?_start=0&_end=10', { token: other.token });
    const othersBytes = small.app.readCache.bytes;
    // A thousand answers of about 600 bytes with their keys: the admin's share (128 KB) fills over four times.
    for (let start = 0; start < 1_000; start += 250) {
      const batch = Array.from({ length: 250 }, (_, i) =>
        small.call('GET', `/api/coupon/allcoupons?_start=0&_end=50&q=${start + i}`, { token: small.adminToken }),
      );
      for (const response of await Promise.all(batch)) expect(response.statusCode).toBe(200);
      expect(small.app.readCache.bytes).toBeLessThanOrEqual(bound);
    }
    expect(small.app.readCache.bytes).toBeLessThanOrEqual(bound / 4 + othersBytes);
    // The other account's answer was not pushed out by the admin's thousands.
    const hits = small.app.readCache.hits;
    await small.call('GET', '/api/coupon/allcoupons?_start=0&_end=10', { token: other.token });
    expect(small.app.readCache.hits).toBe(hits + 1);
  });
});
