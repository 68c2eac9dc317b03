import { createHmac, randomBytes } from 'node:crypto';
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEFAULT_ADMIN, loadConfig } from '../../src/server/config';
import { DEMO_CUSTOMER_EMAIL, DEMO_CUSTOMER_PASSWORD } from '../../src/server/seed/generate';
import { resetStaffPassword } from '../../src/server/services/staff';
import { STAFF_PASSWORD, UNKNOWN_ID, scratchDir, staffMember, startApp, type TestApp } from './helpers';

const dataDir = () => scratchDir('sessions');

describe('the token secret', () => {
  it('comes from JWT_SECRET when it is set', () => {
    const secret = 'a-secret-from-the-environment-0123456789';
    expect(loadConfig({ DATA_DIR: dataDir(), JWT_SECRET: secret }).jwtSecret).toBe(secret);
  });

  it('is refused at start when JWT_SECRET is too short to resist guessing', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), JWT_SECRET: 'secret' })).toThrow(
      /JWT_SECRET must be at least 32 characters/,
    );
  });

  it('is otherwise generated once per data directory, kept there readable by the owner only, and reused', () => {
    const dir = dataDir();
    const first = loadConfig({ DATA_DIR: dir }).jwtSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(join(dir, '.jwt-secret'), 'utf8')).toBe(first);
    expect(statSync(join(dir, '.jwt-secret')).mode & 0o777).toBe(0o600);
    expect(loadConfig({ DATA_DIR: dir }).jwtSecret).toBe(first);
    // No constant in the code: another store gets another secret.
    expect(loadConfig({ DATA_DIR: dataDir() }).jwtSecret).not.toBe(first);
  });

  it('is made again when the kept file is empty (a crash while it was first written)', () => {
    const dir = dataDir();
    writeFileSync(join(dir, '.jwt-secret'), '');
    const secret = loadConfig({ DATA_DIR: dir }).jwtSecret;
    expect(secret.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(join(dir, '.jwt-secret'), 'utf8')).toBe(secret);
  });

  it('accepts only tokens signed with its own secret: the same claims signed by another store are refused', async () => {
    const secret = randomBytes(32).toString('hex');
    const t = await startApp({ jwtSecret: secret });
    // The admin's own token (header and claims) signed again (HS256), with this store's secret and with another's.
    const [header, claims] = t.adminToken.split('.');
    const signedWith = (key: string | Buffer) =>
      `${header}.${claims}.${createHmac('sha256', key).update(`${header}.${claims}`).digest('base64url')}`;
    const me = async (token: string) => (await t.call('GET', '/api/auth/me', { token })).statusCode;
    try {
      expect(await me(signedWith(secret))).toBe(200);
      expect(await me(signedWith(randomBytes(32)))).toBe(401);
    } finally {
      await t.close();
    }
  });

  it('refuses a TOKEN_TTL that is not a duration, at start rather than at the first sign-in', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), TOKEN_TTL: 'forever' })).toThrow(/TOKEN_TTL/);
    expect(loadConfig({ DATA_DIR: dataDir(), TOKEN_TTL: '30m' }).tokenTtl).toBe('30m');
  });
});

describe('tokens', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp({ tokenTtl: '1h' });
  });
  afterAll(() => t.close());
  afterEach(() => {
    vi.useRealTimers();
  });

  it('work until their lifetime ends, then answer 401', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    const { token } = (await t.call('POST', '/api/auth/login', { body: DEFAULT_ADMIN })).json();
    vi.setSystemTime(Date.now() + 59 * 60 * 1000);
    expect((await t.call('GET', '/api/order/all-orders?_start=0&_end=1', { token })).statusCode).toBe(200);
    vi.setSystemTime(Date.now() + 2 * 60 * 1000);
    const expired = await t.call('GET', '/api/order/all-orders?_start=0&_end=1', { token });
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toEqual({ message: 'Invalid or expired token' });
  });
});

