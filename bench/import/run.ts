// npm run bench:import -- [--data-dir DIR] [--products 5000 --orders 2000 --customers 1000] [--rows 10000]
//                         [--runs 3] [--probe-every 20]
// Starts the real store API (src/server/index.ts, its own process) on a generated store (built first
// with `npm run seed` when DIR holds no store of that size; its 5,000 products have about 62,000 SKUs, a
// file of about 18 MB, under the import's 100,000 rows and 20 MB) and, over real HTTP as the console would:
// - exports the catalogue file (?format=csv&rows=sku) and imports it whole: the dry run must find
//   0 creates, 0 updates and 0 errors;
// - takes its first `--rows` rows with every price and every stock count changed, and `--runs` times:
//   dry-runs the file, commits it, and undoes it (which puts the store back for the next run).
// Meanwhile it asks /api/health every `--probe-every` ms. Prints the medians, the health check's p99
// during the dry runs and the commits, and the verdict against the targets (a dry run under 10 s, its
// commit under 30 s); writes bench/results/import-<driver>-<date>.json. Exits 1 when a target is
// missed. With DATABASE_URL the store is that PostgreSQL database instead.
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { parse } from 'csv-parse/sync';
import type { ImportPreview } from '../../src/domain';
import { csvCell, csvLine } from '../../src/server/services/csv-export';
import { startServer } from '../../tests/e2e/server-process';
import { percentile, round, sleep } from '../measure';
import { BENCH_DRIVER, STORE_OPTIONS, adminToken, openBenchStore, storeFromArgs } from '../store';

const { values: args } = parseArgs({
  options: {
    ...STORE_OPTIONS,
    orders: { type: 'string', default: '2000' },
    products: { type: 'string', default: '5000' },
    customers: { type: 'string', default: '1000' },
    rows: { type: 'string', default: '10000' },
    runs: { type: 'string', default: '3' },
    'probe-every': { type: 'string', default: '20' },
  },
});
const { size } = storeFromArgs(args);
const dataDir = args['data-dir'] ?? join(tmpdir(), `apparel-bench-import-${size.products}`);
const ROWS = Number(args.rows);
const RUNS = Number(args.runs);
const PROBE_EVERY_MS = Number(args['probe-every']);
/** The targets: a dry run under 10 s, its commit under 30 s. */
const DRY_RUN_TARGET_MS = 10_000;
const COMMIT_TARGET_MS = 30_000;

const { config, found } = await openBenchStore(size, dataDir);
const server = await startServer({ dataDir, seedDemo: false, nodeFlags: [], readyTimeoutMs: 120_000 });

