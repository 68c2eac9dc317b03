import { sql } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../../src/server/app';
import { DEFAULT_ADMIN, type ServerConfig } from '../../src/server/config';
import type { Database, DatabaseChoice, Db } from '../../src/server/db/client';
import type { ServerResource } from '../../src/server/resource-routes';
import { serverResources } from '../../src/server/resources';
import { DEMO_CUSTOMER_EMAIL, DEMO_CUSTOMER_PASSWORD } from '../../src/server/seed/generate';
import { keptStore } from './kept-stores';
import { databaseUrl, storeImage } from './store';

export interface TestApp {
  app: FastifyInstance;
  adminToken: string;
  customerToken: string;
  uploadsDir: string;
  /** app.inject with JSON in and out; `token` becomes the bearer header. */
  call(
    method: InjectOptions['method'],
    url: string,
    options?: { token?: string; body?: unknown },
  ): Promise<LightMyRequestResponse>;
  /** `call` as the demo admin. */
  asAdmin(method: InjectOptions['method'], url: string, body?: unknown): Promise<LightMyRequestResponse>;
  /** Stops the app and starts a new one on the same database, as a server restart does (sessions stay valid). */
  restart(): Promise<void>;
  close(): Promise<void>;
}

export interface StartOptions {
  /** Declared resources served besides the store's own (serverResources), behind the same admin guard. */
  extraResources?: readonly ServerResource[];
  /** PGlite keeps the store in a data directory rather than in memory, so restart() finds it again. */
  restartable?: boolean;
}

/** A scratch directory in the run's work directory, which the suite's teardown removes with everything in it. */
export const scratchDir = (prefix: string) => mkdtempSync(join(inject('testStore').workDir, `${prefix}-`));

/** A fresh copy of the seeded demo store behind a new app: each test file gets its own. */
export async function startApp(
  overrides: Partial<ServerConfig> = {},
  { extraResources = [], restartable = false }: StartOptions = {},
): Promise<TestApp> {
  const store = inject('testStore');
  const own = mkdtempSync(join(store.workDir, 'app-'));
  let database: DatabaseChoice;
  let dropDatabase = async () => {};
  // The restarted app opens the same database: the PGlite store lives in its own data directory for that.
  let reopened: DatabaseChoice | undefined;
  // The app's first database: an in-memory store the worker keeps (kept-stores.ts), or, for a restartable
  // one, a data directory of its own.
  let opened: Database | undefined;
  if (store.kind === 'pglite' && restartable) {
    const dataDir = join(own, 'pgdata');
    database = { kind: 'pglite', dataDir, loadDataDir: storeImage(store.imagePath) };
    reopened = { kind: 'pglite', dataDir };
  } else if (store.kind === 'pglite') {
    database = { kind: 'pglite' };
    // Unless the test names the database its app opens.
    if (!overrides.database) opened = await keptStore(store.imagePath);
  } else {
    const name = `apparel_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: store.serverUrl });
    await admin.connect();
    await admin.query(`create database ${name} template ${store.template}`);
    database = { kind: 'postgres', url: databaseUrl(store.serverUrl, name) };
    reopened = database;
    dropDatabase = async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    };
  }
  const config: ServerConfig = {
    database,
    uploadsDir: join(own, 'uploads'),
    staticDir: join(own, 'dist'),
    jwtSecret: randomBytes(32).toString('hex'),
    tokenTtl: '1h',
    admin: DEFAULT_ADMIN,
    seedDemo: false,
    loginLimit: { maxFailures: 1000, windowMs: 60_000 },
    logLevel: 'silent',
    ...overrides,
  };
  const build = (choice: DatabaseChoice, database?: Database) =>
    buildApp({ ...config, database: choice }, { resources: [...serverResources, ...extraResources], database });
  let app = await build(config.database, opened);
  const call: TestApp['call'] = (method, url, options = {}) =>
    app.inject({
      method,
      url,
      headers: options.token ? { authorization: `Bearer ${options.token}` } : {},
      ...(options.body === undefined ? {} : { payload: options.body as InjectOptions['payload'] }),
    });
  const login = async (email: string, password: string) => {
    const response = await call('POST', '/api/auth/login', { body: { email, password } });
    return response.json<{ token: string }>().token;
  };
  const adminToken = await login(DEFAULT_ADMIN.email, DEFAULT_ADMIN.password);
  return {
    get app() {
      return app;
    },
    adminToken,
    customerToken: await login(DEMO_CUSTOMER_EMAIL, DEMO_CUSTOMER_PASSWORD),
    uploadsDir: join(own, 'uploads'),
    call,
    asAdmin: (method, url, body) => call(method, url, { token: adminToken, body }),
    restart: async () => {
      if (!reopened) throw new Error('startApp(..., { restartable: true }) for a store that survives restart()');
      await app.close();
      app = await build(reopened);
    },
    close: async () => {
      await app.close();
      await dropDatabase();
    },
  };
}

export const UNKNOWN_ID = 'ffffffffffffffffffffffff';

export const STAFF_PASSWORD = 'a-staff-password-2026';

/** A new staff account of this role (added by the admin through the Team API) and its token. */
export async function staffMember(
  t: TestApp,
  role: 'admin' | 'manager' | 'support',
  email = `${role}-${randomBytes(4).toString('hex')}@example.com`,
) {
  const created = await t.call('POST', '/api/staff', {
    token: t.adminToken,
    body: { fullname: `A ${role}`, email, role, password: STAFF_PASSWORD },
  });
  if (created.statusCode !== 201) throw new Error(`adding a ${role} answered ${created.statusCode}: ${created.body}`);
  const signedIn = await t.call('POST', '/api/auth/login', { body: { email, password: STAFF_PASSWORD } });
  return { id: created.json<{ _id: string }>()._id, email, token: signedIn.json<{ token: string }>().token };
}

/** Every SKU whose units differ from the sums of its ledger rows, or whose reservation is below 0: none, always. */
export async function ledgerMismatches(db: Db): Promise<unknown[]> {
  const result = await db.execute(sql`
    select s.sku, s.count_in_stock, s.reserved,
      coalesce(sum(m.delta) filter (where m.field = 'onHand'), 0)::int as on_hand_sum,
      coalesce(sum(m.delta) filter (where m.field = 'reserved'), 0)::int as reserved_sum
    from variant_sizes s left join stock_movements m on m.sku = s.sku
    group by s.sku, s.count_in_stock, s.reserved
    having s.count_in_stock <> coalesce(sum(m.delta) filter (where m.field = 'onHand'), 0)
        or s.reserved <> coalesce(sum(m.delta) filter (where m.field = 'reserved'), 0)
        or s.reserved < 0`);
  return (result as unknown as { rows: unknown[] }).rows;
}
