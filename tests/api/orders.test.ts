import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CATEGORY_COLOURS,
  KPI_TITLES,
  ORDER_STATUSES,
  PAYMENT_STATUSES,
  countsAsSale,
  type Order,
} from '../../src/domain';
import { UNKNOWN_ID, startApp, type TestApp } from './helpers';

let t: TestApp;
let all: Order[];
beforeAll(async () => {
  t = await startApp();
  all = (await get('/api/order/all-orders')).json().orders;
});
afterAll(() => t.close());

const get = (url: string) => t.call('GET', url, { token: t.adminToken });
const monthKey = (iso: string | Date) => new Date(iso).toISOString().slice(0, 7);

describe('GET /api/order/all-orders', () => {
  it('answers every order, newest first, in the Order shape', async () => {
    expect(all.length).toBeGreaterThanOrEqual(300);
    const dates = all.map((o) => o.createdAt);
    expect(dates).toEqual([...dates].sort().reverse());
    const order = all[0]!;
    expect(order).toMatchObject({
      _id: expect.stringMatching(/^[a-f0-9]{24}$/),
      status: expect.any(String),
      paymentResult: { status: expect.any(String) },
      user: {
        _id: expect.any(String),
        fullname: expect.any(String),
        email: expect.any(String),
        phone: expect.any(String),
      },
      shippingAddress: {
        name: expect.any(String),
        address: expect.any(String),
        city: expect.any(String),
        state: expect.any(String),
        pincode: expect.any(String),
        country: 'India',
        phone: expect.any(String),
      },
      billingAddress: expect.any(Object),
      shippingPrice: expect.any(Number),
      taxPrice: expect.any(Number),
      totalPrice: expect.any(Number),
    });
    expect(order.orderItems[0]).toEqual({
      _id: expect.stringMatching(/^[a-f0-9]{24}$/),
      product: { _id: expect.any(String), name: expect.any(String), image: expect.any(String) },
      name: expect.any(String),
      image: expect.any(String),
      color: expect.any(String),
      size: expect.any(String),
      qty: expect.any(Number),
      price: expect.any(Number),
      mrp: expect.any(Number),
      sku: expect.any(String),
    });
  });

  it('carries advancePaid and remainingCOD only on cod orders', () => {
    const cod = all.filter((o) => o.paymentMethod === 'cod');
    const online = all.filter((o) => o.paymentMethod !== 'cod');
    expect(cod.length).toBeGreaterThan(0);
    expect(online.length).toBeGreaterThan(0);
    for (const o of cod) expect(o.advancePaid! + o.remainingCOD!).toBeCloseTo(o.totalPrice, 2);
    for (const o of online) expect(o).not.toHaveProperty('advancePaid');
  });

  it('holds every order status, payment status and method over the last 14 months', () => {
    expect(new Set(all.map((o) => o.status))).toEqual(new Set(ORDER_STATUSES));
    expect(new Set(all.map((o) => o.paymentResult.status))).toEqual(new Set(PAYMENT_STATUSES));
    const oldest = new Date(all.at(-1)!.createdAt);
    expect(Date.now() - oldest.getTime()).toBeGreaterThan(300 * 24 * 3600 * 1000);
    expect(Date.now() - oldest.getTime()).toBeLessThan(430 * 24 * 3600 * 1000);
  });

  it('pages, filters by status and payment status, and reports the total', async () => {
    const expected = all.filter((o) => o.status === 'delivered' && o.paymentResult.status === 'paid');
    const response = await get('/api/order/all-orders?status=delivered&paymentStatus=paid&_start=0&_end=10');
    const body = response.json();
    expect(body.total).toBe(expected.length);
    expect(response.headers['x-total-count']).toBe(String(expected.length));
    expect(body.orders.map((o: Order) => o._id)).toEqual(expected.slice(0, 10).map((o) => o._id));
    // A page is the grid's: the same orders without their lines (the details call reads them), the rest as the whole list has it.
    const { orderItems, ...grid } = expected[0]!;
    expect(orderItems.length).toBeGreaterThan(0);
    expect(body.orders[0]).toEqual(grid);
  });

  it('searches by order id, customer name and email', async () => {
    const target = all[7]!;
    const byId = (await get(`/api/order/all-orders?q=${target._id.slice(-6)}`)).json();
    expect(byId.orders.map((o: Order) => o._id)).toContain(target._id);
    const byEmail = (await get(`/api/order/all-orders?q=${encodeURIComponent(target.user!.email)}`)).json();
    expect(byEmail.total).toBe(all.filter((o) => o.user?.email === target.user!.email).length);
    const byName = (
      await get(`/api/order/all-orders?q=${encodeURIComponent(target.user!.fullname.toUpperCase())}`)
    ).json();
    expect(byName.orders.every((o: Order) => o.user!.fullname === target.user!.fullname)).toBe(true);
  });

  it('sorts by total price', async () => {
    const body = (await get('/api/order/all-orders?_sort=totalPrice&_order=asc&_end=20')).json();
    const totals = body.orders.map((o: Order) => o.totalPrice);
    expect(totals).toEqual(
      [...all]
        .map((o) => o.totalPrice)
        .sort((a, b) => a - b)
        .slice(0, 20),
    );
  });

  it('answers 400 naming a bad filter value', async () => {
    expect((await get('/api/order/all-orders?paymentStatus=free')).json().message).toMatch(/^paymentStatus: /);
    expect((await get('/api/order/all-orders?_sort=user')).json().message).toMatch(/^_sort: /);
  });
});

