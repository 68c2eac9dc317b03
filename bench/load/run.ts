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
 * 3. The write mix (`writes` seconds a run, 0 to skip): order status changes, product edits and coupon
 *    edits only, on two servers started for it, alike but for AUDIT_LOG (on, off), each on its own fresh
 *    store, both warmed first, then run after run in turn (on, off; off, on; ...): the audit log's cost
 *    as a share of the req/s without it, the median of each pair's ratio.
 *
 * Exits 1 when any request failed, any answer was a 5xx, memory after the last mixed run is more
 * than 20 % above the first (a leak grows with every run; a cache does not), or the audit log costs
 * the write mix more than 10 % of its req/s.
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
    writes: { type: 'string', default: '15' },
  },
});
const WRITE_MS = Number(values.writes) * 1000;
const AUDIT_COST_LIMIT = 0.1;
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
  /** The orders that were pending or processing when the run began: the only ones the steps move. */
  openOrderIds: string[];
  productIds: string[];
  /** Edit bodies (no `updatedAt`, so edits never meet a 409), read once. */
  products: Record<string, unknown>[];
  coupons: Record<string, unknown>[];
}

/**
 * The statuses the steps move the open orders between. Each move the stock always allows: pending and
 * processing hold the same reservation, shipping takes the reserved units off the shelf, and bringing a
 * shipped order back puts them back and holds them again. The other orders never move, so no SKU ever
 * holds more than it did at the start, and a product edit that sends the counts read then (the form's
 * own stale copy) stays above what is held. A cancelled order reopened could find its units sold: a 409,
 * which a benchmark must not count as a failure of the server.
 */
const STATUSES = ['pending', 'processing', 'shipped'];
const pick = <T>(items: T[]): T => items[Math.floor(Math.random() * items.length)]!;
let serial = 0;

