import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MAX_BULK_IDS,
  type BulkResult,
  type Coupon,
  type Order,
  type OrderStatus,
  type Product,
} from '../../src/domain';
import { UNKNOWN_ID, staffMember, startApp, type TestApp } from './helpers';
import { recomputed, stored } from './sales-summaries';

/**
 * Bulk actions on a grid's selection: orders move one transaction each through the single status
 * change (timeline and sales summaries included), products and coupons change in one statement;
 * every answer says what changed and what failed.
 */

let t: TestApp;
beforeAll(async () => {
  t = await startApp();
});
afterAll(() => t.close());

const post = (app: TestApp, url: string, body: unknown, token = app.adminToken) =>
  app.call('POST', url, { token, body });
const get = (app: TestApp, url: string) => app.call('GET', url, { token: app.adminToken });
const orderOf = async (app: TestApp, id: string) =>
  (await get(app, `/api/order/order/${id}`)).json<{ order: Order }>().order;
const ordersWith = async (status: OrderStatus, count: number) =>
  (await get(t, `/api/order/all-orders?status=${status}&_start=0&_end=${count}`)).json<{ orders: Order[] }>().orders;

/** Everything the dashboard shows. */
async function dashboard(app: TestApp) {
  return {
    kpis: (await get(app, '/api/order/dashboard-summary')).json().kpis,
    monthly: (await get(app, '/api/order/monthly-sales')).json().data,
    categories: (await get(app, '/api/order/sales-by-category')).json().categories,
  };
}

