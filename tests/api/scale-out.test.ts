import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { hashPassword } from '../../src/server/auth/passwords';
import { DEFAULT_ADMIN, loadConfig } from '../../src/server/config';
import { startServer, type RunningServer } from '../e2e/server-process';
import JOURNAL from '../../migrations/meta/_journal.json';
import { openStream } from './event-stream';
import { databaseUrl } from './store';

const SECRET = randomBytes(32).toString('hex');
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a2b5e2f80000000049454e44ae426082',
  'hex',
);

describe('more than one server process: what the environment must say', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'workers-config-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  const config = (env: Record<string, string>) => () => loadConfig({ DATA_DIR: dataDir, ...env });

  it('refuses WORKERS above 1 without PostgreSQL or without one JWT_SECRET, and a WORKERS that is no count', () => {
    expect(config({ WORKERS: '2', JWT_SECRET: SECRET })).toThrow('WORKERS above 1 needs DATABASE_URL');
    expect(config({ WORKERS: '2', DATABASE_URL: 'postgres://127.0.0.1/x' })).toThrow(
      'JWT_SECRET is required when WORKERS is more than 1',
    );
    expect(config({ WORKERS: 'two' })).toThrow('WORKERS must be a whole number from 1 to 64');
    expect(config({ WORKERS: '2', DATABASE_URL: 'postgres://127.0.0.1/x', JWT_SECRET: SECRET })().workers).toBe(2);
    expect(config({})().workers).toBe(1);
  });

  it('keeps uploads where UPLOADS_DIR says (a directory every process reads)', () => {
    expect(config({ UPLOADS_DIR: '/srv/shared/uploads' })().uploadsDir).toBe('/srv/shared/uploads');
    expect(config({})().uploadsDir).toBe(join(dataDir, 'uploads'));
  });
});

const store = inject('testStore');

/**
 * Two separate server processes on one PostgreSQL database, started at the same moment on an empty
 * one (they migrate and create the first admin one at a time), sharing JWT_SECRET and UPLOADS_DIR as
 * docs/scale-out.md's load-balancer setup says. Needs a PostgreSQL server: it runs in the DATABASE_URL pass.
 */
