import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverResources } from '../../src/server/resources';
import { UNKNOWN_ID, startApp, type TestApp } from './helpers';

/** The CRUD routes of every declared resource (src/server/resources), an id no row has in place of :id. */
const RESOURCE_ROUTES: [string, string][] = serverResources.flatMap((resource) =>
  Object.values(resource.routes).map((route): [string, string] => [route.method, route.url.replace(':id', UNKNOWN_ID)]),
);

/** Every admin route of the store API (coupon delete and uploads included): staff only, behind the bearer token. */
const ADMIN_ROUTES: [string, string][] = [
  ['GET', '/api/auth/users'],
  ['GET', '/api/order/monthly-sales'],
  ['GET', '/api/order/sales-by-category'],
  ['GET', '/api/order/dashboard-summary'],
  ['GET', '/api/order/all-orders'],
  ['GET', `/api/order/order/${UNKNOWN_ID}`],
  ['PUT', `/api/order/update-status/${UNKNOWN_ID}`],
  ['GET', '/api/product/get-all-products'],
  ['GET', `/api/product/get-product-details/${UNKNOWN_ID}`],
  ['POST', '/api/product/add-product'],
  ['PUT', `/api/product/update-product/${UNKNOWN_ID}`],
  ['DELETE', `/api/product/delete-product/${UNKNOWN_ID}`],
  // Issue 14: the exports (the lists' own routes, as CSV) and the bulk actions.
  ['GET', '/api/order/all-orders?format=csv'],
  ['GET', '/api/product/get-all-products?format=csv'],
  ['GET', '/api/auth/users?format=csv'],
  ['GET', '/api/coupon/allcoupons?format=csv'],
  ['POST', '/api/order/bulk-status'],
  ['POST', '/api/product/bulk-status'],
  ['POST', '/api/product/bulk-delete'],
  ...RESOURCE_ROUTES,
  ['POST', '/api/uploads'],
];

let t: TestApp;
beforeAll(async () => {
  t = await startApp();
});
afterAll(() => t.close());

describe('admin routes', () => {
  it.each(ADMIN_ROUTES)('%s %s answers 401 without a token', async (method, url) => {
    const response = await t.call(method as 'GET', url, {
      body: method === 'GET' || method === 'DELETE' ? undefined : {},
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: expect.any(String) });
  });

  it.each(ADMIN_ROUTES)('%s %s answers 403 to a customer', async (method, url) => {
    const response = await t.call(method as 'GET', url, {
      token: t.customerToken,
      body: method === 'GET' || method === 'DELETE' ? undefined : {},
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe('Staff access required');
  });

  it('rejects a token that is not one of ours', async () => {
    const response = await t.call('GET', '/api/order/all-orders', { token: 'eyJhbGciOiJIUzI1NiJ9.e30.bad' });
    expect(response.statusCode).toBe(401);
  });

  it('rejects a malformed authorization header', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/order/all-orders',
      headers: { authorization: `Token ${t.adminToken}` },
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('public routes and errors', () => {
  it('answers the health check without a token', async () => {
    const response = await t.call('GET', '/api/health');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('answers 404 {message} for an unknown /api route', async () => {
    const response = await t.call('GET', '/api/nothing-here', { token: t.adminToken });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toMatch(/not found/);
  });

  it('answers 400 {message} for malformed JSON', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/coupon/add',
      headers: { authorization: `Bearer ${t.adminToken}`, 'content-type': 'application/json' },
      payload: '{"code": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: expect.any(String) });
  });

  it('answers 413 {message} for a body over the limit', async () => {
    const response = await t.call('POST', '/api/blog/add-blog', {
      token: t.adminToken,
      body: { content: 'x'.repeat(2 * 1024 * 1024) },
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ message: expect.any(String) });
  });

  it('sends the security headers with a CSP the console runs under', async () => {
    const response = await t.call('GET', '/api/health');
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toContain("img-src 'self' data: blob: https:");
    expect(csp).toContain("connect-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('DENY');
  });

  it('answers a page saying to build the console when it is not built', async () => {
    const response = await t.call('GET', '/orders');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(response.body).toContain('npm run build');
  });
});

describe('serving the built console', () => {
  let withConsole: TestApp;
  beforeAll(async () => {
    const staticDir = join(t.uploadsDir, '..', 'built-console');
    mkdirSync(join(staticDir, 'assets'), { recursive: true });
    writeFileSync(join(staticDir, 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(join(staticDir, 'assets', 'app.js'), 'console.log(1)');
    writeFileSync(join(staticDir, 'assets', 'app.js.br'), brotliCompressSync('console.log(1)'));
    withConsole = await startApp({ staticDir });
  });
  afterAll(() => withConsole.close());

  it('serves files of the build', async () => {
    const response = await withConsole.call('GET', '/assets/app.js');
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('console.log(1)');
  });

  it('sends the brotli copy the build wrote to a browser that accepts it, the file itself to one that does not', async () => {
    const compressed = await withConsole.app.inject({
      url: '/assets/app.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(compressed.statusCode).toBe(200);
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(compressed.headers['content-type']).toMatch(/javascript/);
    expect(brotliDecompressSync(compressed.rawPayload).toString()).toBe('console.log(1)');
    const plain = await withConsole.app.inject({ url: '/assets/app.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log(1)');
  });

  it.each(['/', '/orders', '/admin/edit-blog/abc'])('answers index.html for the console route %s', async (url) => {
    const response = await withConsole.call('GET', url);
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<div id="root">');
  });

  it('keeps answering JSON 404 for unknown /api and /uploads paths', async () => {
    expect((await withConsole.call('GET', '/api/unknown')).json().message).toMatch(/not found/);
    expect((await withConsole.call('GET', '/uploads/missing.png')).statusCode).toBe(404);
  });
});
