import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RegisteredRoute } from '../../src/server/app';
import type { ServerResource } from '../../src/server/resource-routes';
import { serverResources } from '../../src/server/resources';
import { UNKNOWN_ID, scratchDir, staffMember, startApp, type TestApp } from './helpers';

/**
 * The authorisation matrix: every route the server registers (read from Fastify's onRoute hook, so a
 * route added tomorrow is in it) × every caller: no token, broken tokens, a customer, and each staff
 * role. A route without a declared access does not even start (app.ts), and what each role may do is
 * written out here, on its own, rather than read back from the server's table: a route classified
 * too loosely fails below.
 */
const ROLES = ['admin', 'manager', 'support'] as const;
type Role = (typeof ROLES)[number];

/** Which access levels each role holds: the README's roles table. */
const GRANTED: Record<Role, readonly string[]> = {
  admin: ['signedIn', 'staff', 'read', 'orderStatus', 'write', 'delete', 'team'],
  manager: ['signedIn', 'staff', 'read', 'orderStatus', 'write', 'delete'],
  support: ['signedIn', 'staff', 'read', 'orderStatus'],
};

/** The only routes open to everyone. */
const PUBLIC = new Set([
  'GET /api/health',
  'HEAD /api/health',
  'POST /api/auth/login',
  // Uploaded images appear in the storefront and in <img> tags, which send no bearer token.
  'GET /uploads/*',
  'HEAD /uploads/*',
  // The built console (here only its index.html), a route per file: anyone may load the sign-in screen.
  'GET /',
  'HEAD /',
  'GET /index.html',
  'HEAD /index.html',
]);
/**
 * The only routes a customer may call: the console asks who you are to tell a customer they may not use
 * it, and the storefront places the customer's own order (staff get 403 there: they use /create).
 */
const SIGNED_IN = new Set(['GET /api/auth/me', 'HEAD /api/auth/me', 'POST /api/auth/logout', 'POST /api/order/place']);
/**
 * Support writes nothing but these: its own password, an order's status (one or a selection), notes on
 * an order, and an order a customer asks for by phone.
 */
const SUPPORT_WRITES = new Set([
  'POST /api/order/create',
  'PUT /api/order/update-status/:id',
  'POST /api/order/bulk-status',
  'POST /api/order/order/:id/notes',
  'POST /api/order/order/:id/place',
  // A customer calls to swap a size, or sends a parcel back: support edit orders before shipping and
  // move returns on; only the refund (money) is for those who may change the catalogue.
  'POST /api/order/order/:id/edit/preview',
  'PUT /api/order/order/:id/items',
  'POST /api/order/order/:id/returns',
  'POST /api/returns/:id/receive',
  'POST /api/returns/:id/close',
  'POST /api/returns/:id/reject',
  'POST /api/auth/change-password',
  'POST /api/auth/logout',
  // "I have this record open for editing", told to the other sessions that may read it; it writes nothing.
  'POST /api/events/presence',
  // Their own bell: which notifications they have read, and which kinds they receive.
  'POST /api/notifications/read',
  'PUT /api/notifications/settings',
]);
/** The Team and the audit log: admins only. */
const TEAM = [
  'GET /api/audit',
  'HEAD /api/audit',
  'HEAD /api/audit/',
  'POST /api/audit/:id/restore',
  'DELETE /api/trash/:resource/:recordId',
  'GET /api/staff',
  'HEAD /api/staff',
  'HEAD /api/staff/',
  'POST /api/staff',
  'GET /api/staff/:id',
  'HEAD /api/staff/:id',
  'PUT /api/staff/:id',
  'PATCH /api/staff/:id',
  'DELETE /api/staff/:id',
  'POST /api/staff/:id/unlock',
];

const SECRET = 'authorisation-matrix-secret-0123456789abcdef';
const key = new TextEncoder().encode(SECRET);
const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

let t: TestApp;
let routes: RegisteredRoute[];
const tokens = {} as Record<Role, string>;
const badTokens: Record<string, string> = {};