describe.runIf(store.kind === 'postgres')('two server processes on one PostgreSQL', () => {
  const work = mkdtempSync(join(tmpdir(), 'scale-out-'));
  const name = `apparel_scale_${randomBytes(6).toString('hex')}`;
  let admin: pg.Client;
  let servers: RunningServer[] = [];
  let env: Record<string, string> = {};

  beforeAll(async () => {
    if (store.kind !== 'postgres') return;
    admin = new pg.Client({ connectionString: store.serverUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    env = {
      DATABASE_URL: databaseUrl(store.serverUrl, name),
      JWT_SECRET: SECRET,
      UPLOADS_DIR: join(work, 'shared-uploads'),
    };
    servers = await Promise.all(
      ['a', 'b'].map((process) => startServer({ dataDir: join(work, process), seedDemo: false, env })),
    );
  }, 120_000);

  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await admin?.query(`drop database if exists ${name} with (force)`);
    await admin?.end();
    rmSync(work, { recursive: true, force: true });
  });

  const call = async (server: RunningServer, path: string, init: RequestInit = {}) =>
    fetch(`${server.baseURL}${path}`, init);
  const signIn = (server: RunningServer, password: string) =>
    call(server, '/api/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: DEFAULT_ADMIN.email, password }),
    });

  it('prepared the store once: one first admin, every migration applied once', async () => {
    const client = new pg.Client({
      connectionString: databaseUrl(store.kind === 'postgres' ? store.serverUrl : '', name),
    });
    await client.connect();
    try {
      const admins = await client.query(`select count(*)::int as n from users where role = 'admin'`);
      expect(admins.rows[0].n).toBe(1);
      const applied = await client.query(
        'select count(*)::int as n, count(distinct hash)::int as distinct_hashes from drizzle.__drizzle_migrations',
      );
      expect(applied.rows[0]).toEqual({ n: JOURNAL.entries.length, distinct_hashes: JOURNAL.entries.length });
    } finally {
      await client.end();
    }
  });

  it('takes a token signed by one process on the other', async () => {
    const [a, b] = servers as [RunningServer, RunningServer];
    const { token } = (await (await signIn(a, DEFAULT_ADMIN.password)).json()) as { token: string };
    const me = await call(b, '/api/auth/me', { headers: { authorization: `Bearer ${token}` } });
    expect(me.status).toBe(200);
    // A sign-out through the second process ends the session on the first.
    expect(
      (await call(b, '/api/auth/logout', { method: 'POST', headers: { authorization: `Bearer ${token}` } })).status,
    ).toBe(200);
    expect((await call(a, '/api/auth/me', { headers: { authorization: `Bearer ${token}` } })).status).toBe(401);
  });

  it('serves an image uploaded through one process from the other', async () => {
    const [a, b] = servers as [RunningServer, RunningServer];
    const { token } = (await (await signIn(a, DEFAULT_ADMIN.password)).json()) as { token: string };
    const form = new FormData();
    form.append('file', new Blob([PNG], { type: 'image/png' }), 'dot.png');
    const uploaded = await call(a, '/api/uploads', {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    expect(uploaded.status).toBe(200);
    const { secure_url: url } = (await uploaded.json()) as { secure_url: string };
    const served = await call(b, url);
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).equals(PNG)).toBe(true);
  });

  it('answers from either process with what the other wrote, though each keeps answers in memory', async () => {
    const [a, b] = servers as [RunningServer, RunningServer];
    const { token } = (await (await signIn(a, DEFAULT_ADMIN.password)).json()) as { token: string };
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const codes = async (server: RunningServer) =>
      (
        (await (await call(server, '/api/coupon/allcoupons?_start=0&_end=50', { headers })).json()) as {
          coupons: { code: string }[];
        }
      ).coupons.map((c) => c.code);
    const before = await codes(a);
    expect(await codes(a)).toEqual(before);
    const body = JSON.stringify({ code: 'SCALE10', discountType: 'flat', discountValue: 10, expiresAt: '2031-01-01' });
    expect((await call(b, '/api/coupon/add', { method: 'POST', headers, body })).status).toBe(201);
    expect((await codes(a)).sort()).toEqual([...before, 'SCALE10'].sort());
  });

  it("tells a console's stream on one process of a write through the other, once it commits", async () => {
    const [a, b] = servers as [RunningServer, RunningServer];
    const { token } = (await (await signIn(a, DEFAULT_ADMIN.password)).json()) as { token: string };
    const stream = await openStream(b.baseURL, token);
    const body = JSON.stringify({ code: 'LIVE2PROC', discountType: 'flat', discountValue: 5 });
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const added = await call(a, '/api/coupon/add', { method: 'POST', headers, body });
    expect(added.status).toBe(201);
    const id = ((await added.json()) as { coupon: { _id: string } }).coupon._id;
    expect(await stream.next((event) => event.ids.includes(id))).toMatchObject({
      type: 'created',
      resource: 'coupons',
    });
    stream.close();
  });

  it('sells a SKU with 10 available exactly 10 times to 50 orders placed at once through both processes', async () => {
    const [a, b] = servers as [RunningServer, RunningServer];
    const { token } = (await (await signIn(a, DEFAULT_ADMIN.password)).json()) as { token: string };
    const post = (server: RunningServer, path: string, bearer: string, body: unknown) =>
      call(server, path, {
        method: 'POST',
        headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const added = await post(a, '/api/product/add-product', token, {
      name: 'Last Units Tee',
      status: 'active',
      variants: [{ color: 'Black', isMain: true, sizes: [{ size: 'M', price: 499, mrp: 799, countInStock: 10 }] }],
    });
    const product = ((await added.json()) as { product: { _id: string; variants: { sizes: { sku: string }[] }[] } })
      .product;
    const sku = product.variants[0]!.sizes[0]!.sku;
    // A customer of the storefront, who places their own orders.
    const database = new pg.Client({ connectionString: env.DATABASE_URL });
    await database.connect();
    const customerPassword = 'a-customer-password-2026';
    await database.query(
      `insert into users (id, fullname, email, role, password_hash) values ($1, 'Shopper', 'shopper@example.com', 'customer', $2)`,
      [randomBytes(12).toString('hex'), await hashPassword(customerPassword)],
    );
    const customer = (
      (await (
        await call(b, '/api/auth/login', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: 'shopper@example.com', password: customerPassword }),
        })
      ).json()) as { token: string }
    ).token;
    const order = {
      shippingAddress: { name: 'Shopper', address: '1 Main Road', city: 'Pune' },
      orderItems: [{ product: product._id, color: 'Black', size: 'M', qty: 1 }],
      paymentMethod: 'online',
    };
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        i % 2 === 0
          ? post(i % 4 === 0 ? a : b, '/api/order/create', token, {
              ...order,
              customer: { fullname: 'Caller', email: 'caller@example.com' },
            })
          : post(i % 4 === 1 ? a : b, '/api/order/place', customer, order),
      ),
    );
    const codes = answers.map((answer) => answer.status);
    expect(codes.filter((code) => code === 201)).toHaveLength(10);
    expect(codes.filter((code) => code === 409)).toHaveLength(40);
    const { rows } = await database.query(
      `select s.count_in_stock, s.reserved,
         (select coalesce(sum(delta), 0)::int from stock_movements m where m.sku = s.sku and m.field = 'onHand') as on_hand,
         (select coalesce(sum(delta), 0)::int from stock_movements m where m.sku = s.sku and m.field = 'reserved') as held
       from variant_sizes s where s.sku = $1`,
      [sku],
    );
    await database.end();
    expect(rows).toEqual([{ count_in_stock: 10, reserved: 10, on_hand: 10, held: 10 }]);
  });

  it('counts failed sign-ins through one process on the other', async () => {
    const [a, b] = servers as [RunningServer, RunningServer];
    // The limit is 10 failures per address and email in 15 minutes (config.ts).
    for (let i = 0; i < 10; i++) expect((await signIn(i % 2 ? a : b, 'not-the-password')).status).toBe(401);
    const refused = await signIn(b, DEFAULT_ADMIN.password);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await signIn(a, DEFAULT_ADMIN.password)).status).toBe(429);
  });

  it('runs WORKERS=2 as two processes on one port, and stops them all on SIGTERM', async () => {
    const cluster = await startServer({
      dataDir: join(work, 'cluster'),
      seedDemo: false,
      env: { ...env, WORKERS: '2' },
    });
    try {
      // Printed once both processes listen; the first one answers health checks before that.
      await expect
        .poll(() => cluster.output(), { timeout: 30_000 })
        .toContain('Running as 2 server processes (WORKERS).');
      const answers = await Promise.all(Array.from({ length: 8 }, () => call(cluster, '/api/health')));
      expect(answers.map((answer) => answer.status)).toEqual(Array(8).fill(200));
    } finally {
      await cluster.stop();
    }
    expect(await cluster.exited).toEqual({ code: 0, signal: null });
  });
});