describe('GET /api/order/order/{id}', () => {
  it('answers the order', async () => {
    const response = await get(`/api/order/order/${all[3]!._id}`);
    expect(response.statusCode).toBe(200);
    // The whole list's order, with its timeline (empty for a demo order), which only the details carry.
    expect(response.json()).toEqual({ success: true, order: { ...all[3], history: [] } });
  });

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    expect((await get(`/api/order/order/${UNKNOWN_ID}`)).json()).toEqual({ message: 'Order not found' });
    expect((await get('/api/order/order/ABCDEF')).statusCode).toBe(400);
  });
});

describe('PUT /api/order/update-status/{id}', () => {
  it('changes the status and answers the order', async () => {
    const target = all.find((o) => o.status === 'pending')!;
    const response = await t.call('PUT', `/api/order/update-status/${target._id}`, {
      token: t.adminToken,
      body: { status: 'shipped' },
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ success: true, message: 'Order status updated successfully!' });
    expect(body.order).toMatchObject({ _id: target._id, status: 'shipped' });
    expect(new Date(body.order.updatedAt).getTime()).toBeGreaterThan(new Date(target.updatedAt).getTime());
    expect((await get(`/api/order/order/${target._id}`)).json().order.status).toBe('shipped');
  });

  it('answers 400 naming the field for a bad status, 404 for an unknown order', async () => {
    const bad = await t.call('PUT', `/api/order/update-status/${all[0]!._id}`, {
      token: t.adminToken,
      body: { status: 'lost' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/^status: /);
    const missing = await t.call('PUT', `/api/order/update-status/${UNKNOWN_ID}`, {
      token: t.adminToken,
      body: { status: 'shipped' },
    });
    expect(missing.statusCode).toBe(404);
  });
});

describe('dashboard', () => {
  it('monthly-sales answers the last 12 months, oldest first, summing sales orders', async () => {
    const response = await get('/api/order/monthly-sales');
    const { success, data } = response.json();
    expect(success).toBe(true);
    expect(data).toHaveLength(12);
    const now = new Date();
    const current = now.toLocaleString('en-US', { month: 'short', timeZone: 'UTC' }) + ` ${now.getUTCFullYear()}`;
    expect(data.at(-1).name).toBe(current);
    const sales = all.filter((o) => countsAsSale(o.status) && monthKey(o.createdAt) === monthKey(now));
    expect(data.at(-1).orders).toBe(sales.length);
    expect(data.at(-1).sales).toBeCloseTo(
      sales.reduce((s, o) => s + o.totalPrice, 0),
      1,
    );
    expect(data.at(-1).customers).toBe(new Set(sales.map((o) => o.user!._id)).size);
  });

  it('sales-by-category answers shares that add up to 100, in the domain colours', async () => {
    const { success, categories } = (await get('/api/order/sales-by-category')).json();
    expect(success).toBe(true);
    expect(categories.length).toBeGreaterThanOrEqual(4);
    const sum = categories.reduce((s: number, c: { value: number }) => s + c.value, 0);
    expect(sum).toBeGreaterThan(99.5);
    expect(sum).toBeLessThan(100.5);
    for (const c of categories) expect(CATEGORY_COLOURS).toContain(c.color);
    expect(categories[0]).toEqual({ name: expect.any(String), value: expect.any(Number), color: expect.any(String) });
  });

  it('dashboard-summary answers the four KPIs with change and a 6-month trend', async () => {
    const { success, kpis } = (await get('/api/order/dashboard-summary')).json();
    expect(success).toBe(true);
    expect(kpis.map((k: { title: string }) => k.title)).toEqual(Object.values(KPI_TITLES));
    for (const kpi of kpis) {
      expect(kpi.trend).toHaveLength(6);
      expect(kpi.value).toBe(kpi.trend.at(-1));
      expect(['increase', 'decrease']).toContain(kpi.changeType);
      expect(kpi.changeType === 'decrease').toBe(kpi.change < 0);
    }
    const monthly = (await get('/api/order/monthly-sales')).json().data;
    expect(kpis[0].trend).toEqual(monthly.slice(-6).map((m: { sales: number }) => m.sales));
    expect(kpis[0].format).toBe('currency');
    expect(kpis[1].format).toBe('number');
  });
});
