// npm run bench:whole-list -- [--data-dir DIR] [--orders 200000 --products 2000 --customers 20000] [--probe-every 20]
// Starts the real store API (its own process, as npm start runs it) on a large store (built first when
// DIR holds no store of that size) and downloads the contract's whole orders list, GET
// /api/order/all-orders without a page, over real HTTP: once alone, then four at once (two accounts,
// two each, the most one account may run), while a third from one account must get 429. Meanwhile it
// samples the server's resident memory (VmRSS) every 100 ms and asks /api/health every `--probe-every` ms.
// Prints the figures and the verdict against the targets (memory within 100 MB of the idle server, four
// at once included; /api/health p99 under 100 ms; every answer whole; the third refused) and writes
// bench/results/whole-list-<driver>-<date>.json. Exits 1 when a target is missed.
import { mkdirSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { startServer } from '../../tests/e2e/server-process';
import { percentile, restingRssMb, round, rssMb, sleep } from '../measure';
import { adminToken, STORE_OPTIONS, storeFromArgs, BENCH_DRIVER, openBenchStore } from '../store';

const { values: args } = parseArgs({
  options: {
    ...STORE_OPTIONS,
    orders: { type: 'string', default: '200000' },
    products: { type: 'string', default: '2000' },
    customers: { type: 'string', default: '20000' },
    'probe-every': { type: 'string', default: '20' },
  },
});
const { size, dataDir } = storeFromArgs(args);
const driver = BENCH_DRIVER;
const PROBE_EVERY_MS = Number(args['probe-every']);
const RSS_GROWTH_LIMIT_MB = 100;
const HEALTH_P99_LIMIT_MS = 100;
const PATH = '/api/order/all-orders';

interface Download {
  status: number;
  bytes: number;
  /** The answer is one whole document: it opens as the contract's list and closes it. */
  whole: boolean;
  ms: number;
}

/** GET `path` as a stream, keeping only its size and its first and last bytes. */
function download(port: number, path: string, token: string): Promise<Download> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    http
      .get({ host: '127.0.0.1', port, path, headers: { authorization: `Bearer ${token}` } }, (response) => {
        let bytes = 0;
        let head = '';
        let tail = '';
        response.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
          if (head.length < 32) head += chunk.subarray(0, 32).toString();
          tail = (tail + chunk.subarray(-32).toString()).slice(-32);
        });
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            bytes,
            whole: head.startsWith('{"success":true,"orders":[') && tail.endsWith(']}'),
            ms: performance.now() - started,
          }),
        );
        response.on('error', reject);
      })
      .on('error', reject);
  });
}

const { config, found } = await openBenchStore(size, dataDir);

const server = await startServer({
  dataDir,
  seedDemo: false,
  logLevel: 'error',
  readyTimeoutMs: 120_000,
  nodeFlags: [],
});
const pid = server.child.pid!;
let failed = false;
try {
  const admin = await adminToken(server.baseURL, config.admin);
  // A second account: one account may run two heavy requests at once, so four need two.
  const email = `bench-${Date.now()}@example.com`;
  const password = 'bench-password-2026';
  const added = await fetch(`${server.baseURL}/api/staff`, {
    method: 'POST',
    headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
    body: JSON.stringify({ fullname: 'Bench Manager', email, role: 'manager', password }),
  });
  if (added.status !== 201) throw new Error(`adding the second account answered ${added.status}`);
  const manager = await adminToken(server.baseURL, { email, password });

  const probe = async (path: string) => {
    const started = performance.now();
    const response = await fetch(server.baseURL + path, { headers: { authorization: `Bearer ${admin}` } });
    await response.arrayBuffer();
    return performance.now() - started;
  };
  for (let i = 0; i < 20; i++)
    await Promise.all([probe('/api/health'), probe('/api/auth/me'), probe(`${PATH}?_start=0&_end=25`)]);
  const rssIdle = await restingRssMb(pid);

  let rssPeak = rssIdle;
  const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, rssMb(pid))), 100);
  const health: number[] = [];
  let running = true;
  const prober = (async () => {
    while (running) {
      health.push(await probe('/api/health'));
      await sleep(PROBE_EVERY_MS);
    }
  })();

  const alone = await download(server.port, PATH, admin);
  const rssAfterOne = rssPeak;
  const four = [
    download(server.port, PATH, admin),
    download(server.port, PATH, admin),
    download(server.port, PATH, manager),
    download(server.port, PATH, manager),
  ];
  await sleep(200);
  const third = await fetch(server.baseURL + PATH, { headers: { authorization: `Bearer ${admin}` } });
  await third.arrayBuffer();
  const together = await Promise.all(four);
  running = false;
  await prober;
  clearInterval(sampler);

  const sorted = [...health].sort((a, b) => a - b);
  const p99 = percentile(sorted, 99);
  const checks = {
    whole: [alone, ...together].every((d) => d.status === 200 && d.whole && d.bytes === alone.bytes),
    memory: rssPeak - rssIdle <= RSS_GROWTH_LIMIT_MB,
    health: p99 < HEALTH_P99_LIMIT_MS,
    thirdRefused: third.status === 429 && Number(third.headers.get('retry-after')) > 0,
  };
  failed = Object.values(checks).some((ok) => !ok);

  console.log(`\nWhole orders list on ${driver}, ${found.orders.toLocaleString('en')} orders`);
  console.log(
    `answer              ${(alone.bytes / 1024 / 1024).toFixed(1)} MB in ${(alone.ms / 1000).toFixed(1)} s alone; four at once ${together.map((d) => (d.ms / 1000).toFixed(1)).join(', ')} s`,
  );
  console.log(
    `server RSS          idle ${round(rssIdle)} MB; peak ${round(rssAfterOne)} MB with one, ${round(rssPeak)} MB with four: growth ${round(rssPeak - rssIdle)} MB (limit ${RSS_GROWTH_LIMIT_MB} MB)`,
  );
  console.log(
    `/api/health         ${health.length} requests meanwhile: p50 ${round(percentile(sorted, 50), 2)} ms, p99 ${round(p99, 2)} ms, max ${round(sorted.at(-1) ?? 0, 2)} ms (limit p99 ${HEALTH_P99_LIMIT_MS} ms)`,
  );
  console.log(`a third at once     ${third.status}, Retry-After ${third.headers.get('retry-after')}`);
  console.log(
    `verdict             ${Object.entries(checks)
      .map(([name, ok]) => `${name}: ${ok ? 'met' : 'MISSED'}`)
      .join(', ')}`,
  );

  mkdirSync('bench/results', { recursive: true });
  const file = join('bench/results', `whole-list-${driver}-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  const result = {
    date: new Date().toISOString(),
    driver,
    store: found,
    cores: cpus().length,
    node: process.version,
    bytes: alone.bytes,
    aloneSeconds: round(alone.ms / 1000, 2),
  };
  writeFileSync(
    file,
    JSON.stringify(
      {
        ...result,
        rssIdleMb: round(rssIdle),
        rssPeakOneMb: round(rssAfterOne),
        rssPeakMb: round(rssPeak),
        healthP99Ms: round(p99, 2),
        thirdStatus: third.status,
        checks,
        loadAverage: loadavg(),
      },
      null,
      2,
    ),
  );
  console.log(`Written to ${file}`);
} finally {
  await server.stop();
}
process.exit(failed ? 1 : 0);
