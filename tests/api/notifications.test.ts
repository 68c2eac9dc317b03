import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shortOrderId } from '../../src/domain';
import type { NotificationPage, NotificationSettings } from '../../src/domain/notifications';
import { openStream } from './event-stream';
import { STAFF_PASSWORD, staffMember, startApp, type TestApp } from './helpers';

/*
 * The bell's feed (GET /api/notifications, POST /api/notifications/read, the settings): what each staff
 * member is told, batched, per role and per choice, read per user, and told live to every session.
 */

let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await startApp();
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t.close());

const feed = async (token: string, query = '') => {
  const response = await t.call('GET', `/api/notifications${query}`, { token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<NotificationPage>();
};
const read = (token: string, body: unknown) => t.call('POST', '/api/notifications/read', { token, body });
const settings = (token: string, kinds?: unknown) =>
  t.call(kinds === undefined ? 'GET' : 'PUT', '/api/notifications/settings', { token, body: kinds && { kinds } });

let products = 0;
async function newProduct(stock = 100) {
  const response = await t.call('POST', '/api/product/add-product', {
    token: t.adminToken,
    body: {
      name: `Bell tee ${++products}`,
      status: 'active',
      categories: ['Oversized'],
      variants: [{ color: 'Black', isMain: true, sizes: [{ size: 'M', price: 499, mrp: 999, countInStock: stock }] }],
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().product as { _id: string; name: string; variants: { sizes: { sku: string }[] }[] };
}
let customers = 0;
async function newOrder(product: { _id: string }) {
  const response = await t.call('POST', '/api/order/create', {
    token: t.adminToken,
    body: {
      customer: { fullname: 'Bell Customer', email: `bell.customer.${++customers}@example.com` },
      shippingAddress: { name: 'Bell Customer', address: '1 Main Road', city: 'Pune' },
      orderItems: [{ product: product._id, color: 'Black', size: 'M', qty: 1 }],
      paymentMethod: 'online',
      paymentStatus: 'paid',
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().order as { _id: string };
}

describe('notifications', () => {
  it("batch new orders into one line in every admin's bell, read per user, and tell each session live", async () => {
    const other = await staffMember(t, 'admin');
    for (const token of [t.adminToken, other.token]) expect((await read(token, { all: true })).statusCode).toBe(200);
    expect((await feed(other.token)).unread).toBe(0);
    const stream = await openStream(base, other.token);

    const product = await newProduct();
    await newOrder(product);
    await newOrder(product);
    expect(await stream.next((event) => event.type === 'notification' && event.kind === 'orders')).toBeDefined();
    const page = await feed(other.token);
    expect(page.unread).toBe(1);
    expect(page.notifications[0]).toMatchObject({
      kind: 'orders',
      title: '2 new orders',
      link: '/orders',
      read: false,
    });
    const batch = page.notifications[0]!._id;

    // Read by one admin: their count falls, and their other sessions hear of it; the other admin's stays.
    const reading = await read(other.token, { ids: [batch] });
    expect(reading.json()).toEqual({ unread: 0 });
    expect(await stream.next((event) => event.type === 'notification' && event.to === other.id)).toBeDefined();
    expect((await feed(other.token)).notifications[0]).toMatchObject({ _id: batch, read: true });
    expect((await feed(t.adminToken)).notifications[0]).toMatchObject({ _id: batch, read: false });

    // A read batch grows no more: the next order is a line of its own.
    const third = await newOrder(product);
    const after = await feed(other.token, '?unread=true');
    expect(after).toMatchObject({ unread: 1, total: 1 });
    expect(after.notifications[0]!.title).toBe(`New order #${shortOrderId(third._id)}`);
    expect((await feed(t.adminToken)).unread).toBe(2);
    stream.close();
  });

  it('tell of low stock, of returns requested, and of five failed sign-ins on one account to admins only', async () => {
    const manager = await staffMember(t, 'manager');
    await read(t.adminToken, { all: true });
    await read(manager.token, { all: true });

    const product = await newProduct();
    const sku = product.variants[0]!.sizes[0]!.sku;
    const adjusted = await t.call('POST', '/api/stock/adjust', {
      token: t.adminToken,
      body: { sku, counted: 1, reason: 'stocktake' },
    });
    expect(adjusted.statusCode, adjusted.body).toBe(200);
    expect((await feed(manager.token)).notifications[0]).toMatchObject({
      kind: 'low_stock',
      title: `Low stock: ${product.name} / Black / M`,
      link: '/catalog/stock',
    });

    const order = await newOrder(product);
    expect(
      (
        await t.call('PUT', `/api/order/update-status/${order._id}`, {
          token: t.adminToken,
          body: { status: 'delivered' },
        })
      ).statusCode,
    ).toBe(200);
    const line = (await t.call('GET', `/api/order/order/${order._id}`, { token: t.adminToken })).json().order
      .orderItems[0]._id as string;
    const requested = await t.call('POST', `/api/order/order/${order._id}/returns`, {
      token: t.adminToken,
      body: { items: [{ line, qty: 1, reason: 'defective', resolution: 'refund' }] },
    });
    expect(requested.statusCode, requested.body).toBe(201);
    expect((await feed(manager.token)).notifications[0]).toMatchObject({
      kind: 'returns',
      title: `Return #${shortOrderId(requested.json().return._id as string)} requested`,
      link: '/returns',
    });

    for (let n = 0; n < 6; n++)
      expect(
        (await t.call('POST', '/api/auth/login', { body: { email: manager.email, password: 'not-the-password' } }))
          .statusCode,
      ).toBe(401);
    const signIns = (await feed(t.adminToken)).notifications.filter((item) => item.kind === 'sign_ins');
    expect(signIns).toEqual([
      expect.objectContaining({ title: `5 failed sign-ins on ${manager.email}`, link: '/team', read: false }),
    ]);
    expect((await feed(manager.token)).notifications.filter((item) => item.kind === 'sign_ins')).toEqual([]);
  });

  it("follow each person's choice of kinds, among those their role may receive", async () => {
    const support = await staffMember(t, 'support');
    expect((await settings(support.token)).json<NotificationSettings>()).toEqual({
      kinds: ['orders', 'returns', 'low_stock', 'imports'],
      available: ['orders', 'returns', 'low_stock', 'imports'],
    });
    const refused = await settings(support.token, ['orders', 'sign_ins']);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toMatch(/^kinds: sign_ins/);
    expect((await settings(support.token, ['bogus'])).json().message).toMatch(/^kinds/);

    expect((await settings(support.token, ['returns'])).json()).toMatchObject({ kinds: ['returns'] });
    await read(support.token, { all: true });
    await newOrder(await newProduct());
    expect(await feed(support.token)).toMatchObject({ unread: 0 });
    expect((await feed(t.adminToken)).unread).toBeGreaterThan(0);
  });

  it('refuse what is not a read, and customers', async () => {
    for (const body of [{}, { ids: [] }, { ids: 'x' }, { all: false }, { all: true, ids: ['x'] }])
      expect((await read(t.adminToken, body)).statusCode).toBe(400);
    expect((await read(t.adminToken, { ids: ['ffffffffffffffffffffffff'] })).statusCode).toBe(200);
    expect((await t.call('GET', '/api/notifications?_start=5&_end=2', { token: t.adminToken })).statusCode).toBe(400);
    expect((await t.call('GET', '/api/notifications')).statusCode).toBe(401);
  });
});

describe('a password change', () => {
  it("ends the account's other sessions' streams and keeps its own", async () => {
    const member = await staffMember(t, 'manager');
    const elsewhere = (
      await t.call('POST', '/api/auth/login', { body: { email: member.email, password: STAFF_PASSWORD } })
    ).json<{ token: string }>().token;
    const other = await openStream(base, elsewhere);
    const own = await openStream(base, member.token);
    const changed = await t.call('POST', '/api/auth/change-password', {
      token: member.token,
      body: { currentPassword: STAFF_PASSWORD, newPassword: 'another-password-2026' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    await other.next(() => false);
    expect(other.ended()).toBe(true);
    expect(own.ended()).toBe(false);
    own.close();
  });
});
