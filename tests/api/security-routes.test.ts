import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RegisteredRoute } from '../../src/server/app';
import { serverResources } from '../../src/server/resources';
import { UNKNOWN_ID, startApp, type TestApp } from './helpers';

/**
 * The authorisation matrix. Every route the server registers is read from Fastify's onRoute hook
 * (app.registeredRoutes), so a route added tomorrow is checked too: it must answer as an admin route
 * (401 without or with a bad token, 403 to a customer) unless it is classified here on purpose.
 */
const PUBLIC = new Set([
  'GET /api/health',
  'HEAD /api/health',
  'POST /api/auth/login',
  // Uploaded images appear in the storefront and in <img> tags, which send no bearer token.
  'GET /uploads/*',
  'HEAD /uploads/*',
  // The built console: anyone may load the sign-in screen.
  'GET /*',
  'HEAD /*',
]);
/** Any signed-in user, customers included: the console asks who you are to tell a customer they may not use it. */
const SIGNED_IN = new Set(['GET /api/auth/me', 'HEAD /api/auth/me']);

const SECRET = 'authorisation-matrix-secret-0123456789abcdef';
const key = new TextEncoder().encode(SECRET);
const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

let t: TestApp;
let routes: RegisteredRoute[];
let adminId: string;
const badTokens: Record<string, string> = {};

beforeAll(async () => {
  const staticDir = join(process.env.TMPDIR ?? '/tmp', `matrix-console-${process.pid}`);
  mkdirSync(staticDir, { recursive: true });
  writeFileSync(join(staticDir, 'index.html'), '<!doctype html><div id="root"></div>');
  // With a built console the static routes register too, so the matrix covers everything npm start serves.
  t = await startApp({ jwtSecret: SECRET, staticDir });
  routes = [...t.app.registeredRoutes];
  adminId = (await t.call('GET', '/api/auth/me', { token: t.adminToken })).json().user._id;
  const now = Math.floor(Date.now() / 1000);
  const [header, , signature] = t.adminToken.split('.');
  badTokens.expired = await new SignJWT({}).setProtectedHeader({ alg: 'HS256' }).setSubject(adminId).setIssuedAt(now - 7200).setExpirationTime(now - 60).sign(key);
  badTokens['signed with another secret'] = await new SignJWT({})
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(adminId)
    .setExpirationTime('1h')
    .sign(new TextEncoder().encode('someone-elses-secret-0123456789abcdef'));
  badTokens['unsigned (alg none)'] = `${base64url({ alg: 'none' })}.${base64url({ sub: adminId, exp: now + 3600 })}.`;
  badTokens['payload swapped under a valid signature'] = `${header}.${base64url({ sub: adminId, iat: now, exp: now + 86_400 * 365 })}.${signature}`;
  badTokens['signature altered'] = `${t.adminToken.slice(0, -4)}${t.adminToken.slice(-4) === 'AAAA' ? 'BBBB' : 'AAAA'}`;
  badTokens['for a user that does not exist'] = await new SignJWT({}).setProtectedHeader({ alg: 'HS256' }).setSubject(UNKNOWN_ID).setExpirationTime('1h').sign(key);
});
afterAll(() => t.close());

const label = (route: RegisteredRoute) => `${route.method} ${route.url}`;
/** A concrete URL for a route pattern: ids get one no row has, wildcards a plain file name. */
const concrete = (url: string) => url.replace(/:\w+/g, UNKNOWN_ID).replace(/\*$/, 'nothing-here.png');
const request = (route: RegisteredRoute, token?: string) =>
  t.call(route.method, concrete(route.url), { token, body: ['POST', 'PUT', 'PATCH'].includes(route.method) ? {} : undefined });

const protectedRoutes = () => routes.filter((r) => !PUBLIC.has(label(r)));
const adminRoutes = () => protectedRoutes().filter((r) => !SIGNED_IN.has(label(r)));

describe('the route table', () => {
  it('holds every area of the API, so the matrix below is not checking an empty list', () => {
    const labels = routes.map(label);
    for (const area of ['/api/auth/', '/api/product/', '/api/order/', '/api/coupon/', '/api/blog/', '/api/banners', '/api/uploads']) {
      expect(labels.some((l) => l.includes(area)), area).toBe(true);
    }
    expect(adminRoutes().length).toBeGreaterThanOrEqual(27);
  });

  it('holds every route of every declared resource, none of them public', () => {
    const admin = new Set(adminRoutes().map(label));
    const declared = serverResources.flatMap((resource) => Object.values(resource.routes).map((route) => `${route.method} ${route.url}`));
    expect(declared.length).toBeGreaterThanOrEqual(3 * serverResources.length);
    expect(declared.filter((l) => !admin.has(l))).toEqual([]);
  });

  it('has no public or signed-in entry left that the server no longer registers', () => {
    const labels = new Set(routes.map(label));
    expect([...PUBLIC, ...SIGNED_IN].filter((l) => !labels.has(l))).toEqual([]);
  });
});

describe('every route that is not public', () => {
  it('answers 401 {message} without a token', async () => {
    for (const route of protectedRoutes()) {
      const response = await request(route);
      expect(response.statusCode, label(route)).toBe(401);
      if (route.method !== 'HEAD') expect(response.json(), label(route)).toEqual({ message: expect.any(String) });
    }
  });

  it.each(['expired', 'signed with another secret', 'unsigned (alg none)', 'payload swapped under a valid signature', 'signature altered', 'for a user that does not exist'])(
    'answers 401 to a token %s',
    async (kind) => {
      for (const route of protectedRoutes()) {
        const response = await request(route, badTokens[kind]);
        expect(response.statusCode, label(route)).toBe(401);
      }
    },
  );

  it('answers 401 to a token sent in another scheme than Bearer', async () => {
    for (const route of protectedRoutes()) {
      const response = await t.app.inject({ method: route.method, url: concrete(route.url), headers: { authorization: `Basic ${t.adminToken}` } });
      expect(response.statusCode, label(route)).toBe(401);
    }
  });
});

describe('admin routes', () => {
  it('answer 403 {message} to a signed-in customer', async () => {
    for (const route of adminRoutes()) {
      const response = await request(route, t.customerToken);
      expect(response.statusCode, label(route)).toBe(403);
      if (route.method !== 'HEAD') expect(response.json(), label(route)).toEqual({ message: 'Admin access required' });
    }
  });

  it('let the admin through (the guard is not simply refusing everyone)', async () => {
    for (const route of adminRoutes()) {
      const response = await request(route, t.adminToken);
      expect([401, 403], `${label(route)} answered ${response.statusCode}`).not.toContain(response.statusCode);
    }
  });
});

describe('signed-in and public routes', () => {
  it('answer a customer on the signed-in routes', async () => {
    for (const route of routes.filter((r) => SIGNED_IN.has(label(r)))) {
      expect((await request(route, t.customerToken)).statusCode, label(route)).toBe(200);
    }
  });

  it('answer the public routes without a token', async () => {
    for (const route of routes.filter((r) => PUBLIC.has(label(r)))) {
      const response = await request(route);
      expect([401, 403], `${label(route)} answered ${response.statusCode}`).not.toContain(response.statusCode);
    }
  });
});
