/**
 * npm run bench:load [-- --connections 64 --duration 30 --runs 2 --calls 10 --database-url postgres://... --workers 2]
 *
 * Starts the real server (src/server/index.ts) on a fresh demo store: the embedded PGlite in a
 * temporary data directory, or, with --database-url (a PostgreSQL server whose user may create
 * databases), a new database there that is dropped afterwards. Then:
 *
 * 1. The mix: `connections` keep-alive connections for `duration` seconds of mixed reads and writes,
 *    `runs` times, printing throughput, latency percentiles, errors and the server's memory (RSS)
 *    before and after each run, and the p99 of /api/health asked by one more connection every 20 ms
 *    while the mix runs (how long anything else waits behind the load).
 * 2. One call at a time (`calls` seconds each, 0 to skip): each list page, the dashboard summary,
 *    /api/auth/me and /api/health alone over every connection, with its req/s as a share of
 *    /api/auth/me's in the same run: the token check is the floor every signed-in call stands on, and
 *    the ratio survives a noisy machine better than a bare figure.
 *
 * Exits 1 when any request failed, any answer was a 5xx, or memory after the last mixed run is more
 * than 20 % above the first (a leak grows with every run; a cache does not).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { Pool, type Dispatcher } from 'undici';
import { startServer } from '../../tests/e2e/server-process';

const { values } = parseArgs({
  options: {
    connections: { type: 'string', default: '64' },
    duration: { type: 'string', default: '30' },
    runs: { type: 'string', default: '2' },
    calls: { type: 'string', default: '10' },
    'database-url': { type: 'string' },
    workers: { type: 'string', default: '1' },
  },
});
const CONNECTIONS = Number(values.connections);
const DURATION_MS = Number(values.duration) * 1000;
const RUNS = Number(values.runs);
const CALL_MS = Number(values.calls) * 1000;
const SERVER_URL = values['database-url'];
const WORKERS = Number(values.workers);
const MEMORY_TOLERANCE = 0.2;
const ADMIN = { email: 'admin@example.com', password: 'admin123' };

// ------------------------------------------------------------------ the server under test

/** Resident memory of the server process, in MB (Linux /proc). */
function rssMb(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'));
  return Number(line?.match(/(\d+)/)?.[1] ?? 0) / 1024;
}

// ------------------------------------------------------------------ the client

interface Answer {
  status: number;
  body: string;
}

