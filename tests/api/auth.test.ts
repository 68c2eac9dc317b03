import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_ADMIN } from '../../src/server/config';
import { DEMO_CUSTOMER_EMAIL, DEMO_CUSTOMER_PASSWORD } from '../../src/server/seed/generate';
import { staffMember, startApp, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await startApp({ jwtSecret: 'a-test-secret-that-is-long-enough-0123456789' });
});
afterAll(() => t.close());

const login = (body: unknown) => t.call('POST', '/api/auth/login', { body });

describe('POST /api/auth/login', () => {
  it('answers a token and the session user, never a password hash', async () => {
    const response = await login({ email: DEFAULT_ADMIN.email, password: DEFAULT_ADMIN.password });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(body.user).toMatchObject({
      _id: expect.stringMatching(/^[a-f0-9]{24}$/),
      email: DEFAULT_ADMIN.email,
      role: 'admin',
      fullname: expect.any(String),
    });
    expect(Object.keys(body.user).sort()).toEqual([
      '_id',
      'avatar',
      'cartData',
      'createdAt',
      'email',
      'fullname',
      'name',
      'phone',
      'role',
    ]);
    expect(response.body).not.toMatch(/argon2|password/i);
  });

  it('accepts the email in any case', async () => {
    const response = await login({ email: DEFAULT_ADMIN.email.toUpperCase(), password: DEFAULT_ADMIN.password });
    expect(response.statusCode).toBe(200);
  });

  it('answers 401 Invalid credentials for a wrong password and for an unknown email alike', async () => {
    const wrong = await login({ email: DEFAULT_ADMIN.email, password: 'not-it' });
    const unknown = await login({ email: 'nobody@example.com', password: 'whatever' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ message: 'Invalid credentials' });
    expect(unknown.json()).toEqual({ message: 'Invalid credentials' });
  });

  it('answers 400 naming the field for a bad body', async () => {
    const response = await login({ email: 'not-an-email', password: 'x' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/^email: /);
    expect((await login({ email: DEFAULT_ADMIN.email })).json().message).toMatch(/^password: /);
  });
});

describe('login rate limit', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await startApp({ loginLimit: { maxFailures: 3, windowMs: 60_000 } });
  });
  afterAll(() => limited.close());

  it('answers 429 with Retry-After after too many failures for one email, and only for it', async () => {
    const attempt = (email: string, password: string) =>
      limited.call('POST', '/api/auth/login', { body: { email, password } });
    for (let i = 0; i < 3; i++) expect((await attempt(DEFAULT_ADMIN.email, 'wrong')).statusCode).toBe(401);
    const blocked = await attempt(DEFAULT_ADMIN.email, DEFAULT_ADMIN.password);
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(blocked.json().message).toMatch(/too many/i);
    expect((await attempt(DEMO_CUSTOMER_EMAIL, DEMO_CUSTOMER_PASSWORD)).statusCode).toBe(200);
  });
});

describe('GET /api/auth/me', () => {
  it('answers the admin', async () => {
    const response = await t.call('GET', '/api/auth/me', { token: t.adminToken });
    expect(response.statusCode).toBe(200);
    expect(response.json().user).toMatchObject({ email: DEFAULT_ADMIN.email, role: 'admin' });
  });

  it('answers a customer too, so the console can tell them they may not use it', async () => {
    const response = await t.call('GET', '/api/auth/me', { token: t.customerToken });
    expect(response.json().user).toMatchObject({ email: DEMO_CUSTOMER_EMAIL, role: 'customer' });
  });

  it('answers 401 without a token', async () => {
    expect((await t.call('GET', '/api/auth/me')).statusCode).toBe(401);
  });

  it('answers 401 for an expired token', async () => {
    const me = (await t.call('GET', '/api/auth/me', { token: t.adminToken })).json().user;
    const key = new TextEncoder().encode('a-test-secret-that-is-long-enough-0123456789');
    const expired = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(me._id)
      .setIssuedAt(Math.floor(Date.now() / 1000) - 7200)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 3600)
      .sign(key);
    expect((await t.call('GET', '/api/auth/me', { token: expired })).statusCode).toBe(401);
  });
});

describe('GET /api/auth/users', () => {
  it('answers every user with session fields and cart items', async () => {
    const response = await t.call('GET', '/api/auth/users', { token: t.adminToken });
    const { success, users } = response.json();
    expect(success).toBe(true);
    expect(users.length).toBeGreaterThanOrEqual(31);
    expect(users.some((u: { role: string }) => u.role === 'admin')).toBe(true);
    const withCart = users.find((u: { cartData: unknown[] }) => u.cartData.length > 0);
    expect(withCart.cartData[0]).toMatchObject({
      size: expect.any(String),
      color: expect.any(String),
      quantity: expect.any(Number),
    });
    expect(response.body).not.toMatch(/passwordHash|password_hash|\$argon2/);
    expect(response.headers['x-total-count']).toBeUndefined();
  });

  it('pages, filters by role and searches with the total', async () => {
    const response = await t.call('GET', '/api/auth/users?role=customer&_start=0&_end=5&_sort=email&_order=asc', {
      token: t.adminToken,
    });
    const body = response.json();
    expect(body.users).toHaveLength(5);
    expect(body.users.every((u: { role: string }) => u.role === 'customer')).toBe(true);
    const emails = body.users.map((u: { email: string }) => u.email);
    expect(emails).toEqual([...emails].sort());
    expect(body.total).toBeGreaterThanOrEqual(30);
    expect(response.headers['x-total-count']).toBe(String(body.total));

    const search = (
      await t.call('GET', `/api/auth/users?q=${encodeURIComponent(DEMO_CUSTOMER_EMAIL)}`, { token: t.adminToken })
    ).json();
    expect(search.total).toBe(1);
    expect(search.users[0].email).toBe(DEMO_CUSTOMER_EMAIL);
  });

  it('answers 400 naming an unknown filter, sort field or bad value', async () => {
    const get = (q: string) => t.call('GET', `/api/auth/users?${q}`, { token: t.adminToken });
    expect((await get('password=x')).json().message).toMatch(/^password: /);
    expect((await get('_sort=password')).json().message).toMatch(/^_sort: /);
    expect((await get('role=owner')).json().message).toMatch(/^role: /);
    expect((await get('_start=-1')).statusCode).toBe(400);
  });

  it("answers support only the customers: a staff account's page is missing to them, not to an admin", async () => {
    const support = await staffMember(t, 'support');
    const asSupport = (url: string) => t.call('GET', url, { token: support.token });
    const listed = (await asSupport('/api/auth/users?_start=0&_end=100&_sort=createdAt&_order=asc')).json();
    expect(listed.users.length).toBeGreaterThan(0);
    expect(listed.users.every((user: { role: string }) => user.role === 'customer')).toBe(true);
    expect((await asSupport('/api/auth/users?role=admin&_start=0&_end=5')).json()).toMatchObject({
      users: [],
      total: 0,
    });
    const csv = (await asSupport('/api/auth/users?format=csv')).body;
    expect(csv).not.toContain(DEFAULT_ADMIN.email);

    const hidden = await asSupport(`/api/auth/users/${support.id}`);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().message).toBe('User not found');
    const shown = await t.call('GET', `/api/auth/users/${support.id}`, { token: t.adminToken });
    expect(shown.json()).toMatchObject({
      success: true,
      user: { _id: support.id, role: 'support' },
      stats: { orders: 0, spent: 0, firstOrderAt: null, lastOrderAt: null },
    });
    expect(shown.json().user.passwordHash).toBeUndefined();
  });
});
