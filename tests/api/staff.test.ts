import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_ADMIN } from '../../src/server/config';
import { DEMO_CUSTOMER_EMAIL } from '../../src/server/seed/generate';
import { STAFF_PASSWORD, UNKNOWN_ID, staffMember, startApp, type TestApp } from './helpers';

let t: TestApp;
let adminId: string;
beforeAll(async () => {
  t = await startApp();
  adminId = (await t.call('GET', '/api/auth/me', { token: t.adminToken })).json().user._id;
});
afterAll(() => t.close());

const asAdmin = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) =>
  t.call(method, url, { token: t.adminToken, body });
const signIn = (email: string, password = STAFF_PASSWORD) =>
  t.call('POST', '/api/auth/login', { body: { email, password } });

describe('the Team API (regular REST, as simple-rest speaks it)', () => {
  it('adds a member (201, the record without any password) who can then sign in with their role', async () => {
    const created = await asAdmin('POST', '/api/staff', {
      fullname: 'Priya Nair',
      email: 'priya@example.com',
      role: 'support',
      password: STAFF_PASSWORD,
    });
    expect(created.statusCode).toBe(201);
    const member = created.json();
    expect(member).toEqual({
      _id: expect.stringMatching(/^[a-f0-9]{24}$/),
      id: created.json()._id,
      fullname: 'Priya Nair',
      email: 'priya@example.com',
      role: 'support',
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const session = await signIn('priya@example.com');
    expect(session.statusCode).toBe(200);
    expect(session.json().user).toMatchObject({ _id: member._id, role: 'support' });
    expect((await asAdmin('GET', `/api/staff/${member._id}`)).json()).toEqual(member);
  });

  it('lists staff only, never customers, paged with X-Total-Count, searched, filtered and sorted', async () => {
    await staffMember(t, 'manager', 'zed-manager@example.com');
    const all = await asAdmin('GET', '/api/staff?_start=0&_end=50');
    expect(all.statusCode).toBe(200);
    const members = all.json() as { email: string; role: string }[];
    expect(Array.isArray(members)).toBe(true);
    expect(Number(all.headers['x-total-count'])).toBe(members.length);
    expect(members.map((m) => m.email)).toContain(DEFAULT_ADMIN.email);
    expect(members.map((m) => m.email)).not.toContain(DEMO_CUSTOMER_EMAIL);
    expect(members.every((m) => ['admin', 'manager', 'support'].includes(m.role))).toBe(true);

    const page = await asAdmin('GET', '/api/staff?_start=0&_end=1&_sort=email&_order=desc');
    expect(page.json()).toHaveLength(1);
    expect(page.json()[0].email).toBe('zed-manager@example.com');
    expect(Number(page.headers['x-total-count'])).toBe(members.length);

    const managers = (await asAdmin('GET', '/api/staff?role=manager')).json() as { role: string }[];
    expect(managers.length).toBeGreaterThan(0);
    expect(managers.every((m) => m.role === 'manager')).toBe(true);
    expect((await asAdmin('GET', '/api/staff?q=zed-man')).json().map((m: { email: string }) => m.email)).toEqual([
      'zed-manager@example.com',
    ]);
    expect((await asAdmin('GET', '/api/staff?role=customer')).statusCode).toBe(400);
  });

  it('answers 404 for a customer read or changed through the Team API', async () => {
    const customers = (await asAdmin('GET', '/api/auth/users?role=customer&_start=0&_end=1')).json().users;
    const customerId = customers[0]._id;
    expect((await asAdmin('GET', `/api/staff/${customerId}`)).statusCode).toBe(404);
    expect((await asAdmin('PUT', `/api/staff/${customerId}`, { fullname: 'X', role: 'admin' })).statusCode).toBe(404);
    expect((await asAdmin('DELETE', `/api/staff/${customerId}`)).statusCode).toBe(404);
    expect((await asAdmin('GET', `/api/staff/${UNKNOWN_ID}`)).json()).toEqual({ message: 'Staff member not found' });
  });

  it('changes a name and a role with PUT {fullname, role}; the email and password stay', async () => {
    const member = await staffMember(t, 'support');
    const updated = await asAdmin('PUT', `/api/staff/${member.id}`, { fullname: 'Renamed', role: 'manager' });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ _id: member.id, fullname: 'Renamed', role: 'manager', email: member.email });
    expect((await signIn(member.email)).statusCode).toBe(200);
  });

  it('refuses bad input with 400 naming the field', async () => {
    const base = { fullname: 'New Person', email: 'new.person@example.com', role: 'support', password: STAFF_PASSWORD };
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ ...base, fullname: '' }, /^fullname: /],
      [{ ...base, email: 'not-an-email' }, /^email: /],
      [{ ...base, role: 'customer' }, /^role: /],
      [{ ...base, role: 'owner' }, /^role: /],
      [{ ...base, password: 'short' }, /^password: Password must be at least 10 characters/],
      [{ ...base, password: 'new.person@example.com' }, /^password: Password must not be your email address/],
    ];
    for (const [body, message] of cases) {
      const response = await asAdmin('POST', '/api/staff', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().message).toMatch(message);
    }
    expect((await asAdmin('GET', '/api/staff?q=new.person')).json()).toEqual([]);
  });

  it('refuses a second account with the same email, whatever its case (409)', async () => {
    const response = await asAdmin('POST', '/api/staff', {
      fullname: 'Copy',
      email: DEFAULT_ADMIN.email.toUpperCase(),
      role: 'support',
      password: STAFF_PASSWORD,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: 'An account with this email already exists' });
  });
});

