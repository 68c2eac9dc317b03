// npm run bench:web — builds the console and, in Chromium (Debian's, /usr/bin/chromium) against the
// demo store: the JavaScript each main route really loads (every script response of a cold load until
// the screen shows, lazy chunks included), as transferred and as gzip (level 9) of the same files; and
// the median time from navigation to the dashboard's KPI cards being visible and to the orders grid
// showing rows; and what a list screen's load costs the page's main thread: its task time (CDP's
// TaskDuration) and React's component renders (counted as React DevTools counts them), from navigation
// until the grid has shown rows and nothing has drawn for half a second. Each run uses a fresh browser
// context (cold HTTP cache). Env: RUNS (default 7).
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

/** The list screens whose drawing is weighed. */
const LISTS = ['/catalog/products', '/orders', '/catalog/coupons'];

/**
 * Before any script: a stand-in for React DevTools' hook, which React tells of each commit. A component
 * rendered in a commit is a fiber of a component kind that is new or did work (React's PerformedWork flag);
 * only the subtrees the commit changed are walked, as DevTools does. Also the time of the last commit.
 */
function countRenders() {
  const COMPONENT_TAGS = new Set([0, 1, 11, 14, 15]);
  const seen = { renders: 0, commits: 0, last: 0 };
  const visit = (fiber) => {
    const before = fiber.alternate;
    if (COMPONENT_TAGS.has(fiber.tag) && (before === null || (fiber.flags & 1) === 1)) seen.renders++;
    if (before !== null && fiber.child === before.child) return;
    for (let child = fiber.child; child; child = child.sibling) visit(child);
  };
  globalThis.__renders = seen;
  globalThis.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true,
    renderers: new Map(),
    inject: () => 1,
    onScheduleFiberRoot() {},
    onCommitFiberRoot(_id, root) {
      seen.commits++;
      seen.last = performance.now();
      visit(root.current);
    },
    onCommitFiberUnmount() {},
    onPostCommitFiberRoot() {},
    checkDCE() {},
  };
}

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

  /** One cold load of a list: main-thread milliseconds, component renders and commits until it settles. */
  const drawList = async (path) => {
    const { context, page } = await freshPage();
    await page.addInitScript(countRenders);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    await page.goto(server.baseURL + path, { waitUntil: 'commit' });
    await page.locator('.MuiDataGrid-row[data-id]').first().waitFor({ timeout: 30_000 });
    await page.waitForFunction(() => performance.now() - globalThis.__renders.last > 500, undefined, { polling: 100 });
    const { metrics } = await cdp.send('Performance.getMetrics');
    const taskMs = 1000 * metrics.find((metric) => metric.name === 'TaskDuration').value;
    const { renders, commits } = await page.evaluate(() => globalThis.__renders);
    await context.close();
    return { taskMs, renders, commits };
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

  const lists = [];
  for (const path of LISTS) {
    await drawList(path);
    const runs = [];
    for (let i = 0; i < RUNS; i++) runs.push(await drawList(path));
    lists.push({
      path,
      taskMs: Math.round(median(runs.map((run) => run.taskMs))),
      renders: median(runs.map((run) => run.renders)),
      commits: median(runs.map((run) => run.commits)),
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

  console.log(`\nA list's cold load until it settles, median of ${RUNS} runs:`);
  for (const list of lists)
    console.log(
      `  ${list.path.padEnd(20)} ${String(list.taskMs).padStart(6)} ms main thread ${String(list.renders).padStart(6)} component renders ${String(list.commits).padStart(4)} commits`,
    );

  mkdirSync('bench/results', { recursive: true });
  const file = join('bench/results', `web-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  writeFileSync(file, JSON.stringify({ date: new Date().toISOString(), runs: RUNS, bundles, timings, lists }, null, 2));
  console.log(`\nWritten to ${file}`);
} finally {
  await browser?.close();
  await server?.stop();
  rmSync(work, { recursive: true, force: true });
}
