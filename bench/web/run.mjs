// npm run bench:web — builds the console and, in Chromium (Debian's, /usr/bin/chromium) against the
// demo store: the JavaScript each main route really loads (every script response of a cold load until
// the screen shows, lazy chunks included), as transferred and as gzip (level 9) of the same files; and
// the median time from navigation to the dashboard's KPI cards being visible and to the orders grid
// showing rows. Each run uses a fresh browser context (cold HTTP cache). Env: RUNS (default 7).
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { kb } from '../../scripts/bundle-sizes.mjs';
import { CHROMIUM_ARGS } from '../../tests/e2e/context.ts';
import { FIRST_LOAD_BUDGET, scriptsLoaded } from '../../tests/e2e/scripts-loaded.ts';
import { startServer } from '../../tests/e2e/server-process.ts';

const RUNS = Number(process.env.RUNS ?? 7);
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** The routes whose JavaScript is weighed, each with what shows once its screen is there. */
const ROUTES = [
  { path: '/login', selector: 'text=Sign In', signedIn: false },
  { path: '/', selector: 'text=from last month', signedIn: true },
  { path: '/catalog/products', selector: '.MuiDataGrid-row', signedIn: true },
  { path: '/orders', selector: '.MuiDataGrid-row', signedIn: true },
  { path: '/admin/add-blog', selector: 'text=Add Blog', signedIn: true },
];
const SCREENS = [
  { name: 'dashboard KPI cards visible', path: '/', selector: 'text=from last month' },
  { name: 'orders grid shows rows', path: '/orders', selector: '.MuiDataGrid-row' },
];

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

const work = mkdtempSync(join(tmpdir(), 'bench-web-'));
const outDir = join(work, 'console');
let server;
let browser;
try {
  const build = spawnSync(
    process.execPath,
    ['node_modules/vite/bin/vite.js', 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'error'],
    {
      stdio: 'inherit',
    },
  );
  if (build.status !== 0) throw new Error('vite build failed');

  server = await startServer({ dataDir: join(work, 'store'), staticDir: outDir, seedDemo: true, nodeFlags: [] });
  const login = await fetch(`${server.baseURL}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email: process.env.ADMIN_EMAIL ?? 'admin@example.com',
      password: process.env.ADMIN_PASSWORD ?? 'admin123',
    }),
  }).then((response) => response.json());

  browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: CHROMIUM_ARGS,
  });

  /** A fresh context (cold cache), signed in through storage unless `signedIn` is false. */
  const freshPage = async (signedIn = true) => {
    const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    if (signedIn) {
      await context.addInitScript(
        ([token, user]) => {
          localStorage.setItem('auth_token', token);
          localStorage.setItem('user', user);
        },
        [login.token, JSON.stringify(login.user)],
      );
    }
    return { context, page: await context.newPage() };
  };

  /** What a cold load of `path` fetched until `selector` showed (tests/e2e/scripts-loaded.ts). */
  const scriptsOf = async ({ path, selector, signedIn }) => {
    const { context, page } = await freshPage(signedIn);
    const { files, transferred, gzip } = await scriptsLoaded(page, server.baseURL + path, selector);
    await context.close();
    return { path, files: files.length, transferred, gzip };
  };

  /** Milliseconds from navigation start until `selector` is visible, in a fresh context. */
  const timeTo = async ({ path, selector }) => {
    const { context, page } = await freshPage();
    await page.goto(server.baseURL + path, { waitUntil: 'commit' });
    await page.locator(selector).first().waitFor({ state: 'visible', timeout: 30_000 });
    const ms = await page.evaluate(() => performance.now());
    await context.close();
    return ms;
  };

  const bundles = [];
  for (const route of ROUTES) bundles.push(await scriptsOf(route));

  const timings = [];
  for (const screen of SCREENS) {
    await timeTo(screen); // warm-up: server caches and the first PGlite query plans
    const runs = [];
    for (let i = 0; i < RUNS; i++) runs.push(await timeTo(screen));
    timings.push({
      name: screen.name,
      path: screen.path,
      runs: runs.map(Math.round),
      medianMs: Math.round(median(runs)),
    });
  }

  console.log(
    '\nJavaScript Chromium loads per route, cold, until the screen shows (as transferred; gzip -9 of the same files):',
  );
  for (const route of bundles) {
    const target = FIRST_LOAD_BUDGET[route.path];
    const verdict = target ? `  target <= ${kb(target)} gzip: ${route.gzip <= target ? 'met' : 'MISSED'}` : '';
    console.log(
      `  ${route.path.padEnd(20)} ${String(route.files).padStart(3)} files ${kb(route.transferred).padStart(10)} transferred ${kb(route.gzip).padStart(10)} gzip${verdict}`,
    );
  }
  console.log(`\nChromium against the demo store, median of ${RUNS} cold runs:`);
  for (const t of timings)
    console.log(`  ${t.name.padEnd(34)} ${String(t.medianMs).padStart(6)} ms   (runs: ${t.runs.join(', ')})`);

  mkdirSync('bench/results', { recursive: true });
  const file = join('bench/results', `web-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  writeFileSync(file, JSON.stringify({ date: new Date().toISOString(), runs: RUNS, bundles, timings }, null, 2));
  console.log(`\nWritten to ${file}`);
} finally {
  await browser?.close();
  await server?.stop();
  rmSync(work, { recursive: true, force: true });
}
