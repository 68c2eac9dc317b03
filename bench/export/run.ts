// npm run bench:export -- [--data-dir DIR] [--orders 1000000 --products 10000 --customers 100000]
//                         [--query status=delivered] [--probe-every 50]
// Starts the real store API (src/server/index.ts, its own process) on a large store (built first, as
// bench:api builds it, when DIR holds no store of that size) and downloads GET /api/order/all-orders
// ?format=csv over real HTTP, as the console's Export does: every order, or those `--query` selects.
// It first warms the server with the console's first calls and a smaller export (the refunded
// orders), then measures. Meanwhile it samples the server process's resident memory (VmRSS in /proc/<pid>/status) every
// 100 ms and asks /api/health and /api/auth/me in turn every `--probe-every` ms. Then it starts a
// second export, drops the connection after a few MB, and measures the CPU the server spends in the
// next 2 s: a server that stops reading when its client goes spends almost none.
// Prints the figures and the verdict against issue 14's targets (the export finishes with as many rows
// as X-Total-Count said, peak RSS within 100 MB of the start, the others answering), and writes
// bench/results/export-<driver>-<date>.json. Exits 1 when a target is missed. With DATABASE_URL the
// store is that PostgreSQL database instead.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { startServer } from '../../tests/e2e/server-process';
import { percentile, round, rssMb, sleep } from '../measure';
import { STORE_OPTIONS, storeFromArgs, adminToken, BENCH_DRIVER, openBenchStore } from '../store';

const { values: args } = parseArgs({
  options: {
    ...STORE_OPTIONS,
    query: { type: 'string', default: '' },
    'probe-every': { type: 'string', default: '50' },
  },
});
const { size, dataDir } = storeFromArgs(args);
const driver = BENCH_DRIVER;
const PROBE_EVERY_MS = Number(args['probe-every']);
const RSS_EVERY_MS = 100;
/** Issue 14: the server's memory stays within this of its start while it exports. */
const RSS_GROWTH_LIMIT_MB = 100;
/** What the second export reads before its client goes away. */
const ABORT_AFTER_BYTES = 4 * 1024 * 1024;

/** CPU seconds a process has used (user + system, /proc/<pid>/stat), all its threads included. */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

interface Download {
  status: number;
  totalHeader: number;
  bytes: number;
  /** Line ends: the header and one per order (no field of an order holds a line break). */
  lines: number;
  firstByteMs: number;
  ms: number;
}