describe('POST /api/order/bulk-status', () => {
  it('moves three orders as three single changes would: the same dashboard, summaries equal to a recomputation, a timeline entry each', async () => {
    // Orders of different statuses, cancelled among them, so the change moves sales as well as counts.
    const selected = [
      ...(await ordersWith('pending', 1)),
      ...(await ordersWith('cancelled', 1)),
      ...(await ordersWith('delivered', 1)),
    ];
    expect(selected).toHaveLength(3);
    const ids = selected.map((order) => order._id);
    // A second app on a copy of the same store makes the three single changes.
    const twin = await startApp();
    try {
      expect(await dashboard(twin)).toEqual(await dashboard(t));
      const before = await dashboard(t);

      const response = await post(t, '/api/order/bulk-status', { ids, status: 'shipped' });
      expect(response.statusCode).toBe(200);
      expect(response.json<BulkResult>()).toEqual({
        success: true,
        message: '3 orders updated',
        updated: ids,
        failed: [],
      });
      for (const id of ids) {
        expect(
          (
            await twin.call('PUT', `/api/order/update-status/${id}`, {
              token: twin.adminToken,
              body: { status: 'shipped' },
            })
          ).statusCode,
        ).toBe(200);
      }

      const after = await dashboard(t);
      expect(after).not.toEqual(before);
      expect(after).toEqual(await dashboard(twin));
      expect(await stored(t.app.database.db)).toEqual(await stored(twin.app.database.db));
      expect(await stored(t.app.database.db)).toEqual(await recomputed(t.app.database.db));

      for (const order of selected) {
        const now = await orderOf(t, order._id);
        expect(now.status).toBe('shipped');
        expect(now.history).toEqual([
          expect.objectContaining({
            type: 'status',
            from: order.status,
            to: 'shipped',
            by: expect.objectContaining({ fullname: 'Store Admin' }),
          }),
        ]);
      }
    } finally {
      await twin.close();
    }
  });

  it('reports a missing order in failed and changes the rest', async () => {
    const [first, second] = await ordersWith('processing', 2);
    const response = await post(t, '/api/order/bulk-status', {
      ids: [first!._id, UNKNOWN_ID, second!._id],
      status: 'delivered',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<BulkResult>()).toEqual({
      success: true,
      message: '2 orders updated, 1 failed',
      updated: [first!._id, second!._id],
      failed: [{ _id: UNKNOWN_ID, message: 'Order not found' }],
    });
    expect((await orderOf(t, first!._id)).status).toBe('delivered');
    expect((await orderOf(t, second!._id)).status).toBe('delivered');
    expect(await stored(t.app.database.db)).toEqual(await recomputed(t.app.database.db));
  });

  it('counts an order already in the status as updated and writes no timeline entry for it', async () => {
    const [order] = await ordersWith('pending', 1);
    const response = await post(t, '/api/order/bulk-status', { ids: [order!._id], status: 'pending' });
    expect(response.json<BulkResult>()).toMatchObject({
      message: '1 order updated',
      updated: [order!._id],
      failed: [],
    });
    expect((await orderOf(t, order!._id)).history).toEqual([]);
  });

  it('lets support change status in bulk, as it may one at a time', async () => {
    const support = await staffMember(t, 'support');
    const [order] = await ordersWith('pending', 1);
    const response = await post(
      t,
      '/api/order/bulk-status',
      { ids: [order!._id], status: 'processing' },
      support.token,
    );
    expect(response.json<BulkResult>().updated).toEqual([order!._id]);
    expect((await orderOf(t, order!._id)).history![0]!.by).toEqual({ _id: support.id, fullname: 'A support' });
  });
});

describe('bad bodies', () => {
  const ROUTES = [
    ['/api/order/bulk-status', { status: 'shipped' }],
    ['/api/product/bulk-status', { status: 'inactive' }],
    ['/api/product/bulk-delete', {}],
    ['/api/coupon/bulk-status', { isActive: false }],
    ['/api/coupon/bulk-delete', {}],
  ] as const;
  const many = (n: number) => Array.from({ length: n }, (_, i) => i.toString(16).padStart(24, '0'));

  it.each(ROUTES)(
    '%s answers 400 naming ids for a missing, empty, too long, repeated or malformed list, changing nothing',
    async (url, rest) => {
      const before = await stored(t.app.database.db);
      const cases: [unknown, string][] = [
        [rest, `ids: must be a list of 1 to ${MAX_BULK_IDS} distinct ids`],
        [{ ...rest, ids: 'abc' }, `ids: must be a list of 1 to ${MAX_BULK_IDS} distinct ids`],
        [{ ...rest, ids: [] }, `ids: must be 1 to ${MAX_BULK_IDS} distinct ids`],
        [{ ...rest, ids: many(MAX_BULK_IDS + 1) }, `ids: must be 1 to ${MAX_BULK_IDS} distinct ids`],
        [
          { ...rest, ids: [UNKNOWN_ID, UNKNOWN_ID] },
          `ids: must be 1 to ${MAX_BULK_IDS} distinct ids (an id appears twice)`,
        ],
        [{ ...rest, ids: [UNKNOWN_ID, 'nope'] }, 'ids.1: must be a 24-character hex id'],
      ];
      for (const [body, message] of cases) {
        const response = await post(t, url, body);
        expect(response.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
        expect(response.json()).toEqual({ message });
      }
      expect(await stored(t.app.database.db)).toEqual(before);
    },
  );

  it('answers 400 naming the field for a bad status or isActive', async () => {
    expect((await post(t, '/api/order/bulk-status', { ids: [UNKNOWN_ID], status: 'lost' })).json().message).toMatch(
      /^status: /,
    );
    expect((await post(t, '/api/order/bulk-status', { ids: [UNKNOWN_ID] })).json().message).toMatch(/^status: /);
    expect((await post(t, '/api/product/bulk-status', { ids: [UNKNOWN_ID], status: 'gone' })).json().message).toMatch(
      /^status: /,
    );
    expect((await post(t, '/api/coupon/bulk-status', { ids: [UNKNOWN_ID], isActive: 'yes' })).json()).toEqual({
      message: 'isActive: must be true or false',
    });
  });

  it('takes the most ids it allows', async () => {
    const response = await post(t, '/api/coupon/bulk-status', { ids: many(MAX_BULK_IDS), isActive: true });
    expect(response.statusCode).toBe(200);
    expect(response.json<BulkResult>()).toMatchObject({
      message: `0 coupons updated, ${MAX_BULK_IDS} failed`,
      updated: [],
    });
  });
});

describe('products in bulk', () => {
  let ids: string[];
  beforeAll(async () => {
    ids = [];
    for (const name of ['Bulk One', 'Bulk Two', 'Bulk Three']) {
      ids.push(
        (await post(t, '/api/product/add-product', { name, status: 'active' })).json<{ product: Product }>().product
          ._id,
      );
    }
  });
  const productOf = async (id: string) =>
    (await get(t, `/api/product/get-product-details/${id}`)).json<{ product?: Product }>().product;

  it("sets the status of a selection in one go, moving each one's updatedAt, and reports a missing one", async () => {
    const before = await productOf(ids[0]!);
    const response = await post(t, '/api/product/bulk-status', {
      ids: [ids[0], UNKNOWN_ID, ids[1]],
      status: 'coming_soon',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<BulkResult>()).toEqual({
      success: true,
      message: '2 products updated, 1 failed',
      updated: [ids[0], ids[1]],
      failed: [{ _id: UNKNOWN_ID, message: 'Product not found' }],
    });
    const after = await productOf(ids[0]!);
    expect(after!.status).toBe('coming_soon');
    expect(Date.parse(after!.updatedAt)).toBeGreaterThan(Date.parse(before!.updatedAt));
    expect((await productOf(ids[1]!))!.status).toBe('coming_soon');
    expect((await productOf(ids[2]!))!.status).toBe('active');
    // The count cards follow.
    const counts = (await get(t, '/api/product/get-all-products?_start=0&_end=1')).json().counts;
    const all = (await get(t, '/api/product/get-all-products')).json<{ products: Product[] }>().products;
    expect(counts.active).toBe(all.filter((p) => p.status === 'active').length);
  });

  it('deletes a selection', async () => {
    const response = await post(t, '/api/product/bulk-delete', { ids: [ids[1], ids[2]] });
    expect(response.json<BulkResult>()).toEqual({
      success: true,
      message: '2 products deleted',
      updated: [ids[1], ids[2]],
      failed: [],
    });
    expect(await productOf(ids[1]!)).toBeUndefined();
    expect(await productOf(ids[2]!)).toBeUndefined();
    expect(await productOf(ids[0]!)).toBeDefined();
  });

  it('keeps the sales summaries exact when sold products go', async () => {
    const sold = (await get(t, '/api/order/all-orders'))
      .json<{ orders: Order[] }>()
      .orders.flatMap((o) => o.orderItems.flatMap((i) => (i.product ? [i.product._id] : [])));
    const selection = [...new Set(sold)].slice(0, 3);
    const response = await post(t, '/api/product/bulk-delete', { ids: selection });
    expect(response.json<BulkResult>().updated).toEqual(selection);
    expect(await stored(t.app.database.db)).toEqual(await recomputed(t.app.database.db));
  });
});

describe('coupons in bulk', () => {
  let ids: string[];
  beforeAll(async () => {
    ids = [];
    for (let i = 0; i < 3; i++) {
      const body = {
        code: `BULK${i}${Date.now()}`,
        discountType: 'percentage',
        discountValue: 10,
        expiresAt: null,
        isActive: true,
      };
      ids.push((await post(t, '/api/coupon/add', body)).json<{ coupon: Coupon }>().coupon._id);
    }
  });
  const couponsNow = async () => (await get(t, '/api/coupon/allcoupons')).json<{ coupons: Coupon[] }>().coupons;

  it('deactivates and activates a selection', async () => {
    const off = await post(t, '/api/coupon/bulk-status', { ids, isActive: false });
    expect(off.json<BulkResult>()).toEqual({ success: true, message: '3 coupons updated', updated: ids, failed: [] });
    expect((await couponsNow()).filter((c) => ids.includes(c._id)).map((c) => c.isActive)).toEqual([
      false,
      false,
      false,
    ]);
    const on = await post(t, '/api/coupon/bulk-status', { ids: [ids[0]], isActive: true });
    expect(on.json<BulkResult>().message).toBe('1 coupon updated');
    expect((await couponsNow()).find((c) => c._id === ids[0])!.isActive).toBe(true);
  });

  it('deletes a selection and reports what was already gone', async () => {
    const response = await post(t, '/api/coupon/bulk-delete', { ids: [ids[1], UNKNOWN_ID] });
    expect(response.json<BulkResult>()).toEqual({
      success: true,
      message: '1 coupon deleted, 1 failed',
      updated: [ids[1]],
      failed: [{ _id: UNKNOWN_ID, message: 'Coupon not found' }],
    });
    expect((await couponsNow()).map((c) => c._id)).not.toContain(ids[1]);
  });
});

describe('who may act in bulk', () => {
  it('answers 401 without a token and 403 to a customer on every bulk route', async () => {
    for (const url of [
      '/api/order/bulk-status',
      '/api/product/bulk-status',
      '/api/product/bulk-delete',
      '/api/coupon/bulk-status',
      '/api/coupon/bulk-delete',
    ]) {
      expect((await t.call('POST', url, { body: { ids: [UNKNOWN_ID] } })).statusCode, url).toBe(401);
      expect((await post(t, url, { ids: [UNKNOWN_ID] }, t.customerToken)).statusCode, url).toBe(403);
    }
  });

  it('gives the catalogue and coupon actions the access of their single change: support may not, a manager may', async () => {
    const support = await staffMember(t, 'support');
    const manager = await staffMember(t, 'manager');
    const body = { ids: [UNKNOWN_ID], status: 'inactive', isActive: false };
    for (const url of [
      '/api/product/bulk-status',
      '/api/product/bulk-delete',
      '/api/coupon/bulk-status',
      '/api/coupon/bulk-delete',
    ]) {
      const refused = await post(t, url, body, support.token);
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json().message).toMatch(/^Your role cannot (add or change|delete) this$/);
      expect((await post(t, url, body, manager.token)).statusCode, url).toBe(200);
    }
  });
});