/** One request on a pool of keep-alive connections (undici: a lighter client leaves more of the shared cores to the server). */
async function request(pool: Pool, method: string, path: string, token?: string, body?: unknown): Promise<Answer> {
  const answer = await pool.request({
    method: method as Dispatcher.HttpMethod,
    path,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: answer.statusCode, body: await answer.body.text() };
}

interface Store {
  token: string;
  orderIds: string[];
  productIds: string[];
}

const STATUSES = ['pending', 'processing', 'shipped', 'delivered', 'cancelled'];
const pick = <T>(items: T[]): T => items[Math.floor(Math.random() * items.length)]!;
let serial = 0;

/** One admin's step: what the console does, weighted roughly as an admin uses it (about a quarter writes). */
type Step = (
  send: (method: string, path: string, body?: unknown) => Promise<Answer>,
  store: Store,
) => Promise<Answer[]>;
const STEPS: [number, string, Step][] = [
  [
    25,
    'product list page',
    async (send) => [await send('GET', '/api/product/get-all-products?_start=0&_end=20&_sort=name&_order=asc')],
  ],
  [15, 'order list page', async (send) => [await send('GET', '/api/order/all-orders?_start=0&_end=20')]],
  [
    5,
    'order search',
    async (send) => [await send('GET', `/api/order/all-orders?_start=0&_end=20&q=${pick(['a', 'sh', 'gmail'])}`)],
  ],
  [
    10,
    'dashboard',
    async (send) =>
      Promise.all([
        send('GET', '/api/order/dashboard-summary'),
        send('GET', '/api/order/monthly-sales'),
        send('GET', '/api/order/sales-by-category'),
      ]),
  ],
  [10, 'order details', async (send, store) => [await send('GET', `/api/order/order/${pick(store.orderIds)}`)]],
  [
    5,
    'product details',
    async (send, store) => [await send('GET', `/api/product/get-product-details/${pick(store.productIds)}`)],
  ],
  [5, 'customers page', async (send) => [await send('GET', '/api/auth/users?_start=0&_end=20')]],
  [
    12,
    'order status change',
    async (send, store) => [
      await send('PUT', `/api/order/update-status/${pick(store.orderIds)}`, { status: pick(STATUSES) }),
    ],
  ],
  [
    7,
    'coupon add + delete',
    async (send) => {
      const added = await send('POST', '/api/coupon/add', {
        code: `LOAD${process.pid}X${serial++}`,
        discountType: 'flat',
        discountValue: 100,
        expiresAt: '2031-01-01',
      });
      if (added.status !== 201) return [added];
      return [added, await send('DELETE', `/api/coupon/coupon/${JSON.parse(added.body).coupon._id}`)];
    },
  ],
  [
    6,
    'banner add + delete',
    async (send) => {
      const added = await send('POST', '/api/banners', {
        name: `load-${serial++}`,
        title: 'Load banner',
        image: '/uploads/load.png',
        link: '/sale',
      });
      if (added.status !== 201) return [added];
      return [added, await send('DELETE', `/api/banners/${JSON.parse(added.body)._id}`)];
    },
  ],
];
const TOTAL_WEIGHT = STEPS.reduce((sum, [weight]) => sum + weight, 0);
function pickStep(): Step {
  let roll = Math.random() * TOTAL_WEIGHT;
  for (const [weight, , step] of STEPS) if ((roll -= weight) < 0) return step;
  return STEPS[0]![2];
}

/** The calls measured one at a time: the grids' first pages, the dashboard's figures, the token check and the health route. */
const CALLS: [string, string][] = [
  ['GET /api/health', '/api/health'],
  ['GET /api/auth/me', '/api/auth/me'],
  ['orders page', '/api/order/all-orders?_start=0&_end=20'],
  ['products page', '/api/product/get-all-products?_start=0&_end=20&_sort=name&_order=asc'],
  ['customers page', '/api/auth/users?_start=0&_end=20'],
  ['dashboard summary', '/api/order/dashboard-summary'],
];

interface RunResult {
  requests: number;
  writes: number;
  errors: number;
  status5xx: number;
  otherNon2xx: number;
  latencies: number[];
  seconds: number;
}

/** `connections` loops, each doing `step` after step for `durationMs`, counting every request. */
async function drive(
  port: number,
  store: Store,
  step: () => Step,
  durationMs: number,
  connections = CONNECTIONS,
): Promise<RunResult> {
  const pool = new Pool(`http://127.0.0.1:${port}`, { connections });
  const result: RunResult = {
    requests: 0,
    writes: 0,
    errors: 0,
    status5xx: 0,
    otherNon2xx: 0,
    latencies: [],
    seconds: 0,
  };
  const send = async (method: string, path: string, body?: unknown) => {
    const started = process.hrtime.bigint();
    try {
      const answer = await request(pool, method, path, store.token, body);
      result.latencies.push(Number(process.hrtime.bigint() - started) / 1e6);
      result.requests += 1;
      if (method !== 'GET') result.writes += 1;
      if (answer.status >= 500) result.status5xx += 1;
      else if (answer.status >= 300) result.otherNon2xx += 1;
      return answer;
    } catch (error) {
      result.errors += 1;
      throw error;
    }
  };
  const started = Date.now();
  const until = started + durationMs;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (Date.now() < until) await step()(send, store).catch(() => undefined);
    }),
  );
  result.seconds = (Date.now() - started) / 1000;
  await pool.close();
  return result;
}

