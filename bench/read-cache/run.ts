// npm run bench:read-cache -- [--addresses 20000] [--concurrency 16]
// Starts the real store API (its own process, as npm start runs it) on a fresh demo store and asks it
// `--addresses` distinct addresses from one account (pages of orders of every start and length, up to
// 200 orders each: answers the read cache keeps), while sampling the server's resident memory. The
// cache holds READ_CACHE_MB (default 64 MB) at most, one account a quarter of it: the process must not
// grow by more than that bound however many addresses come. Prints the figures and the verdict and
// exits 1 when the growth is over the bound.
import { mkdtempSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { DEFAULT_ADMIN } from '../../src/server/config';
import { DEFAULT_READ_CACHE } from '../../src/server/read-cache';
import { startServer } from '../../tests/e2e/server-process';
import { restingRssMb, rssMb } from '../measure';
import { adminToken } from '../store';

const { values: args } = parseArgs({
  options: { addresses: { type: 'string', default: '20000' }, concurrency: { type: 'string', default: '16' } },
});
const ADDRESSES = Number(args.addresses);
const boundMb = process.env.READ_CACHE_MB
  ? Number(process.env.READ_CACHE_MB)
  : DEFAULT_READ_CACHE.maxBytes / 1024 / 1024;

/** The i-th address: every start from 0 to 99 with every page length from 1 to 200. */
const address = (i: number) => {
  const start = i % 100;
  return `/api/order/all-orders?_start=${start}&_end=${start + 1 + Math.floor(i / 100)}`;
};

const server = await startServer({
  dataDir: mkdtempSync(join(tmpdir(), 'bench-read-cache-')),
  seedDemo: true,
  logLevel: 'error',
  nodeFlags: [],
});
const pid = server.child.pid!;
let failed = false;
try {
  const token = await adminToken(server.baseURL, DEFAULT_ADMIN);
  const get = async (path: string) => {
    const response = await fetch(server.baseURL + path, { headers: { authorization: `Bearer ${token}` } });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`${path}: ${response.status}`);
  };
  for (let i = 0; i < 200; i++) await get(address(i % 100));
  const idle = await restingRssMb(pid);
  let peak = idle;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 100);
  const started = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: Number(args.concurrency) }, async () => {
      while (next < ADDRESSES) await get(address(next++));
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  peak = Math.max(peak, rssMb(pid));
  failed = peak - idle > boundMb;
  console.log(
    `${cpus().length} cores, load ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  console.log(`${ADDRESSES.toLocaleString('en')} distinct addresses in ${seconds.toFixed(1)} s from one account`);
  console.log(
    `server RSS    idle ${idle.toFixed(1)} MB, peak ${peak.toFixed(1)} MB: growth ${(peak - idle).toFixed(1)} MB (bound ${boundMb} MB): ${failed ? 'MISSED' : 'met'}`,
  );
} finally {
  await server.stop();
}
process.exit(failed ? 1 : 0);