/** One admin's step: what the console does, weighted roughly as an admin uses it (about a quarter writes). */
type Step = (
  send: (method: string, path: string, body?: unknown) => Promise<Answer>,
  store: Store,
) => Promise<Answer[]>;
const statusChange: Step = async (send, store) => [
  await send('PUT', `/api/order/update-status/${pick(store.openOrderIds)}`, { status: pick(STATUSES) }),
];
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
  [12, 'order status change', statusChange],
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
/** The write mix: what staff change all day, each write one audited change. */
const WRITES: Step[] = [
  statusChange,
  async (send, store) => {
    const product = pick(store.products);
    return [
      await send('PUT', `/api/product/update-product/${String(product._id)}`, {
        ...product,
        name: `Load tee ${serial++}`,
      }),
    ];
  },
  async (send, store) => {
    const coupon = pick(store.coupons);
    return [
      await send('PUT', `/api/coupon/coupon/${String(coupon._id)}`, { ...coupon, minOrderAmount: serial++ % 1000 }),
    ];
  },
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
  /** What the first failed request was and answered, printed when a run fails. */
  firstFailure?: string;
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
      if (answer.status >= 300)
        result.firstFailure ??= `${method} ${path}: ${answer.status} ${answer.body.slice(0, 200)}`;
      return answer;
    } catch (error) {
      result.errors += 1;
      result.firstFailure ??= `${method} ${path}: ${String(error)}`;
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
function failedRun(r: RunResult): boolean {
  if (r.firstFailure) console.log(`A request failed: ${r.firstFailure}`);
  return r.errors > 0 || r.status5xx > 0 || r.otherNon2xx > 0;
}

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

/** Signs in and reads what the steps pick from: the orders, the products (with edit bodies for the first 20) and the coupons. */
async function readStore(port: number): Promise<Store> {
  const pool = new Pool(`http://127.0.0.1:${port}`);
  const get = async (path: string, token: string) => JSON.parse((await request(pool, 'GET', path, token)).body);
  const login = await request(pool, 'POST', '/api/auth/login', undefined, ADMIN);
  const token = JSON.parse(login.body).token as string;
  const orders = (await get('/api/order/all-orders', token)).orders as { _id: string; status: string }[];
  const products = (await get('/api/product/get-all-products', token)).products as { _id: string }[];
  const editable = ({ updatedAt: _u, createdAt: _c, reviews: _r, ...body }: Record<string, unknown>) => body;
  const details = await Promise.all(
    products
      .slice(0, 20)
      .map(async (p) => editable((await get(`/api/product/get-product-details/${p._id}`, token)).product)),
  );
  const coupons = ((await get('/api/coupon/allcoupons', token)).coupons as Record<string, unknown>[]).map(editable);
  await pool.close();
  return {
    token,
    orderIds: orders.map((o) => o._id),
    openOrderIds: orders.filter((o) => o.status === 'pending' || o.status === 'processing').map((o) => o._id),
    productIds: products.map((p) => p._id),
    products: details,
    coupons,
  };
}

const dataDir = mkdtempSync(join(tmpdir(), 'bench-load-'));
const database = SERVER_URL ? await benchDatabase(SERVER_URL) : undefined;
const serverEnv = (url: string | undefined): Record<string, string> =>
  url
    ? {
        DATABASE_URL: url,
        WORKERS: String(WORKERS),
        ...(WORKERS > 1 && { JWT_SECRET: randomBytes(32).toString('hex') }),
      }
    : {};
const env = serverEnv(database?.url);

/** A server started for the write mix alone, on its own fresh store of the bench's engine. */
async function writeMixServer(auditLog: 'on' | 'off') {
  const dir = mkdtempSync(join(tmpdir(), `bench-load-${auditLog}-`));
  const own = SERVER_URL ? await benchDatabase(SERVER_URL) : undefined;
  const server = await startServer({
    dataDir: dir,
    seedDemo: true,
    logLevel: 'error',
    readyTimeoutMs: 120_000,
    env: { ...serverEnv(own?.url), AUDIT_LOG: auditLog },
    nodeFlags: [],
  });
  return {
    port: server.port,
    store: await readStore(server.port),
    stop: async () => {
      await server.stop();
      await own?.drop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * The write mix on two servers started for it, alike but for AUDIT_LOG (on, off), each on its own fresh
 * store (not the mix's, which has grown), in turn: true when the audit log costs more than
 * AUDIT_COST_LIMIT of the req/s.
 */
async function auditCost(): Promise<boolean> {
  console.log('\nStarting two servers for the write mix, AUDIT_LOG on and off, each on its own fresh store...');
  const on = await writeMixServer('on');
  const off = await writeMixServer('off').catch(async (error: unknown) => {
    await on.stop();
    throw error;
  });
  try {
    const rates: { on: number[]; off: number[] } = { on: [], off: [] };
    const rows: Record<string, string | number>[] = [];
    let failed = false;
    const sides = [
      ['on', on.port, on.store],
      ['off', off.port, off.store],
    ] as const;
    // Both servers warmed on the mix first (not counted): the first seconds of a process and of its tables
    // run slower (V8 compiling, caches filling), and the side measured second would otherwise gain from it.
    for (const [, target, data] of sides) await drive(target, data, () => pick(WRITES), WRITE_MS / 2);
    for (let i = 1; i <= RUNS; i++) {
      // Turn about (on, off; off, on; ...), so neither side always follows the other.
      for (const [which, target, data] of i % 2 === 1 ? sides : [...sides].reverse()) {
        const r = await drive(target, data, () => pick(WRITES), WRITE_MS);
        const sorted = [...r.latencies].sort((a, b) => a - b);
        rates[which].push(r.requests / r.seconds);
        rows.push({
          run: i,
          audit: which,
          'req/s': Math.round(r.requests / r.seconds),
          'p50 ms': ms(percentile(sorted, 50)),
          'p99 ms': ms(percentile(sorted, 99)),
          'errors + non-2xx': r.errors + r.status5xx + r.otherNon2xx,
        });
        if (failedRun(r)) failed = true;
      }
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    // The cost from each pair of runs side by side (the machine drifts between pairs more than within one),
    // and from the two sides' medians as a check.
    const cost = 1 - median(rates.on.map((on, i) => on / rates.off[i]!));
    console.log(`The write mix (order status changes, product and coupon edits), ${WRITE_MS / 1000} s a run:`);
    console.table(rows);
    console.log(
      `Median req/s with the audit log ${Math.round(median(rates.on))}, without ${Math.round(median(rates.off))} (${((1 - median(rates.on) / median(rates.off)) * 100).toFixed(1)} % apart).`,
    );
    console.log(
      `The audit log costs ${(cost * 100).toFixed(1)} % of the req/s (median of the ${RUNS} pairs' ratios; limit ${AUDIT_COST_LIMIT * 100} %)`,
    );
    return failed || cost > AUDIT_COST_LIMIT;
  } finally {
    await Promise.all([on.stop(), off.stop()]);
  }
}
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
  const store = await readStore(port);
  console.log(
    `Store: ${store.orderIds.length} orders, ${store.productIds.length} products. ${CONNECTIONS} connections, ${DURATION_MS / 1000} s per mixed run, ${RUNS} runs.\n`,
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
  if (WRITE_MS > 0) failed = (await auditCost()) || failed;
  console.log(
    failed
      ? '\nFAILED: errors, 5xx, memory growth or the audit log’s cost above the limit.'
      : '\nOK: zero errors, zero 5xx, memory steady, the audit log within its cost.',
  );
} finally {
  child.kill('SIGTERM');
  await new Promise((resolve) => child.once('exit', resolve));
  await database?.drop();
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