describe('sign-in failures', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp({ loginLimit: { maxFailures: 3, windowMs: 60_000, maxFailuresPerAddress: 8, slowAfter: 1000 } });
  });
  afterAll(() => t.close());
  afterEach(() => {
    vi.useRealTimers();
  });

  const login = (email: string, password: string, remoteAddress = '127.0.0.1') =>
    t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress });

  it('answer an unknown email and a wrong password with the same message in similar time', async () => {
    // Each from its own address, so the rate limit stays out of the measurement.
    const timed = async (email: string, i: number) => {
      const started = process.hrtime.bigint();
      const response = await login(email, 'wrong-password', `10.0.${email.length}.${i}`);
      return { response, ms: Number(process.hrtime.bigint() - started) / 1e6 };
    };
    // Pairs side by side, each pair's order alternating, compared within the pair: this file runs beside
    // others, whose busy moments weigh on both of a pair alike.
    const ratios: number[] = [];
    for (let i = 0; i < 48; i++) {
      const known = () => timed(DEFAULT_ADMIN.email, i);
      const unknown = () => timed(`nobody-${i}@example.com`, i);
      const [wrongPassword, unknownEmail] =
        i % 2 === 0 ? [await known(), await unknown()] : [await unknown(), await known()].reverse();
      for (const { response } of [wrongPassword!, unknownEmail!]) {
        expect(response.statusCode).toBe(401);
        expect(response.json()).toEqual({ message: 'Invalid credentials' });
      }
      ratios.push(unknownEmail!.ms / wrongPassword!.ms);
    }
    // Both pay for one argon2 verification, about 1 : 1 (0.9 to 1.0 beside the whole API suite); without
    // the dummy hash an unknown email answers in about a third of a wrong password's time.
    const median = [...ratios].sort((x, y) => x - y)[ratios.length / 2]!;
    expect(median).toBeGreaterThan(0.6);
    expect(median).toBeLessThan(1.6);
  });

  it('are limited per address and email: 429 with Retry-After, for that email only, until the window passes', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    const address = '10.1.0.1';
    for (let i = 0; i < 3; i++) expect((await login(DEFAULT_ADMIN.email, 'wrong', address)).statusCode).toBe(401);
    const blocked = await login(DEFAULT_ADMIN.email, DEFAULT_ADMIN.password, address);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toMatch(/too many failed sign-in attempts/i);
    const retryAfter = Number(blocked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // Another address is not locked out of the same account; the right password from elsewhere works.
    expect((await login(DEFAULT_ADMIN.email, DEFAULT_ADMIN.password, '10.1.0.2')).statusCode).toBe(200);

    vi.setSystemTime(Date.now() + retryAfter * 1000);
    expect((await login(DEFAULT_ADMIN.email, DEFAULT_ADMIN.password, address)).statusCode).toBe(200);
  });

  it('are limited per address across emails, so one address cannot spray a password over many accounts', async () => {
    const address = '10.2.0.1';
    const answers: number[] = [];
    for (let i = 0; i < 10; i++)
      answers.push((await login(`sprayed-${i}@example.com`, 'Summer2025!', address)).statusCode);
    expect(answers.slice(0, 8)).toEqual(Array(8).fill(401));
    expect(answers.slice(8)).toEqual([429, 429]);
    const blocked = await login(DEFAULT_ADMIN.email, DEFAULT_ADMIN.password, address);
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('are counted before the password is checked, so a locked-out guess never reaches argon2', async () => {
    // This process's CPU time (argon2 runs on its thread pool, PGlite on a thread of its own): unlike the
    // clock, it counts none of the other test files' work beside this one.
    const cpuOf = async (guesses: Promise<LightMyRequestResponse>[]) => {
      const before = process.cpuUsage();
      const statuses = (await Promise.all(guesses)).map((response) => response.statusCode);
      const used = process.cpuUsage(before);
      return { statuses, ms: (used.user + used.system) / 1000 };
    };
    const address = '10.3.0.1';
    for (let i = 0; i < 3; i++) await login(DEFAULT_ADMIN.email, 'wrong', address);
    const lockedOut = await cpuOf(Array.from({ length: 20 }, () => login(DEFAULT_ADMIN.email, 'still-wrong', address)));
    expect(lockedOut.statuses).toEqual(Array(20).fill(429));
    // The same guesses from addresses that may still try, each checked by argon2.
    const checked = await cpuOf(
      Array.from({ length: 20 }, (_, i) => login(DEFAULT_ADMIN.email, 'still-wrong', `10.3.1.${i}`)),
    );
    expect(checked.statuses).toEqual(Array(20).fill(401));
    expect(lockedOut.ms).toBeLessThan(checked.ms / 3);
  });
});