describe('the last admin', () => {
  it('cannot be demoted or removed (409), and an admin cannot remove their own account', async () => {
    const admins = (await asAdmin('GET', '/api/staff?role=admin')).json() as { _id: string }[];
    expect(admins.map((a) => a._id)).toEqual([adminId]);
    const demote = await asAdmin('PUT', `/api/staff/${adminId}`, { fullname: 'Store Admin', role: 'manager' });
    expect(demote.statusCode).toBe(409);
    expect(demote.json()).toEqual({ message: 'The store needs at least one admin: this is the last one' });

    const second = await staffMember(t, 'admin');
    const removeSelf = await asAdmin('DELETE', `/api/staff/${adminId}`);
    expect(removeSelf.statusCode).toBe(409);
    expect(removeSelf.json()).toEqual({ message: 'You cannot remove your own account' });

    // With two admins one may step down; then the other is the last again.
    const demoteOther = await asAdmin('PUT', `/api/staff/${second.id}`, { fullname: 'A admin', role: 'support' });
    expect(demoteOther.statusCode).toBe(200);
    expect(
      (await asAdmin('PUT', `/api/staff/${adminId}`, { fullname: 'Store Admin', role: 'manager' })).statusCode,
    ).toBe(409);
    expect((await asAdmin('GET', '/api/staff?role=admin')).json().map((a: { _id: string }) => a._id)).toEqual([
      adminId,
    ]);
    expect((await asAdmin('DELETE', `/api/staff/${second.id}`)).json()).toEqual({
      success: true,
      message: 'Staff member deleted successfully',
    });
  });

  it('stays when two admins demote each other at the same moment', async () => {
    const a = await staffMember(t, 'admin');
    const b = await staffMember(t, 'admin');
    // Three admins; each of a and b demotes the original and the other at once: at least one admin remains.
    const answers = await Promise.all([
      t.call('PUT', `/api/staff/${b.id}`, { token: a.token, body: { fullname: 'B', role: 'support' } }),
      t.call('PUT', `/api/staff/${a.id}`, { token: b.token, body: { fullname: 'A', role: 'support' } }),
      asAdmin('PUT', `/api/staff/${adminId}`, { fullname: 'Store Admin', role: 'support' }),
    ]);
    expect(answers.every((r) => [200, 401, 403, 409].includes(r.statusCode))).toBe(true);
    // Counted in the store itself: whoever of them is left an admin, if any, the API would show it only to them.
    const [row] = await t.app.database.query<{ admins: number }>(
      `select count(*)::int as admins from users where role = 'admin'`,
    );
    expect(row!.admins).toBeGreaterThanOrEqual(1);
  });
});
