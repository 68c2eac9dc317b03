import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order, SessionUser } from '../../src/domain';
import { startApp, type TestApp } from './helpers';

/**
 * The searches rewritten for scale (trigram indexes, the email's local part, the order id's end) find
 * exactly what a plain case-insensitive "contains" over the whole list finds.
 */

let t: TestApp;
let customers: SessionUser[];
let allOrders: Order[];
beforeAll(async () => {
  t = await startApp();
  customers = (await get('/api/auth/users')).json().users;
  allOrders = (await get('/api/order/all-orders')).json().orders;
});
afterAll(() => t?.close());

const get = (url: string) => t.call('GET', url, { token: t.adminToken });
const contains = (text: string, part: string) => text.toLowerCase().includes(part.toLowerCase());
const ids = (items: { _id: string }[]) => items.map((i) => i._id).sort();

describe('search at scale finds what "contains" finds', () => {
  it('customers by name or email: whole emails, either side of the @, any case', async () => {
    const email = customers.find((c) => c.role === 'customer' && /\d@/.test(c.email))!.email;
    const [local, domain] = email.split('@') as [string, string];
    for (const q of [
      email,
      email.toUpperCase(),
      `${local.slice(-4)}@${domain.slice(0, 3)}`,
      `${local}@`,
      `@${domain}`,
      local.slice(0, 5),
      'a@b@c',
      '%',
      '_',
    ]) {
      const body = (await get(`/api/auth/users?_start=0&_end=200&q=${encodeURIComponent(q)}`)).json();
      const expected = customers.filter((c) => contains(c.fullname, q) || contains(c.email, q));
      expect(ids(body.users), q).toEqual(ids(expected));
      expect(body.total, q).toBe(expected.length);
    }
  });

  it("orders by their customer's email or name, or by the end of their id (the short id the console shows)", async () => {
    const order = allOrders[11]!;
    const email = order.user!.email;
    for (const q of [
      email,
      `${email.split('@')[0]}@`,
      order.user!.fullname.toUpperCase(),
      order._id.slice(-6),
      order._id,
      order._id.slice(-6).toUpperCase(),
    ]) {
      const body = (await get(`/api/order/all-orders?_start=0&_end=200&q=${encodeURIComponent(q)}`)).json();
      const expected = allOrders.filter(
        (o) =>
          o._id.endsWith(q.toLowerCase()) || (o.user && (contains(o.user.fullname, q) || contains(o.user.email, q))),
      );
      expect(ids(body.orders), q).toEqual(ids(expected));
      expect(body.total, q).toBe(expected.length);
    }
  });

  it('order totals without a search come from the status counts and match the rows', async () => {
    for (const query of [
      '',
      'status=delivered',
      'status=delivered&paymentStatus=paid',
      'paymentStatus=refunded',
      'status=pending&status=shipped',
    ]) {
      const params = new URLSearchParams(query);
      const statuses = params.getAll('status');
      const payments = params.getAll('paymentStatus');
      const expected = allOrders.filter(
        (o) =>
          (statuses.length === 0 || statuses.includes(o.status)) &&
          (payments.length === 0 || payments.includes(o.paymentResult.status)),
      );
      const body = (await get(`/api/order/all-orders?_start=0&_end=5&${query}`)).json();
      expect(body.total, query).toBe(expected.length);
      expect(ids(body.orders).length, query).toBe(Math.min(5, expected.length));
    }
  });
});
