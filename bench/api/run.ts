// npm run bench:api -- [--data-dir DIR] [--orders 1000000 --products 10000 --customers 100000]
//                      [--requests 200] [--warmup 20] [--naive-runs 10]
// Starts the real store API (src/server/index.ts) on a large store and measures, over real HTTP, the
// median and p95 latency of the calls the console makes at scale; then, on the same store, the naive
// full-scan SQL of the dashboard's three aggregates, so their speed-up is a ratio from the same run.
// The store is built first (npm run seed) when DIR holds no store of that size. With DATABASE_URL the
// store is that PostgreSQL database instead. Prints a table and writes bench/results/api-<date>.json.
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { openDatabase } from '../../src/server/db/client';
import { startServer } from '../../tests/e2e/server-process';
import { STORE_OPTIONS, storeFromArgs, adminToken, BENCH_DRIVER, openBenchStore } from '../store';
import { NAIVE_AGGREGATES } from './naive-aggregates';

const { values: args } = parseArgs({
  options: {
    ...STORE_OPTIONS,
    requests: { type: 'string', default: '200' },
    warmup: { type: 'string', default: '20' },
    'naive-runs': { type: 'string', default: '10' },
  },
});
const { size, dataDir } = storeFromArgs(args);
const REQUESTS = Number(args.requests);
const WARMUP = Number(args.warmup);
const NAIVE_RUNS = Number(args['naive-runs']);
const driver = BENCH_DRIVER;

/** Targets of issue 7 (p95, ms) by kind of call. */
const P95_TARGET = { list: 30, details: 30, write: 30, aggregate: 20 } as const;
const MIN_SPEED_UP = 20;

interface Timing {
  name: string;
  kind: keyof typeof P95_TARGET | 'naive';
  requests: number;
  medianMs: number;
  p95Ms: number;
  maxMs: number;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const round = (ms: number) => Math.round(ms * 100) / 100;

function summarise(name: string, kind: Timing['kind'], samples: number[]): Timing {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    name,
    kind,
    requests: samples.length,
    medianMs: round(percentile(sorted, 50)),
    p95Ms: round(percentile(sorted, 95)),
    maxMs: round(sorted.at(-1)!),
  };
}

const { config, found } = await openBenchStore(size, dataDir);