try {
  const token = await adminToken(server.baseURL, config.admin);
  const headers = { authorization: `Bearer ${token}` };

  /** Runs `work` while asking /api/health every PROBE_EVERY_MS: its time, its answer and the health checks' times. */
  async function probing<T>(work: () => Promise<T>): Promise<{ ms: number; result: T; health: number[] }> {
    const health: number[] = [];
    let done = false;
    const probe = (async () => {
      while (!done) {
        const started = performance.now();
        await fetch(`${server.baseURL}/api/health`).then((response) => response.arrayBuffer());
        health.push(performance.now() - started);
        await sleep(PROBE_EVERY_MS);
      }
    })();
    const started = performance.now();
    try {
      const result = await work();
      return { ms: performance.now() - started, result, health };
    } finally {
      done = true;
      await probe;
    }
  }

  async function post<T>(path: string, body?: FormData): Promise<T> {
    const response = await fetch(`${server.baseURL}${path}`, { method: 'POST', headers, body });
    const text = await response.text();
    if (response.status !== 200) throw new Error(`POST ${path}: ${response.status} ${text.slice(0, 500)}`);
    return JSON.parse(text) as T;
  }
  const dryRun = (file: string, name: string) => {
    const form = new FormData();
    form.append('file', new Blob([file], { type: 'text/csv' }), name);
    return post<ImportPreview>('/api/product/import', form);
  };

  const exported = await fetch(`${server.baseURL}/api/product/get-all-products?format=csv&rows=sku`, { headers });
  const catalogue = await exported.text();
  const [header, ...rows] = parse(catalogue, { bom: true }) as string[][];
  console.log(`Catalogue file: ${rows.length} rows, ${round(catalogue.length / 1024 / 1024)} MB`);

  const roundTrip = await probing(() => dryRun(catalogue, 'catalogue.csv'));
  const { creates, updates, errors } = roundTrip.result;
  console.log(
    `Round trip of the whole file: ${creates} creates, ${updates} updates, ${errors.length} errors, dry run ${round(roundTrip.ms / 1000, 2)} s`,
  );
  if (creates || updates || errors.length)
    throw new Error(`the round trip changes something: ${JSON.stringify(errors.slice(0, 3))}`);

  // The season's change: every price up by 1 and one more unit of each SKU, over the first ROWS rows.
  const column = (name: string) => header!.indexOf(name);
  const changed = rows.slice(0, ROWS).map((row) => {
    const cells = [...row];
    cells[column('price')] = (Number(cells[column('price')]) + 1).toFixed(2);
    cells[column('count_in_stock')] = String(Number(cells[column('count_in_stock')]) + 1);
    return cells;
  });
  const file = [header!, ...changed].map((cells) => csvLine(cells.map((cell) => csvCell(cell)))).join('');

  const runs: { dryRunMs: number; commitMs: number; undoMs: number }[] = [];
  const health = { dryRun: [] as number[], commit: [] as number[] };
  for (let run = 0; run < RUNS; run++) {
    const dry = await probing(() => dryRun(file, 'prices.csv'));
    if (dry.result.updates !== changed.length || dry.result.errors.length)
      throw new Error(`the dry run found ${dry.result.updates} updates, ${dry.result.errors.length} errors`);
    const commit = await probing(() => post(`/api/product/import/${dry.result.importId}/commit`));
    const undo = await probing(() => post(`/api/product/import/${dry.result.importId}/undo`));
    runs.push({ dryRunMs: dry.ms, commitMs: commit.ms, undoMs: undo.ms });
    health.dryRun.push(...dry.health);
    health.commit.push(...commit.health);
    console.log(
      `run ${run + 1}: dry run ${round(dry.ms / 1000, 2)} s, commit ${round(commit.ms / 1000, 2)} s, undo ${round(undo.ms / 1000, 2)} s`,
    );
  }

  const median = (values: number[]) =>
    percentile(
      [...values].sort((a, b) => a - b),
      50,
    );
  const p99 = (values: number[]) =>
    round(
      percentile(
        [...values].sort((a, b) => a - b),
        99,
      ),
      1,
    );
  const result = {
    driver: BENCH_DRIVER,
    store: found,
    cores: cpus().length,
    load: loadavg().map((l) => round(l, 2)),
    catalogueRows: rows.length,
    roundTripDryRunMs: round(roundTrip.ms),
    rows: changed.length,
    runs,
    medianDryRunMs: round(median(runs.map((r) => r.dryRunMs))),
    medianCommitMs: round(median(runs.map((r) => r.commitMs))),
    medianUndoMs: round(median(runs.map((r) => r.undoMs))),
    healthP99Ms: { dryRun: p99(health.dryRun), commit: p99(health.commit), roundTrip: p99(roundTrip.health) },
  };
  const met = (ok: boolean) => (ok ? 'met' : 'MISSED');
  const dryOk = result.medianDryRunMs < DRY_RUN_TARGET_MS;
  const commitOk = result.medianCommitMs < COMMIT_TARGET_MS;
  console.log(
    `\n${changed.length} rows on ${BENCH_DRIVER}, median of ${RUNS}: dry run ${round(result.medianDryRunMs / 1000, 2)} s (< 10 s: ${met(dryOk)}), ` +
      `commit ${round(result.medianCommitMs / 1000, 2)} s (< 30 s: ${met(commitOk)}), undo ${round(result.medianUndoMs / 1000, 2)} s; ` +
      `/api/health p99 ${result.healthP99Ms.dryRun} ms during the dry runs, ${result.healthP99Ms.commit} ms during the commits`,
  );
  mkdirSync('bench/results', { recursive: true });
  const out = join('bench/results', `import-${BENCH_DRIVER}-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  writeFileSync(out, JSON.stringify(result, null, 2));
  console.log(`Written to ${out}`);
  if (!dryOk || !commitOk) process.exitCode = 1;
} finally {
  await server.stop();
}
