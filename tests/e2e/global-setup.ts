import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { CHROMIUM_ARGS, REPO_ROOT, type E2EContext } from './context';
import { startServer } from './server-process';

/**
 * Once per e2e run: insist on Debian's Chromium (never a downloaded browser), build the console, make
 * the demo store and the empty store that each test file copies instead of making its own, and start the
 * browser every file connects to.
 */
export default async function setup(project: TestProject) {
  const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!existsSync(chromiumPath)) {
    // Fail, never skip: a missing browser must not pass as a green run.
    throw new Error(`Chromium is missing: apt-get update && apt-get install -y chromium (looked for ${chromiumPath})`);
  }

  const runDir = mkdtempSync(join(tmpdir(), 'apparel-e2e-'));
  const staticDir = process.env.E2E_STATIC_DIR ?? join(runDir, 'console');
  if (!process.env.E2E_STATIC_DIR) {
    const build = spawnSync(
      process.execPath,
      [join(REPO_ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--outDir', staticDir, '--emptyOutDir', '--logLevel', 'error'],
      { cwd: REPO_ROOT, stdio: 'inherit' },
    );
    if (build.status !== 0) throw new Error('Building the console for the browser tests failed');
  }

  // Both stores once, side by side: a test file copies one rather than paying for initdb and the migrations.
  const demoDataDir = join(runDir, 'demo-store');
  const emptyDataDir = join(runDir, 'empty-store');
  const stores = await Promise.all([
    startServer({ dataDir: demoDataDir, staticDir, seedDemo: true }),
    startServer({ dataDir: emptyDataDir, staticDir, seedDemo: false }),
  ]);
  await Promise.all(stores.map((store) => store.stop()));

  // One browser for the whole run: each test file connects to it and opens its own contexts.
  const browser = await chromium.launchServer({ executablePath: chromiumPath, args: CHROMIUM_ARGS });

  const context: E2EContext = { staticDir, demoDataDir, emptyDataDir, runDir, browserEndpoint: browser.wsEndpoint() };
  project.provide('e2e', context);

  return async () => {
    await browser.close();
    rmSync(runDir, { recursive: true, force: true });
  };
}
