/**
 * npm run bench:load [-- --connections 64 --duration 30 --runs 2]
 *
 * Starts the real server (src/server/index.ts) on a fresh demo store in a temporary data directory,
 * then drives it with `connections` keep-alive connections for `duration` seconds of mixed reads and
 * writes, twice, and prints throughput, latency percentiles, errors and the server's memory (RSS)
 * before and after each run. Exits 1 when any request failed, any answer was a 5xx, or memory after
 * the second run is more than 20 % above the first (a leak grows with every run; a cache does not).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { startServer } from '../../tests/e2e/server-process';

const { values } = parseArgs({
  options: {
    connections: { type: 'string', default: '64' },
    duration: { type: 'string', default: '30' },
    runs: { type: 'string', default: '2' },
  },
});
const CONNECTIONS = Number(values.connections);
const DURATION_MS = Number(values.duration) * 1000;
const RUNS = Number(values.runs);
const MEMORY_TOLERANCE = 0.2;
const ADMIN = { email: 'admin@example.com', password: 'admin123' };

// ------------------------------------------------------------------ the server under test

/** Resident memory of the server process, in MB (Linux /proc). */
function rssMb(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((l) => l.startsWith('VmRSS:'));
  return Number(line?.match(/(\d+)/)?.[1] ?? 0) / 1024;
}

// ------------------------------------------------------------------ the client

interface Answer {
  status: number;
  body: string;
}

function request(agent: http.Agent, port: number, method: string, path: string, token?: string, body?: unknown): Promise<Answer> {
  const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        agent,
        host: '127.0.0.1',
        port,
        method,
        path,
        headers: {
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(payload ? { 'content-type': 'application/json', 'content-length': String(payload.length) } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
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
type Step = (send: (method: string, path: string, body?: unknown) => Promise<Answer>, store: Store) => Promise<Answer[]>;
const STEPS: [number, string, Step][] = [
  [25, 'product list page', async (send) => [await send('GET', '/api/product/get-all-products?_start=0&_end=20&_sort=name&_order=asc')]],
  [15, 'order list page', async (send) => [await send('GET', '/api/order/all-orders?_start=0&_end=20')]],
  [5, 'order search', async (send) => [await send('GET', `/api/order/all-orders?_start=0&_end=20&q=${pick(['a', 'sh', 'gmail'])}`)]],
  [10, 'dashboard', async (send) => Promise.all([send('GET', '/api/order/dashboard-summary'), send('GET', '/api/order/monthly-sales'), send('GET', '/api/order/sales-by-category')])],
  [10, 'order details', async (send, store) => [await send('GET', `/api/order/order/${pick(store.orderIds)}`)]],
  [5, 'product details', async (send, store) => [await send('GET', `/api/product/get-product-details/${pick(store.productIds)}`)]],
  [5, 'customers page', async (send) => [await send('GET', '/api/auth/users?_start=0&_end=20')]],
  [12, 'order status change', async (send, store) => [await send('PUT', `/api/order/update-status/${pick(store.orderIds)}`, { status: pick(STATUSES) })]],
  [
    7,
    'coupon add + delete',
    async (send) => {
      const added = await send('POST', '/api/coupon/add', { code: `LOAD${process.pid}X${serial++}`, discountType: 'flat', discountValue: 100, expiresAt: '2031-01-01' });
      if (added.status !== 201) return [added];
      return [added, await send('DELETE', `/api/coupon/coupon/${JSON.parse(added.body).coupon._id}`)];
    },
  ],
  [
    6,
    'banner add + delete',
    async (send) => {
      const added = await send('POST', '/api/banners', { name: `load-${serial++}`, title: 'Load banner', image: '/uploads/load.png', link: '/sale' });
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

interface RunResult {
  requests: number;
  writes: number;
  errors: number;
  status5xx: number;
  otherNon2xx: number;
  latencies: number[];
  seconds: number;
}

async function run(port: number, store: Store): Promise<RunResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const result: RunResult = { requests: 0, writes: 0, errors: 0, status5xx: 0, otherNon2xx: 0, latencies: [], seconds: 0 };
  const send = async (method: string, path: string, body?: unknown) => {
    const started = process.hrtime.bigint();
    try {
      const answer = await request(agent, port, method, path, store.token, body);
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
  const until = started + DURATION_MS;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (Date.now() < until) await pickStep()(send, store).catch(() => undefined);
    }),
  );
  result.seconds = (Date.now() - started) / 1000;
  agent.destroy();
  return result;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

// ------------------------------------------------------------------ main

const dataDir = mkdtempSync(join(tmpdir(), 'bench-load-'));
console.log(`Starting the server on a fresh demo store (${dataDir})...`);
const { child, port } = await startServer({ dataDir, seedDemo: true, logLevel: 'error', readyTimeoutMs: 120_000 });
let failed = false;
try {
  const agent = new http.Agent({ keepAlive: true });
  const login = await request(agent, port, 'POST', '/api/auth/login', undefined, ADMIN);
  const token = JSON.parse(login.body).token as string;
  const orders = JSON.parse((await request(agent, port, 'GET', '/api/order/all-orders', token)).body).orders as { _id: string }[];
  const products = JSON.parse((await request(agent, port, 'GET', '/api/product/get-all-products', token)).body).products as { _id: string }[];
  agent.destroy();
  const store: Store = { token, orderIds: orders.map((o) => o._id), productIds: products.map((p) => p._id) };
  console.log(`Store: ${orders.length} orders, ${products.length} products. ${CONNECTIONS} connections, ${DURATION_MS / 1000} s per run, ${RUNS} runs.\n`);

  const rows: Record<string, string | number>[] = [];
  const memoryAfter: number[] = [];
  for (let i = 1; i <= RUNS; i++) {
    const before = rssMb(child.pid!);
    const r = await run(port, store);
    const after = rssMb(child.pid!);
    memoryAfter.push(after);
    const sorted = [...r.latencies].sort((a, b) => a - b);
    rows.push({
      run: i,
      'req/s': Math.round(r.requests / r.seconds),
      requests: r.requests,
      'writes %': Math.round((100 * r.writes) / Math.max(1, r.requests)),
      'p50 ms': Number(percentile(sorted, 50).toFixed(1)),
      'p99 ms': Number(percentile(sorted, 99).toFixed(1)),
      'max ms': Number((sorted.at(-1) ?? 0).toFixed(1)),
      errors: r.errors,
      '5xx': r.status5xx,
      'other non-2xx': r.otherNon2xx,
      'RSS before MB': Math.round(before),
      'RSS after MB': Math.round(after),
    });
    if (r.errors > 0 || r.status5xx > 0 || r.otherNon2xx > 0) failed = true;
  }
  console.table(rows);
  if (memoryAfter.length >= 2) {
    const growth = (memoryAfter.at(-1)! - memoryAfter[0]!) / memoryAfter[0]!;
    console.log(`Memory after run ${memoryAfter.length} vs run 1: ${growth >= 0 ? '+' : ''}${(growth * 100).toFixed(1)} % (limit ${MEMORY_TOLERANCE * 100} %)`);
    if (growth > MEMORY_TOLERANCE) failed = true;
  }
  console.log(failed ? '\nFAILED: errors, 5xx or memory growth above the limit.' : '\nOK: zero errors, zero 5xx, memory steady.');
} finally {
  child.kill('SIGTERM');
  await new Promise((resolve) => child.once('exit', resolve));
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
