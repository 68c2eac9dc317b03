import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { CHROMIUM_ARGS, REPO_ROOT, hashSources, newHash, pruneBuildCache, type E2EContext } from './context';
import { startServer } from './server-process';

/**
 * Debian's Chromium, preferring its headless shell (package chromium-headless-shell): the same Blink and V8
 * as the full browser without the browser's own window and services, which is what Playwright itself
 * runs for headless tests. On this 2-core machine a console page costs it about 40 % less CPU than the
 * full browser in headless mode, and the browser tests are bound by that CPU.
 */
const CHROMIUM_PATHS = ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'];

/** Where builds of the console are kept between runs, one directory per state of its sources. */
const BUILD_CACHE = join(REPO_ROOT, 'node_modules/.cache/e2e-console');
/** What the console build reads: its sources (not the server's: the console may not import them) and the build's settings. */
const BUILD_INPUTS = [
  'src',
  'index.html',
  'public',
  'vite.config.ts',
  'package.json',
  'package-lock.json',
  'tsconfig.json',
  'tsconfig.base.json',
  'tsconfig.app.json',
];
/**
 * The build's environment: a production build, as `npm start` serves and as the admins get it. Vitest sets
 * NODE_ENV=test, which a build inherits and with it React's development build (twice the JavaScript,
 * slower, and not what the bundle budgets are about).
 */
const BUILD_ENV = { ...process.env, NODE_ENV: 'production' };

/** Every input file's path and content, and the VITE_ variables the build would read, hashed. */
function buildInputsHash(): string {
  const hash = hashSources(newHash(), BUILD_INPUTS, [join(REPO_ROOT, 'src', 'server')]);
  for (const [name, value] of Object.entries(BUILD_ENV).sort())
    if (name.startsWith('VITE_') || name === 'NODE_ENV') hash.update(`${name}=${value}\0`);
  return hash.digest('hex').slice(0, 16);
}

/** The preparations' niceness: the unit and API files run beside them and go first. */
const PREPARATION_NICENESS = 10;

/**
 * The console as `vite build` makes it from the sources as they are now: built once per state of the
 * sources and kept under node_modules/.cache, so a run after a change to the tests or the server alone
 * (most runs) does not build it again. A build is made beside the cache and moved in whole, so a run
 * beside this one never serves half of one.
 */
async function consoleBuild(): Promise<string> {
  const dir = join(BUILD_CACHE, buildInputsHash());
  if (!existsSync(join(dir, 'index.html'))) {
    mkdirSync(BUILD_CACHE, { recursive: true });
    const staging = mkdtempSync(join(BUILD_CACHE, 'building-'));
    const build = spawn(
      'nice',
      [
        '-n',
        String(PREPARATION_NICENESS),
        process.execPath,
        join(REPO_ROOT, 'node_modules/vite/bin/vite.js'),
        'build',
        '--outDir',
        staging,
        '--emptyOutDir',
        '--logLevel',
        'error',
      ],
      { cwd: REPO_ROOT, stdio: 'inherit', env: BUILD_ENV },
    );
    const code = await new Promise<number | null>((resolve, reject) => {
      build.once('error', reject);
      build.once('exit', resolve);
    });
    if (code !== 0) {
      rmSync(staging, { recursive: true, force: true });
      throw new Error('Building the console for the browser tests failed');
    }
    try {
      renameSync(staging, dir);
    } catch {
      // Another run finished the same build first: use theirs.
      rmSync(staging, { recursive: true, force: true });
    }
  }
  pruneBuildCache(BUILD_CACHE, dir);
  return dir;
}

/**
 * The run's shared parts: the console built (or the build of the same sources reused), the demo store and
 * the empty store that each test file copies instead of making its own, the browser every file connects
 * to, and a server on each store for the files that only read. Stopped by the returned `close`.
 */
async function prepare(
  chromiumPath: string,
  runDir: string,
): Promise<{ context: E2EContext; close: () => Promise<unknown> }> {
  const staticDir = process.env.E2E_STATIC_DIR ?? (await consoleBuild());

  // Both stores once, side by side: a test file copies one rather than paying for initdb and the migrations.
  const demoDataDir = join(runDir, 'demo-store');
  const emptyDataDir = join(runDir, 'empty-store');
  // Niced, they may wait for the CPU as long as the API files keep it busy.
  const making = { staticDir, niceness: PREPARATION_NICENESS, readyTimeoutMs: 600_000 };
  const stores = await Promise.all([
    startServer({ ...making, dataDir: demoDataDir, seedDemo: true }),
    startServer({ ...making, dataDir: emptyDataDir, seedDemo: false }),
  ]);
  await Promise.all(stores.map((store) => store.stop()));

  // One browser for the whole run: each test file connects to it and opens its own contexts. Beside it,
  // one server on a copy of each store for the files that change nothing (useConsoleHarness's readOnly).
  const shared = (from: string, name: string, seedDemo: boolean) => {
    const dataDir = join(runDir, name);
    cpSync(from, dataDir, { recursive: true });
    return startServer({ dataDir, staticDir, seedDemo });
  };
  const [browser, readOnlyDemo, readOnlyEmpty] = await Promise.all([
    chromium.launchServer({ executablePath: chromiumPath, args: CHROMIUM_ARGS }),
    shared(demoDataDir, 'read-only-demo', true),
    shared(emptyDataDir, 'read-only-empty', false),
  ]);
  return {
    context: {
      staticDir,
      demoDataDir,
      emptyDataDir,
      runDir,
      browserEndpoint: browser.wsEndpoint(),
      readOnlyURL: { demo: readOnlyDemo.baseURL, empty: readOnlyEmpty.baseURL },
    },
    close: () => Promise.all([browser.close(), readOnlyDemo.stop(), readOnlyEmpty.stop()]),
  };
}

/**
 * Once per e2e run: insist on Debian's Chromium (never a downloaded browser), then prepare the run's shared
 * parts in the background. The browser files run last (their group order), and Vitest starts no file
 * before every project's setup has returned: prepared while the unit and API files run, they cost the run
 * no time of their own. A file asks for them at `e2eSetup`, which answers once they are ready (or why
 * they failed, which fails the file).
 */
export default async function setup(project: TestProject) {
  const chromiumPath =
    process.env.CHROMIUM_PATH ?? CHROMIUM_PATHS.find((path) => existsSync(path)) ?? CHROMIUM_PATHS[0]!;
  if (!existsSync(chromiumPath)) {
    // Fail, never skip: a missing browser must not pass as a green run.
    throw new Error(
      `Chromium is missing: apt-get update && apt-get install -y chromium-headless-shell (looked for ${chromiumPath})`,
    );
  }

  const runDir = mkdtempSync(join(tmpdir(), 'apparel-e2e-'));
  const prepared = prepare(chromiumPath, runDir);
  // Reported to every file that asks; the teardown must not meet it as an unhandled rejection.
  prepared.catch(() => {});
  const answers = createServer((_request, response) => {
    prepared.then(
      ({ context }) => response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(context)),
      (error: unknown) =>
        response.writeHead(500).end(`Preparing the browser tests failed: ${(error as Error)?.stack ?? String(error)}`),
    );
  });
  await new Promise<void>((resolve) => answers.listen(0, '127.0.0.1', resolve));
  project.provide('e2eSetup', `http://127.0.0.1:${(answers.address() as AddressInfo).port}/`);

  return async () => {
    answers.close();
    answers.closeAllConnections();
    const parts = await prepared.catch(() => undefined);
    await parts?.close();
    rmSync(runDir, { recursive: true, force: true });
  };
}