describe('sign-in limits under load and across addresses', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp({
      loginLimit: {
        maxFailures: 3,
        windowMs: 60_000,
        maxFailuresPerAddress: 100,
        // A cap well above a sign-in's own time, which a loaded 2-core machine has taken past 400 ms.
        slowAfter: 8,
        delayStepMs: 350,
        maxDelayMs: 1000,
      },
    });
  });
  afterAll(() => t.close());

  const login = (email: string, password: string, remoteAddress: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress, headers });

  it('let no attempt past the limit when sixty arrive at once, the right password last among them', async () => {
    const member = await staffMember(t, 'support');
    const attempts = Array.from({ length: 60 }, (_, i) =>
      login(member.email, i === 59 ? STAFF_PASSWORD : `wrong-${i}`, '10.9.0.1'),
    );
    const codes = (await Promise.all(attempts)).map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toEqual([]);
    expect(codes.filter((c) => c === 401)).toHaveLength(3);
    expect(codes.filter((c) => c === 429)).toHaveLength(57);
  });

  it('slow an account guessed from many addresses down, never shut it: its owner signs in from a new address', async () => {
    const member = await staffMember(t, 'support');
    // Two failures from each of five addresses (under the per-address cap of 3), ten for the account.
    for (let i = 0; i < 10; i++) expect((await login(member.email, 'wrong', `10.8.0.${i % 5}`)).statusCode).toBe(401);
    const started = performance.now();
    const fresh = await login(member.email, STAFF_PASSWORD, '10.8.1.1');
    expect(fresh.statusCode).toBe(200);
    // Ten failures is two past slowAfter (8): the wait grew past one step (350 ms) and was held to the cap (1,000 ms).
    expect(performance.now() - started).toBeGreaterThanOrEqual(1000);
    // Other accounts are untouched.
    const other = performance.now();
    expect((await login(DEMO_CUSTOMER_EMAIL, DEMO_CUSTOMER_PASSWORD, '10.8.1.1')).statusCode).toBe(200);
    expect(performance.now() - other).toBeLessThan(1000);
  });

  it("are cleared by an admin's Unlock in Team and by reset-password", async () => {
    const member = await staffMember(t, 'manager');
    for (let i = 0; i < 3; i++) expect((await login(member.email, 'wrong', '10.6.0.1')).statusCode).toBe(401);
    expect((await login(member.email, STAFF_PASSWORD, '10.6.0.1')).statusCode).toBe(429);
    const support = await staffMember(t, 'support');
    expect((await t.call('POST', `/api/staff/${member.id}/unlock`, { token: support.token })).statusCode).toBe(403);
    const unlocked = await t.call('POST', `/api/staff/${member.id}/unlock`, { token: t.adminToken });
    expect(unlocked.statusCode).toBe(200);
    expect(unlocked.json()).toEqual({ success: true, message: `Sign-in attempts of ${member.email} cleared` });
    expect((await login(member.email, STAFF_PASSWORD, '10.6.0.1')).statusCode).toBe(200);
    expect((await t.call('POST', `/api/staff/${UNKNOWN_ID}/unlock`, { token: t.adminToken })).statusCode).toBe(404);

    for (let i = 0; i < 3; i++) await login(member.email, 'wrong', '10.6.0.2');
    expect((await login(member.email, STAFF_PASSWORD, '10.6.0.2')).statusCode).toBe(429);
    // What `npm run admin -- reset-password` refuses, changing nothing (first-admin.test.ts runs the command itself).
    await expect(resetStaffPassword(t.app.database.db, member.email, 'short')).rejects.toThrow(
      'Password must be at least 10 characters',
    );
    await expect(resetStaffPassword(t.app.database.db, 'nobody@example.com', 'a-new-password-2026')).rejects.toThrow(
      'No staff account has the email nobody@example.com',
    );
    expect((await login(member.email, STAFF_PASSWORD, '10.6.0.2')).statusCode).toBe(429);
    await resetStaffPassword(t.app.database.db, member.email, 'a-new-password-2026');
    expect((await login(member.email, 'a-new-password-2026', '10.6.0.2')).statusCode).toBe(200);
  });

  it('count wrong current passwords of a password change as failed sign-ins', async () => {
    const member = await staffMember(t, 'support');
    const change = (currentPassword: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/change-password',
        remoteAddress: '10.5.0.1',
        headers: { authorization: `Bearer ${member.token}` },
        payload: { currentPassword, newPassword: 'another-password-2026' },
      });
    for (let i = 0; i < 3; i++) expect((await change('wrong')).statusCode).toBe(400);
    const refused = await change(STAFF_PASSWORD);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // The same address cannot go on guessing through the sign-in either.
    expect((await login(member.email, STAFF_PASSWORD, '10.5.0.1')).statusCode).toBe(429);
  });

  it('key on the connection, not on X-Forwarded-For, unless TRUST_PROXY says a proxy sets it', async () => {
    const member = await staffMember(t, 'manager');
    for (let i = 0; i < 3; i++) await login(member.email, 'wrong', '10.7.0.1', { 'x-forwarded-for': `203.0.113.${i}` });
    // A client cannot pick a new address for each guess.
    expect(
      (await login(member.email, STAFF_PASSWORD, '10.7.0.1', { 'x-forwarded-for': '203.0.113.99' })).statusCode,
    ).toBe(429);

    const proxied = await startApp({ trustProxy: true, loginLimit: { maxFailures: 3, windowMs: 60_000 } });
    try {
      // The proxy appends the address it took the connection from; whatever the client wrote stands to its left.
      const viaProxy = (client: string, password: string, written?: string) =>
        proxied.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: DEMO_CUSTOMER_EMAIL, password },
          remoteAddress: '10.0.0.2',
          headers: { 'x-forwarded-for': written ? `${written}, ${client}` : client },
        });
      for (let i = 0; i < 3; i++)
        expect((await viaProxy('198.51.100.1', 'wrong', `10.0.0.${i + 10}`)).statusCode).toBe(401);
      // A new left-most address for each guess changes nothing: the client is the address the proxy wrote.
      expect((await viaProxy('198.51.100.1', DEMO_CUSTOMER_PASSWORD, '10.0.0.99')).statusCode).toBe(429);
      // Nor can a client lock out another by writing its address.
      expect((await viaProxy('198.51.100.2', DEMO_CUSTOMER_PASSWORD, '198.51.100.1')).statusCode).toBe(200);
    } finally {
      await proxied.close();
    }
  });

  it('read TRUST_PROXY from the environment, off unless set', () => {
    const dir = dataDir();
    expect(loadConfig({ DATA_DIR: dir }).trustProxy).toBe(false);
    expect(loadConfig({ DATA_DIR: dir, TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ DATA_DIR: dir, TRUST_PROXY: '10.0.0.0/8' }).trustProxy).toBe('10.0.0.0/8');
    expect(loadConfig({ DATA_DIR: dir, TRUST_PROXY: '2' }).trustProxy).toBe(2);
  });
});