/** GET `path` as a stream, counting bytes and lines as they come; `abortAfter` drops the connection once that much came. */
function download(port: number, path: string, token: string, abortAfter?: number): Promise<Download> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const request = http.get(
      { host: '127.0.0.1', port, path, headers: { authorization: `Bearer ${token}` } },
      (response) => {
        const result: Download = {
          status: response.statusCode ?? 0,
          totalHeader: Number(response.headers['x-total-count']),
          bytes: 0,
          lines: 0,
          firstByteMs: 0,
          ms: 0,
        };
        response.on('data', (chunk: Buffer) => {
          if (result.bytes === 0) result.firstByteMs = performance.now() - started;
          result.bytes += chunk.length;
          for (let i = chunk.indexOf(10); i >= 0; i = chunk.indexOf(10, i + 1)) result.lines++;
          if (abortAfter !== undefined && result.bytes >= abortAfter) {
            request.destroy();
            resolve({ ...result, ms: performance.now() - started });
          }
        });
        response.on('end', () => resolve({ ...result, ms: performance.now() - started }));
        response.on('error', (error) => (abortAfter === undefined ? reject(error) : undefined));
      },
    );
    request.on('error', (error) => (abortAfter === undefined ? reject(error) : undefined));
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
  const token = await adminToken(server.baseURL, config.admin);
  const probe = async (path: string) => {
    const started = performance.now();
    const response = await fetch(server.baseURL + path, { headers: { authorization: `Bearer ${token}` } });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`${path}: ${response.status}`);
    return performance.now() - started;
  };
  // Warm: what the console asks first, then a smaller export (the refunded orders), so the start
  // figure is a server at work: a freshly started one has not grown its JavaScript heaps' young
  // generations yet (the HTTP thread's and the database thread's), which any sustained traffic does.
  for (let i = 0; i < 20; i++)
    await Promise.all([probe('/api/health'), probe('/api/auth/me'), probe('/api/order/all-orders?_start=0&_end=25')]);
  const rssCold = rssMb(pid);
  const warmUp = await download(server.port, '/api/order/all-orders?paymentStatus=refunded&format=csv', token);

  const path = `/api/order/all-orders?${args.query ? `${args.query}&` : ''}format=csv`;
  const rssStart = rssMb(pid);
  let rssPeak = rssStart;
  const timeline: [number, number][] = [];
  const sampleStart = performance.now();
  const sampler = setInterval(() => {
    const now = rssMb(pid);
    rssPeak = Math.max(rssPeak, now);
    timeline.push([Math.round((performance.now() - sampleStart) / 1000), Math.round(now)]);
  }, RSS_EVERY_MS);
  const latencies: Record<'/api/health' | '/api/auth/me', number[]> = { '/api/health': [], '/api/auth/me': [] };
  let exporting = true;
  const prober = (async () => {
    for (let i = 0; exporting; i++) {
      const target = i % 2 === 0 ? '/api/health' : '/api/auth/me';
      latencies[target].push(await probe(target));
      await sleep(PROBE_EVERY_MS);
    }
  })();
  console.log(`Exporting ${path} (RSS at start ${round(rssStart)} MB)...`);
  const result = await download(server.port, path, token);
  exporting = false;
  await prober;
  clearInterval(sampler);
  rssPeak = Math.max(rssPeak, rssMb(pid));

  // A client that goes away mid-file: the server should stop reading batches at once.
  const cpuBefore = cpuSeconds(pid);
  const aborted = await download(server.port, path, token, ABORT_AFTER_BYTES);
  const cpuAtAbort = cpuSeconds(pid);
  await sleep(2000);
  const cpuAfterAbort = round(cpuSeconds(pid) - cpuAtAbort, 2);
  const stillAnswers = (await fetch(`${server.baseURL}/api/health`)).ok;

  const rows = result.lines - 1;
  const growth = rssPeak - rssStart;
  const probes = Object.fromEntries(
    Object.entries(latencies).map(([target, samples]) => {
      const sorted = [...samples].sort((a, b) => a - b);
      return [
        target,
        {
          requests: samples.length,
          p50Ms: round(percentile(sorted, 50), 2),
          p99Ms: round(percentile(sorted, 99), 2),
          maxMs: round(sorted.at(-1) ?? 0, 2),
        },
      ];
    }),
  );
  const checks = {
    finished: result.status === 200 && rows === result.totalHeader,
    memory: growth <= RSS_GROWTH_LIMIT_MB,
    othersAnswered: Object.values(probes).every((p) => p.requests > 0),
    stopsOnDisconnect: stillAnswers && cpuAfterAbort < 0.5,
  };
  failed = Object.values(checks).some((ok) => !ok);

  console.log(`\nCSV export of orders on ${driver}, ${found.orders.toLocaleString('en')} orders in the store`);
  console.log(
    `rows                ${rows.toLocaleString('en')} (X-Total-Count ${result.totalHeader.toLocaleString('en')})`,
  );
  console.log(`bytes               ${(result.bytes / 1024 / 1024).toFixed(1)} MB`);
  console.log(
    `time                ${(result.ms / 1000).toFixed(1)} s (first byte after ${result.firstByteMs.toFixed(0)} ms; ${Math.round(rows / (result.ms / 1000)).toLocaleString('en')} rows/s)`,
  );
  console.log(
    `RSS timeline        ${timeline
      .filter((_, i) => i % 50 === 0)
      .map(([sec, mb]) => `${sec}s:${mb}`)
      .join(' ')}`,
  );
  console.log(
    `server RSS          start ${round(rssStart)} MB, peak ${round(rssPeak)} MB, growth ${round(growth)} MB (limit ${RSS_GROWTH_LIMIT_MB} MB)`,
  );
  console.log(
    `                    fresh server before the warm-up export of ${(warmUp.lines - 1).toLocaleString('en')} refunded orders: ${round(rssCold)} MB (peak ${round(rssPeak - rssCold)} MB above it)`,
  );
  for (const [target, p] of Object.entries(probes))
    console.log(
      `${target.padEnd(20)}${p.requests} requests meanwhile: p50 ${p.p50Ms} ms, p99 ${p.p99Ms} ms, max ${p.maxMs} ms`,
    );
  console.log(
    `client gone         after ${(aborted.bytes / 1024 / 1024).toFixed(1)} MB: the server used ${cpuAfterAbort} s of CPU in the next 2 s (${round(cpuAtAbort - cpuBefore, 2)} s while sending)`,
  );
  console.log(
    `verdict             ${Object.entries(checks)
      .map(([name, ok]) => `${name}: ${ok ? 'met' : 'MISSED'}`)
      .join(', ')}`,
  );
  console.log(
    `(load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')})`,
  );

  mkdirSync('bench/results', { recursive: true });
  const file = join('bench/results', `export-${driver}-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  writeFileSync(
    file,
    JSON.stringify(
      {
        date: new Date().toISOString(),
        driver,
        store: found,
        cores: cpus().length,
        node: process.version,
        path,
        rows,
        totalHeader: result.totalHeader,
        bytes: result.bytes,
        seconds: round(result.ms / 1000, 2),
        firstByteMs: round(result.firstByteMs),
        rssFreshMb: round(rssCold),
        warmUpRows: warmUp.lines - 1,
        rssStartMb: round(rssStart),
        rssTimeline: timeline,
        rssPeakMb: round(rssPeak),
        probes,
        afterDisconnect: { bytesRead: aborted.bytes, serverCpuSecondsNext2s: cpuAfterAbort },
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