const loadBefore = loadavg();
const server = await startServer({ dataDir, seedDemo: false, nodeFlags: [] });
const timings: Timing[] = [];
const placed: string[] = [];
let token = '';
try {
  token = await adminToken(server.baseURL, config.admin);
  const call = async (path: string, init: RequestInit = {}) => {
    const response = await fetch(server.baseURL + path, {
      ...init,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    });
    const body = await response.text();
    if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${response.status} ${body.slice(0, 200)}`);
    return JSON.parse(body) as Record<string, unknown>;
  };

  // Varied targets, so no answer is measured from a warm cache of the one row asked before.
  type OrderRow = { _id: string; status: string; user: { _id: string; email: string } | null };
  const sample: OrderRow[] = [];
  for (const start of [0, 5000, 50_000, 200_000]) {
    sample.push(...((await call(`/api/order/all-orders?_start=${start}&_end=${start + 50}`)).orders as OrderRow[]));
  }
  const emails = [...new Set(sample.flatMap((o) => (o.user ? [o.user.email] : [])))];
  const customers = [...new Set(sample.flatMap((o) => (o.user ? [o.user._id] : [])))];
  const productWords = [
    ...new Set(
      ((await call('/api/product/get-all-products?_start=0&_end=50')).products as { name: string }[]).map((p) =>
        p.name.split(' ')[0]!.toLowerCase(),
      ),
    ),
  ];
  const filters = [
    ['delivered', 'paid'],
    ['shipped', 'paid'],
    ['processing', 'pending'],
    ['pending', 'pending'],
    ['cancelled', 'refunded'],
    ['delivered', 'pending'],
  ];
  // Status updates flip an order to cancelled (or delivered) and back: the store ends as it began, and
  // every update moves the summaries (a sale leaving or joining its month, its lines, its categories).
  const flips = sample.slice(0, 100);
  const flipTo = (o: OrderRow, i: number) =>
    i % 2 === 1 ? o.status : o.status === 'cancelled' ? 'delivered' : 'cancelled';

  // Stock: the SKUs of the first products, orders placed for them (one unit each, then cancelled, so
  // the store's orders and units end as they began), and processing orders shipped and brought back.
  type OnSale = {
    _id: string;
    variants: { color: string; sizes: { size: string; sku: string; available: number }[] }[];
  };
  const skus = (
    (await call('/api/product/get-all-products?status=active&_start=0&_end=100')).products as OnSale[]
  ).flatMap((product) =>
    product.variants.flatMap((variant) =>
      variant.sizes
        .filter((size) => size.available > 50)
        .map((size) => ({ sku: size.sku, product: product._id, color: variant.color, size: size.size })),
    ),
  );
  const processing = (
    (await call('/api/order/all-orders?status=processing&_start=0&_end=100')).orders as OrderRow[]
  ).map((o) => o._id);
  const place = async (i: number) => {
    const row = skus[i % skus.length]!;
    const { order } = (await call('/api/order/create', {
      method: 'POST',
      body: JSON.stringify({
        customer: customers[i % customers.length],
        shippingAddress: { name: 'Bench Customer', address: '1 Bench Road', city: 'Pune' },
        orderItems: [{ product: row.product, color: row.color, size: row.size, qty: 1 }],
        paymentMethod: 'online',
      }),
    })) as { order: { _id: string } };
    placed.push(order._id);
  };

  // After the sale: returns to read, and pending orders whose lines an edit preview prices again.
  const returnIds = ((await call('/api/returns?_start=0&_end=50')).returns as { _id: string }[]).map((r) => r._id);
  const editable: { id: string; body: string }[] = [];
  for (const { _id } of (await call('/api/order/all-orders?status=pending&_start=0&_end=40')).orders as OrderRow[]) {
    const { order } = (await call(`/api/order/order/${_id}`)) as {
      order: { orderItems: { product: { _id: string } | null; color: string; size: string; qty: number }[] };
    };
    const body = JSON.stringify({
      orderItems: order.orderItems.map((line) => ({
        product: line.product?._id,
        color: line.color,
        size: line.size,
        qty: line.qty,
      })),
    });
    // A line of a product no longer on sale cannot be priced again: such an order is left out.
    const preview = await call(`/api/order/order/${_id}/edit/preview`, { method: 'POST', body }).catch(() => undefined);
    if (preview) editable.push({ id: _id, body });
  }
  if (returnIds.length === 0 || editable.length === 0)
    throw new Error('the store has no returns or no editable orders');

  const scenarios: { name: string; kind: Timing['kind']; request: (i: number) => Promise<unknown> }[] = [
    {
      name: 'orders first page (25, newest first)',
      kind: 'list',
      request: () => call('/api/order/all-orders?_start=0&_end=25&_sort=createdAt&_order=desc'),
    },
    {
      name: 'orders page 1000 (offset 24,975)',
      kind: 'list',
      request: () => call('/api/order/all-orders?_start=24975&_end=25000&_sort=createdAt&_order=desc'),
    },
    {
      name: 'orders search by customer email',
      kind: 'list',
      request: (i) =>
        call(`/api/order/all-orders?_start=0&_end=25&q=${encodeURIComponent(emails[i % emails.length]!)}`),
    },
    {
      name: 'orders by status and payment',
      kind: 'list',
      request: (i) => {
        const [status, payment] = filters[i % filters.length]!;
        return call(`/api/order/all-orders?_start=0&_end=25&status=${status}&paymentStatus=${payment}`);
      },
    },
    {
      name: 'products page, name search',
      kind: 'list',
      request: (i) =>
        call(
          `/api/product/get-all-products?_start=0&_end=25&q=${encodeURIComponent(productWords[i % productWords.length]!)}`,
        ),
    },
    {
      name: 'customers page',
      kind: 'list',
      request: (i) => call(`/api/auth/users?_start=${(i % 10) * 25}&_end=${(i % 10) * 25 + 25}`),
    },
    {
      name: "one order's details",
      kind: 'details',
      request: (i) => call(`/api/order/order/${sample[i % sample.length]!._id}`),
    },
    {
      name: "a customer's page (user and figures)",
      kind: 'details',
      request: (i) => call(`/api/auth/users/${customers[i % customers.length]!}`),
    },
    {
      name: "a customer's orders (first page)",
      kind: 'list',
      request: (i) => call(`/api/order/all-orders?user=${customers[i % customers.length]!}&_start=0&_end=25`),
    },
    {
      name: 'status update (with summary upkeep)',
      kind: 'write',
      request: (i) => {
        const order = flips[Math.floor(i / 2) % flips.length]!;
        return call(`/api/order/update-status/${order._id}`, {
          method: 'PUT',
          body: JSON.stringify({ status: flipTo(order, i) }),
        });
      },
    },
    { name: 'place an order (priced, reserved)', kind: 'write', request: place },
    {
      name: 'status change moving stock (ship/back)',
      kind: 'write',
      request: (i) =>
        call(`/api/order/update-status/${processing[Math.floor(i / 2) % processing.length]!}`, {
          method: 'PUT',
          body: JSON.stringify({ status: i % 2 === 0 ? 'shipped' : 'processing' }),
        }),
    },
    { name: 'stock first page (25 SKUs)', kind: 'list', request: () => call('/api/stock?_start=0&_end=25') },
    {
      name: "a SKU's movements (first page)",
      kind: 'list',
      request: (i) => call(`/api/stock/movements?sku=${skus[i % skus.length]!.sku}&_start=0&_end=25`),
    },
    {
      name: 'returns first page (25, newest first)',
      kind: 'list',
      request: () => call('/api/returns?_start=0&_end=25'),
    },
    {
      name: "a return's details",
      kind: 'details',
      request: (i) => call(`/api/returns/${returnIds[i % returnIds.length]!}`),
    },
    {
      name: 'an edit preview (a pending order, priced again)',
      kind: 'details',
      request: (i) => {
        const { id, body } = editable[i % editable.length]!;
        return call(`/api/order/order/${id}/edit/preview`, { method: 'POST', body });
      },
    },
    { name: 'dashboard-summary', kind: 'aggregate', request: () => call('/api/order/dashboard-summary') },
    { name: 'monthly-sales', kind: 'aggregate', request: () => call('/api/order/monthly-sales') },
    { name: 'sales-by-category', kind: 'aggregate', request: () => call('/api/order/sales-by-category') },
  ];

  for (const scenario of scenarios) {
    // Warm-up and measured requests are both even in number: every flipped order is flipped back.
    for (let i = 0; i < WARMUP; i++) await scenario.request(i);
    const samples: number[] = [];
    for (let i = 0; i < REQUESTS; i++) {
      const started = performance.now();
      await scenario.request(i);
      samples.push(performance.now() - started);
    }
    timings.push(summarise(scenario.name, scenario.kind, samples));
    process.stdout.write('.');
  }
} finally {
  // The orders placed go back as they came, even after a failure: cancelled (their units released),
  // then deleted below.
  for (const id of placed)
    await fetch(`${server.baseURL}/api/order/update-status/${id}`, {
      method: 'PUT',
      headers: {
        authorization: `Bearer ${await adminToken(server.baseURL, config.admin)}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ status: 'cancelled' }),
    });
  await server.stop();
}