describe('sessions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp({ tokenTtl: '2h' });
  });
  afterAll(() => t.close());

  const signIn = async (email: string, password = STAFF_PASSWORD) =>
    (await t.call('POST', '/api/auth/login', { body: { email, password } })).json().token as string;
  const me = (token: string) => t.call('GET', '/api/auth/me', { token });
  const claimsOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString());

  it('carry exp, their lifetime after iat, and a session id', async () => {
    const claims = claimsOf(t.adminToken);
    expect(claims.exp - claims.iat).toBe(2 * 3600);
    expect(claims.sid).toEqual(expect.any(String));
  });

  it('end at Sign Out: the token answers 401 at once, other sessions stay', async () => {
    const member = await staffMember(t, 'support');
    const other = await signIn(member.email);
    const out = await t.call('POST', '/api/auth/logout', { token: member.token });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ success: true, message: 'Signed out' });
    expect((await me(member.token)).statusCode).toBe(401);
    expect((await t.call('GET', '/api/order/all-orders?_start=0&_end=1', { token: member.token })).statusCode).toBe(
      401,
    );
    expect((await me(other)).statusCode).toBe(200);
  });

  it('change the password with the current one: this session stays, every other ends, the new password signs in', async () => {
    const member = await staffMember(t, 'manager');
    const elsewhere = await signIn(member.email);
    const changed = await t.call('POST', '/api/auth/change-password', {
      token: member.token,
      body: { currentPassword: STAFF_PASSWORD, newPassword: 'a-brand-new-password' },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toEqual({ success: true, message: 'Password changed' });
    expect((await me(member.token)).statusCode).toBe(200);
    expect((await me(elsewhere)).statusCode).toBe(401);
    expect(
      (await t.call('POST', '/api/auth/login', { body: { email: member.email, password: STAFF_PASSWORD } })).statusCode,
    ).toBe(401);
    expect(
      (await t.call('POST', '/api/auth/login', { body: { email: member.email, password: 'a-brand-new-password' } }))
        .statusCode,
    ).toBe(200);
  });

  it('refuse a password change that names the field: wrong current password, too short, the email itself', async () => {
    const member = await staffMember(t, 'support');
    const change = (body: unknown) => t.call('POST', '/api/auth/change-password', { token: member.token, body });
    const cases: [unknown, string][] = [
      [
        { currentPassword: 'not-my-password', newPassword: 'a-brand-new-password' },
        'currentPassword: Current password is incorrect',
      ],
      [
        { currentPassword: STAFF_PASSWORD, newPassword: 'short' },
        'newPassword: Password must be at least 10 characters',
      ],
      [
        { currentPassword: STAFF_PASSWORD, newPassword: member.email.toUpperCase() },
        'newPassword: Password must not be your email address',
      ],
      [{ newPassword: 'a-brand-new-password' }, 'currentPassword: Current password is required'],
      [
        { currentPassword: STAFF_PASSWORD, newPassword: STAFF_PASSWORD },
        'newPassword: New password must differ from the current one',
      ],
    ];
    for (const [body, message] of cases) {
      const response = await change(body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json()).toEqual({ message });
    }
    expect(
      (await t.call('POST', '/api/auth/login', { body: { email: member.email, password: STAFF_PASSWORD } })).statusCode,
    ).toBe(200);
    // A customer has no console password to change here.
    expect(
      (await t.call('POST', '/api/auth/change-password', { token: t.customerToken, body: cases[0]![0] })).statusCode,
    ).toBe(403);
  });

  it('apply a role change from the next request, and end at once when the member is removed', async () => {
    const member = await staffMember(t, 'manager');
    const deleteProduct = () => t.call('DELETE', `/api/product/delete-product/${UNKNOWN_ID}`, { token: member.token });
    expect((await deleteProduct()).statusCode).toBe(404);
    await t.call('PUT', `/api/staff/${member.id}`, {
      token: t.adminToken,
      body: { fullname: 'Demoted', role: 'support' },
    });
    expect((await deleteProduct()).statusCode).toBe(403);
    expect((await me(member.token)).json().user.role).toBe('support');

    expect((await t.call('DELETE', `/api/staff/${member.id}`, { token: t.adminToken })).statusCode).toBe(200);
    expect((await me(member.token)).statusCode).toBe(401);
    expect(
      (await t.call('POST', '/api/auth/login', { body: { email: member.email, password: STAFF_PASSWORD } })).statusCode,
    ).toBe(401);
  });

  it('stop a support member at the API: no coupon added, no product deleted, order status changes allowed', async () => {
    const support = await staffMember(t, 'support');
    const coupon = await t.call('POST', '/api/coupon/add', {
      token: support.token,
      body: { code: 'SUPPORT10', discountType: 'percentage', discountValue: 10 },
    });
    expect(coupon.statusCode).toBe(403);
    expect(coupon.json()).toEqual({ message: expect.any(String) });
    const order = (await t.call('GET', '/api/order/all-orders?_start=0&_end=1', { token: support.token })).json()
      .orders[0];
    const product = (
      await t.call('GET', '/api/product/get-all-products?_start=0&_end=1', { token: support.token })
    ).json().products[0];
    expect(
      (await t.call('DELETE', `/api/product/delete-product/${product._id}`, { token: support.token })).statusCode,
    ).toBe(403);
    const next = order.status === 'shipped' ? 'delivered' : 'shipped';
    const status = await t.call('PUT', `/api/order/update-status/${order._id}`, {
      token: support.token,
      body: { status: next },
    });
    expect(status.statusCode).toBe(200);
  });
});