/** /api/health every 20 ms on a connection of its own while `load` runs: what a caller outside the load waits. */
async function healthDuring<T>(port: number, load: Promise<T>): Promise<[T, number[]]> {
  const pool = new Pool(`http://127.0.0.1:${port}`, { connections: 1 });
  const latencies: number[] = [];
  let done = false;
  const probe = (async () => {
    while (!done) {
      const started = process.hrtime.bigint();
      await request(pool, 'GET', '/api/health').catch(() => undefined);
      latencies.push(Number(process.hrtime.bigint() - started) / 1e6);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  const result = await load;
  done = true;
  await probe;
  await pool.close();
  return [result, latencies.sort((a, b) => a - b)];
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

const ms = (value: number) => Number(value.toFixed(1));
const failedRun = (r: RunResult) => r.errors > 0 || r.status5xx > 0 || r.otherNon2xx > 0;

// ------------------------------------------------------------------ main

/** A new database on the PostgreSQL server for this run, dropped at the end. */
async function benchDatabase(serverUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `apparel_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

const dataDir = mkdtempSync(join(tmpdir(), 'bench-load-'));
const database = SERVER_URL ? await benchDatabase(SERVER_URL) : undefined;
const env: Record<string, string> = database
  ? {
      DATABASE_URL: database.url,
      WORKERS: String(WORKERS),
      ...(WORKERS > 1 && { JWT_SECRET: randomBytes(32).toString('hex') }),
    }
  : {};
console.log(
  `Starting the server on a fresh demo store (${database ? `PostgreSQL, ${WORKERS} process${WORKERS > 1 ? 'es' : ''}` : `PGlite in ${dataDir}`})...`,
);
const { child, port } = await startServer({
  dataDir,
  seedDemo: true,
  logLevel: 'error',
  readyTimeoutMs: 120_000,
  env,
  nodeFlags: [],
});
let failed = false;
try {
  const pool = new Pool(`http://127.0.0.1:${port}`);
  const login = await request(pool, 'POST', '/api/auth/login', undefined, ADMIN);
  const token = JSON.parse(login.body).token as string;
  const orders = JSON.parse((await request(pool, 'GET', '/api/order/all-orders', token)).body).orders as {
    _id: string;
  }[];
  const products = JSON.parse((await request(pool, 'GET', '/api/product/get-all-products', token)).body).products as {
    _id: string;
  }[];
  await pool.close();
  const store: Store = { token, orderIds: orders.map((o) => o._id), productIds: products.map((p) => p._id) };
  console.log(
    `Store: ${orders.length} orders, ${products.length} products. ${CONNECTIONS} connections, ${DURATION_MS / 1000} s per mixed run, ${RUNS} runs.\n`,
  );

  const rows: Record<string, string | number>[] = [];
  const memoryAfter: number[] = [];
  for (let i = 1; i <= RUNS; i++) {
    const before = rssMb(child.pid!);
    const [r, health] = await healthDuring(port, drive(port, store, pickStep, DURATION_MS));
    const after = rssMb(child.pid!);
    memoryAfter.push(after);
    const sorted = [...r.latencies].sort((a, b) => a - b);
    rows.push({
      run: i,
      'req/s': Math.round(r.requests / r.seconds),
      requests: r.requests,
      'writes %': Math.round((100 * r.writes) / Math.max(1, r.requests)),
      'p50 ms': ms(percentile(sorted, 50)),
      'p99 ms': ms(percentile(sorted, 99)),
      'max ms': ms(sorted.at(-1) ?? 0),
      errors: r.errors,
      '5xx': r.status5xx,
      'other non-2xx': r.otherNon2xx,
      'health p99 ms': ms(percentile(health, 99)),
      'RSS before MB': Math.round(before),
      'RSS after MB': Math.round(after),
    });
    if (failedRun(r)) failed = true;
  }
  console.log('The mix (about a quarter writes), with /api/health asked every 20 ms beside it:');
  console.table(rows);
  if (memoryAfter.length >= 2) {
    const growth = (memoryAfter.at(-1)! - memoryAfter[0]!) / memoryAfter[0]!;
    console.log(
      `Memory after run ${memoryAfter.length} vs run 1: ${growth >= 0 ? '+' : ''}${(growth * 100).toFixed(1)} % (limit ${MEMORY_TOLERANCE * 100} %)`,
    );
    if (growth > MEMORY_TOLERANCE) failed = true;
  }

  if (CALL_MS > 0) {
    const calls: Record<string, string | number>[] = [];
    let me = 0;
    for (const [label, path] of CALLS) {
      const r = await drive(port, store, () => async (send) => [await send('GET', path)], CALL_MS);
      const sorted = [...r.latencies].sort((a, b) => a - b);
      const rate = r.requests / r.seconds;
      if (path === '/api/auth/me') me = rate;
      calls.push({
        call: label,
        'req/s': Math.round(rate),
        'p50 ms': ms(percentile(sorted, 50)),
        'p99 ms': ms(percentile(sorted, 99)),
        errors: r.errors + r.status5xx + r.otherNon2xx,
      });
      if (failedRun(r)) failed = true;
    }
    for (const row of calls)
      row['vs /api/auth/me'] = me > 0 ? `${Math.round((100 * Number(row['req/s'])) / me)} %` : '';
    console.log(`\nOne call at a time, ${CALL_MS / 1000} s each over ${CONNECTIONS} connections:`);
    console.table(calls);
  }
  console.log(
    failed ? '\nFAILED: errors, 5xx or memory growth above the limit.' : '\nOK: zero errors, zero 5xx, memory steady.',
  );
} finally {
  child.kill('SIGTERM');
  await new Promise((resolve) => child.once('exit', resolve));
  await database?.drop();
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