// The naive SQL runs in this process on the same store once the server has let go of it (PGlite is
// single-process): without HTTP and JSON, which only flatters the naive side of the ratio.
const database = await openDatabase(config.database);
const now = new Date();
try {
  if (placed.length > 0) await database.query('delete from orders where id = any($1::text[])', [placed]);
  for (const [endpoint, naive] of Object.entries(NAIVE_AGGREGATES)) {
    await naive(database, now);
    const samples: number[] = [];
    for (let i = 0; i < NAIVE_RUNS; i++) {
      const started = performance.now();
      await naive(database, now);
      samples.push(performance.now() - started);
    }
    timings.push(summarise(`naive full scan: ${endpoint}`, 'naive', samples));
  }
} finally {
  await database.close();
}
const loadAfter = loadavg();

const speedUps = Object.keys(NAIVE_AGGREGATES).map((endpoint) => {
  const fast = timings.find((t) => t.name === endpoint)!;
  const naive = timings.find((t) => t.name === `naive full scan: ${endpoint}`)!;
  return { endpoint, ratio: Math.round((naive.medianMs / fast.medianMs) * 10) / 10 };
});
const verdict = (t: Timing) => {
  if (t.kind === 'naive') return '';
  const target = P95_TARGET[t.kind];
  const ratio = speedUps.find((s) => s.endpoint === t.name);
  const p95Met = t.p95Ms < target;
  const ratioText = ratio
    ? `, ${ratio.ratio}x naive (>= ${MIN_SPEED_UP}x: ${ratio.ratio >= MIN_SPEED_UP ? 'met' : 'MISSED'})`
    : '';
  return `p95 < ${target} ms: ${p95Met ? 'met' : 'MISSED'}${ratioText}`;
};

console.log(
  `\n\nStore API on ${driver}, ${found.orders.toLocaleString('en')} orders, ${found.products.toLocaleString('en')} products, ${found.customers.toLocaleString('en')} customers`,
);
console.log(
  `${'call'.padEnd(40)} ${'n'.padStart(4)} ${'median'.padStart(9)} ${'p95'.padStart(9)} ${'max'.padStart(9)}  target`,
);
for (const t of timings) {
  console.log(
    `${t.name.padEnd(40)} ${String(t.requests).padStart(4)} ${t.medianMs.toFixed(2).padStart(9)} ${t.p95Ms.toFixed(2).padStart(9)} ${t.maxMs.toFixed(2).padStart(9)}  ${verdict(t)}`,
  );
}
console.log(
  `(milliseconds; load average before ${loadBefore.map((l) => l.toFixed(1)).join(' ')}, after ${loadAfter.map((l) => l.toFixed(1)).join(' ')})`,
);

mkdirSync('bench/results', { recursive: true });
const file = join('bench/results', `api-${driver}-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
writeFileSync(
  file,
  JSON.stringify(
    {
      date: new Date().toISOString(),
      driver,
      store: found,
      cores: cpus().length,
      node: process.version,
      requests: REQUESTS,
      warmup: WARMUP,
      naiveRuns: NAIVE_RUNS,
      loadBefore,
      loadAfter,
      timings,
      speedUps,
    },
    null,
    2,
  ),
);
console.log(`Written to ${file}`);
