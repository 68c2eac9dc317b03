import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEFAULT_ADMIN, loadConfig } from '../../src/server/config';
import { startApp, type TestApp } from './helpers';

const dataDir = () => mkdtempSync(join(tmpdir(), 'sessions-'));

describe('the token secret', () => {
  it('comes from JWT_SECRET when it is set', () => {
    const secret = 'a-secret-from-the-environment-0123456789';
    expect(loadConfig({ DATA_DIR: dataDir(), JWT_SECRET: secret }).jwtSecret).toBe(secret);
  });

  it('is refused at start when JWT_SECRET is too short to resist guessing', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), JWT_SECRET: 'secret' })).toThrow(/JWT_SECRET must be at least 32 characters/);
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

  it('signs tokens that another store (another secret) does not accept', async () => {
    const [a, b] = await Promise.all([startApp(), startApp()]);
    try {
      expect((await a.call('GET', '/api/auth/me', { token: a.adminToken })).statusCode).toBe(200);
      expect((await b.call('GET', '/api/auth/me', { token: a.adminToken })).statusCode).toBe(401);
    } finally {
      await Promise.all([a.close(), b.close()]);
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
    t = await startApp({ loginLimit: { maxFailures: 3, windowMs: 60_000, maxFailuresPerAddress: 8 } });
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
    const wrongPassword: number[] = [];
    const unknownEmail: number[] = [];
    for (let i = 0; i < 12; i++) {
      const a = await timed(DEFAULT_ADMIN.email, i);
      const b = await timed(`nobody-${i}@example.com`, i);
      for (const { response } of [a, b]) {
        expect(response.statusCode).toBe(401);
        expect(response.json()).toEqual({ message: 'Invalid credentials' });
      }
      wrongPassword.push(a.ms);
      unknownEmail.push(b.ms);
    }
    const median = (values: number[]) => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)]!;
    const [known, unknown] = [median(wrongPassword), median(unknownEmail)];
    // Both pay for one argon2 verification; without the dummy hash an unknown email answers many times faster.
    expect(unknown / known).toBeGreaterThan(0.6);
    expect(unknown / known).toBeLessThan(1.6);
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
    for (let i = 0; i < 10; i++) answers.push((await login(`sprayed-${i}@example.com`, 'Summer2025!', address)).statusCode);
    expect(answers.slice(0, 8)).toEqual(Array(8).fill(401));
    expect(answers.slice(8)).toEqual([429, 429]);
    const blocked = await login(DEFAULT_ADMIN.email, DEFAULT_ADMIN.password, address);
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('are counted before the password is checked, so a locked-out guess never reaches argon2', async () => {
    const address = '10.3.0.1';
    for (let i = 0; i < 3; i++) await login(DEFAULT_ADMIN.email, 'wrong', address);
    const started = Date.now();
    const responses = await Promise.all(Array.from({ length: 20 }, () => login(DEFAULT_ADMIN.email, 'still-wrong', address)));
    expect(responses.map((r) => r.statusCode)).toEqual(Array(20).fill(429));
    expect(Date.now() - started).toBeLessThan(1000);
  });
});