beforeAll(async () => {
  const staticDir = scratchDir('matrix-console');
  writeFileSync(join(staticDir, 'index.html'), '<!doctype html><div id="root"></div>');
  // With a built console the static routes register too, so the matrix covers everything npm start serves.
  t = await startApp({ jwtSecret: SECRET, staticDir });
  routes = [...t.app.registeredRoutes];
  tokens.admin = t.adminToken;
  tokens.manager = (await staffMember(t, 'manager')).token;
  tokens.support = (await staffMember(t, 'support')).token;
  const claims = JSON.parse(Buffer.from(t.adminToken.split('.')[1]!, 'base64url').toString());
  const { sub, sid } = claims as { sub: string; sid: string };
  const now = Math.floor(Date.now() / 1000);
  const [header, , signature] = t.adminToken.split('.');
  const signed = (payload: Record<string, unknown>) =>
    new SignJWT(payload).setProtectedHeader({ alg: 'HS256' }).setSubject(sub);
  badTokens.expired = await signed({ sid })
    .setIssuedAt(now - 7200)
    .setExpirationTime(now - 60)
    .sign(key);
  badTokens['without exp'] = await signed({ sid }).setIssuedAt().sign(key);
  badTokens['without a session'] = await signed({}).setExpirationTime('1h').sign(key);
  badTokens['of a session that does not exist'] = await signed({ sid: 'no-such-session' })
    .setExpirationTime('1h')
    .sign(key);
  badTokens['signed with another secret'] = await signed({ sid })
    .setExpirationTime('1h')
    .sign(new TextEncoder().encode('someone-elses-secret-0123456789abcdef'));
  badTokens['unsigned (alg none)'] = `${base64url({ alg: 'none' })}.${base64url({ sub, sid, exp: now + 3600 })}.`;
  badTokens['payload swapped under a valid signature'] =
    `${header}.${base64url({ sub, sid, iat: now, exp: now + 86_400 * 365 })}.${signature}`;
  badTokens['signature altered'] = `${t.adminToken.slice(0, -4)}${t.adminToken.slice(-4) === 'AAAA' ? 'BBBB' : 'AAAA'}`;
  badTokens['for a user that does not exist'] = await new SignJWT({ sid })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(UNKNOWN_ID)
    .setExpirationTime('1h')
    .sign(key);
});
afterAll(() => t.close());

const label = (route: RegisteredRoute) => `${route.method} ${route.url}`;
/** A concrete URL for a route pattern: ids get one no row has, wildcards a plain file name. */
const concrete = (url: string) => url.replace(/:\w+/g, UNKNOWN_ID).replace(/\*$/, 'nothing-here.png');
/** The live stream answers its headers and then stays open: it is read as a stream and let go. */
const STREAMS = new Set(['GET /api/events']);
const request = async (route: RegisteredRoute, token?: string) => {
  if (!STREAMS.has(label(route)))
    return t.call(route.method, concrete(route.url), {
      token,
      body: ['POST', 'PUT', 'PATCH'].includes(route.method) ? {} : undefined,
    });
  const response = await t.app.inject({
    method: 'GET',
    url: route.url,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    payloadAsStream: true,
  });
  const body = response.stream();
  let text = '';
  if (response.statusCode >= 400) for await (const chunk of body) text += String(chunk);
  body.destroy();
  return { statusCode: response.statusCode, json: () => JSON.parse(text) as unknown };
};
const isWrite = (route: RegisteredRoute) => !['GET', 'HEAD'].includes(route.method);

const protectedRoutes = () => routes.filter((r) => !PUBLIC.has(label(r)));
const staffRoutes = () => protectedRoutes().filter((r) => !SIGNED_IN.has(label(r)));

