import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config';
import { teeImage } from '../../src/server/seed/images';
import { UNKNOWN_ID, scratchDir, startApp, type TestApp } from './helpers';

let t: TestApp;
let imageUrl: string;
beforeAll(async () => {
  const staticDir = scratchDir('headers-console');
  mkdirSync(join(staticDir, 'assets'), { recursive: true });
  writeFileSync(
    join(staticDir, 'index.html'),
    '<!doctype html><div id="root"></div><script type="module" src="/assets/app.js"></script>',
  );
  writeFileSync(join(staticDir, 'assets', 'app.js'), 'export {}');
  t = await startApp({ staticDir, loginLimit: { maxFailures: 1, windowMs: 60_000 } });
  const image = teeImage('#22c55e', 8);
  writeFileSync(join(t.uploadsDir, 'known.png'), image);
  imageUrl = '/uploads/known.png';
});
afterAll(() => t.close());

const admin = () => ({ authorization: `Bearer ${t.adminToken}` });
const json = { 'content-type': 'application/json' };

/** What a response must carry, whatever it is: the console's CSP, no sniffing, no framing. */
function expectSecurityHeaders(response: LightMyRequestResponse) {
  const csp = String(response.headers['content-security-policy'] ?? '');
  expect(csp.split('; ').sort()).toEqual(
    [
      "default-src 'self'",
      "script-src 'self'",
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data: blob: https:",
      "font-src 'self' data:",
      "connect-src 'self'",
      "object-src 'none'",
      "base-uri 'self'",
      "form-action 'self'",
      "frame-ancestors 'none'",
    ].sort(),
  );
  expect(response.headers['x-content-type-options']).toBe('nosniff');
  expect(response.headers['x-frame-options']).toBe('DENY');
  expect(response.headers['referrer-policy']).toBe('no-referrer');
  expect(response.headers['x-powered-by']).toBeUndefined();
}

const cases: [string, () => Promise<LightMyRequestResponse>, number][] = [
  ['an API answer', () => t.app.inject({ url: '/api/order/all-orders?_start=0&_end=1', headers: admin() }), 200],
  ['a HEAD request', () => t.app.inject({ method: 'HEAD', url: '/api/health' }), 200],
  ['a missing token', () => t.app.inject({ url: '/api/order/all-orders' }), 401],
  [
    'a customer on an admin route',
    () => t.app.inject({ url: '/api/order/all-orders', headers: { authorization: `Bearer ${t.customerToken}` } }),
    403,
  ],
  ['an unknown id', () => t.app.inject({ url: `/api/order/order/${UNKNOWN_ID}`, headers: admin() }), 404],
  ['an unknown API route', () => t.app.inject({ url: '/api/not-a-route', headers: admin() }), 404],
  [
    'a validation error',
    () =>
      t.app.inject({ method: 'POST', url: '/api/coupon/add', headers: { ...admin(), ...json }, payload: { code: '' } }),
    400,
  ],
  [
    'malformed JSON',
    () =>
      t.app.inject({ method: 'POST', url: '/api/coupon/add', headers: { ...admin(), ...json }, payload: '{"code":' }),
    400,
  ],
  [
    'a prototype-poisoning body',
    () =>
      t.app.inject({
        method: 'POST',
        url: '/api/coupon/add',
        headers: { ...admin(), ...json },
        payload: '{"__proto__":{"isAdmin":true}}',
      }),
    400,
  ],
  [
    'an unsupported content type',
    () =>
      t.app.inject({
        method: 'POST',
        url: '/api/coupon/add',
        headers: { ...admin(), 'content-type': 'application/xml' },
        payload: '<coupon/>',
      }),
    415,
  ],
  [
    'a body over the limit',
    () =>
      t.app.inject({
        method: 'POST',
        url: '/api/blog/add-blog',
        headers: { ...admin(), ...json },
        payload: JSON.stringify({ content: 'x'.repeat(1_100_000) }),
      }),
    413,
  ],
  // Fastify answers these two before any hook runs.
  ['a malformed URL', () => t.app.inject({ url: '/api/order/order/%E0%A4%A' }), 400],
  [
    'a path parameter over the length limit',
    () => t.app.inject({ method: 'PUT', url: `/api/order/update-status/${'a'.repeat(200)}`, headers: admin() }),
    414,
  ],
  ['a console file', () => t.app.inject({ url: '/assets/app.js' }), 200],
  ['a console page (index.html fallback)', () => t.app.inject({ url: '/catalog/products' }), 200],
  ['an uploaded image', () => t.app.inject({ url: imageUrl }), 200],
  ['a missing upload', () => t.app.inject({ url: '/uploads/missing.png' }), 404],
  ['a path escaping the uploads folder', () => t.app.inject({ url: '/uploads/..%2f..%2fpackage.json' }), 404],
];

describe('security headers on every kind of response', () => {
  it.each(cases)('%s', async (_, send, status) => {
    const response = await send();
    expect(response.statusCode).toBe(status);
    expectSecurityHeaders(response);
    if (status >= 400 && response.headers['content-type']?.toString().startsWith('application/json')) {
      expect(response.json()).toEqual({ message: expect.any(String) });
    }
  });

  it('with Cache-Control: no-store on every API answer, errors included, so no browser or proxy keeps store data', async () => {
    const apiCases = cases.filter(([name]) => !/console|upload/.test(name));
    expect(apiCases.length).toBeGreaterThanOrEqual(12);
    for (const [name, send] of apiCases) expect((await send()).headers['cache-control'], name).toBe('no-store');
    const signIn = await t.call('POST', '/api/auth/login', { body: { email: 'nobody@example.com', password: 'x' } });
    expect(signIn.headers['cache-control']).toBe('no-store');
  });

  it('lets a browser keep the console build’s hashed files for good, and asks it to check its pages each time', async () => {
    expect((await t.app.inject({ url: '/assets/app.js' })).headers['cache-control']).toBe(
      'public, max-age=31536000, immutable',
    );
    for (const url of ['/', '/index.html', '/catalog/products'])
      expect((await t.app.inject({ url })).headers['cache-control'], url).toBe('no-cache');
  });

  it('on a rate-limited sign-in (429), with Retry-After', async () => {
    const attempt = () =>
      t.call('POST', '/api/auth/login', { body: { email: 'locked@example.com', password: 'wrong' } });
    expect((await attempt()).statusCode).toBe(401);
    const limited = await attempt();
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expectSecurityHeaders(limited);
  });

  it('never lets an upload be served as anything but its image type', async () => {
    const response = await t.app.inject({ url: imageUrl });
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('the image host the console was built for', () => {
  it('is the only other origin the CSP lets the console call', async () => {
    const dataDir = join(t.uploadsDir, '..', 'cfg');
    const config = loadConfig({
      DATA_DIR: dataDir,
      VITE_IMAGE_UPLOAD_URL: 'https://api.cloudinary.com/v1_1/demo/image/upload',
    });
    expect(config.extraConnectSources).toEqual(['https://api.cloudinary.com']);
    expect(loadConfig({ DATA_DIR: dataDir }).extraConnectSources).toEqual([]);

    const withHost = await startApp({ extraConnectSources: config.extraConnectSources });
    try {
      const csp = String((await withHost.call('GET', '/api/health')).headers['content-security-policy']);
      expect(csp).toContain("connect-src 'self' https://api.cloudinary.com;");
    } finally {
      await withHost.close();
    }
  });
});