describe('the route table', () => {
  it('holds every area of the API, so the matrix below is not checking an empty list', () => {
    const labels = routes.map(label);
    for (const area of [
      '/api/auth/',
      '/api/staff',
      '/api/product/',
      '/api/order/',
      '/api/coupon/',
      '/api/blog/',
      '/api/banners',
      '/api/uploads',
    ]) {
      expect(
        labels.some((l) => l.includes(area)),
        area,
      ).toBe(true);
    }
    expect(staffRoutes().length).toBeGreaterThanOrEqual(33);
  });

  it('classifies every route: the public and signed-in ones are exactly the lists above', () => {
    expect(
      routes
        .filter((r) => r.access === 'public')
        .map(label)
        .sort(),
    ).toEqual([...PUBLIC].sort());
    expect(
      routes
        .filter((r) => r.access === 'signedIn')
        .map(label)
        .sort(),
    ).toEqual([...SIGNED_IN].sort());
  });

  it('gives support no write but its password and order status, and the Team to admins alone', () => {
    const supportWrites = routes
      .filter((r) => isWrite(r) && GRANTED.support.includes(r.access) && r.access !== 'signedIn')
      .map(label);
    expect(supportWrites.sort()).toEqual([...SUPPORT_WRITES].filter((l) => l !== 'POST /api/auth/logout').sort());
    expect(
      routes
        .filter((r) => r.access === 'team')
        .map(label)
        .sort(),
    ).toEqual(TEAM.sort());
  });

  it('holds every route of every declared resource: reads for any staff, writes and deletes classified as such', () => {
    const byLabel = new Map(routes.map((r) => [label(r), r.access]));
    for (const resource of serverResources) {
      for (const [verb, route] of Object.entries(resource.routes)) {
        const kind =
          verb === 'list' || verb === 'get'
            ? 'read'
            : verb === 'remove' || verb === 'bulkRemove'
              ? 'delete'
              : verb === 'create'
                ? 'create'
                : 'update';
        const expected = resource.contract.access[kind];
        expect(byLabel.get(`${route.method} ${route.url}`), `${resource.name} ${verb}`).toBe(expected);
      }
    }
  });

  it('classifies the bulk actions as their single changes', () => {
    const byLabel = new Map(routes.map((r) => [label(r), r.access]));
    expect(byLabel.get('POST /api/order/bulk-status')).toBe('orderStatus');
    expect(byLabel.get('POST /api/product/bulk-status')).toBe('write');
    expect(byLabel.get('POST /api/product/bulk-delete')).toBe('delete');
    expect(byLabel.get('POST /api/product/skus/batch')).toBe('write');
    expect(byLabel.get('POST /api/coupon/bulk-status')).toBe('write');
    expect(byLabel.get('POST /api/coupon/bulk-delete')).toBe('delete');
  });

  it('refuses to start a server with an API route that declares no access', async () => {
    const rogue: ServerResource = {
      ...serverResources[0]!,
      name: 'rogue',
      base: '/api/rogue',
      plugin: () => async (app) => {
        app.get('/', async () => []);
      },
    };
    await expect(startApp({}, { extraResources: [rogue] })).rejects.toThrow('GET /api/rogue declares no access');
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

  it.each(
    Object.keys({
      expired: 1,
      'without exp': 1,
      'without a session': 1,
      'of a session that does not exist': 1,
      'signed with another secret': 1,
      'unsigned (alg none)': 1,
      'payload swapped under a valid signature': 1,
      'signature altered': 1,
      'for a user that does not exist': 1,
    }),
  )('answers 401 to a token %s', async (kind) => {
    for (const route of protectedRoutes()) {
      const response = await request(route, badTokens[kind]);
      expect(response.statusCode, `${label(route)} with a token ${kind}`).toBe(401);
    }
  });

  it('answers 401 to a token sent in another scheme than Bearer', async () => {
    for (const route of protectedRoutes()) {
      const response = await t.app.inject({
        method: route.method,
        url: concrete(route.url),
        headers: { authorization: `Basic ${t.adminToken}` },
      });
      expect(response.statusCode, label(route)).toBe(401);
    }
  });
});

describe('staff routes', () => {
  it('answer 403 {message} to a signed-in customer', async () => {
    for (const route of staffRoutes()) {
      const response = await request(route, t.customerToken);
      expect(response.statusCode, label(route)).toBe(403);
      if (route.method !== 'HEAD') expect(response.json(), label(route)).toEqual({ message: 'Staff access required' });
    }
  });

  it.each(ROLES)('let %s through exactly where its role allows, and answer 403 {message} elsewhere', async (role) => {
    for (const route of staffRoutes()) {
      const response = await request(route, tokens[role]);
      if (GRANTED[role].includes(route.access)) {
        expect([401, 403], `${role}: ${label(route)} answered ${response.statusCode}`).not.toContain(
          response.statusCode,
        );
      } else {
        expect(response.statusCode, `${role}: ${label(route)}`).toBe(403);
        if (route.method !== 'HEAD') expect(response.json(), label(route)).toEqual({ message: expect.any(String) });
      }
    }
  });
});

describe('signed-in and public routes', () => {
  it('answer a customer on the signed-in routes', async () => {
    for (const route of routes.filter((r) => SIGNED_IN.has(label(r)) && r.method !== 'POST')) {
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
