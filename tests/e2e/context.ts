import { createHash, type Hash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync, statSync, utimesSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** What the e2e global setup prepares for every test file (answered at the address `e2eSetup` provides). */
export interface E2EContext {
  /** Debian's Chromium, started once for the run (playwright's launchServer); files connect to it. */
  browserEndpoint: string;
  /** The console built once for the whole run; the servers serve it as STATIC_DIR. */
  staticDir: string;
  /** A data directory holding the demo store, seeded once and copied for each test file. */
  demoDataDir: string;
  /** A data directory holding a store with no demo data (the first admin only), copied likewise. */
  emptyDataDir: string;
  /** Everything temporary of this run lives under here and is removed at the end. */
  runDir: string;
  /**
   * A server on its own copy of each store, running for the whole run, shared by the files that change
   * nothing in it (useConsoleHarness's readOnly): one server start instead of one per such file.
   */
  readOnlyURL: { demo: string; empty: string };
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** Answers the E2EContext as JSON once the run's shared parts are ready (tests/e2e/global-setup.ts). */
    e2eSetup: string;
  }
}

// Not `new URL('../..', import.meta.url)`: in a jsdom test, Vite rewrites that into a URL of the page.
export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * Every file's path (relative to the repository) and content under `inputs`, less the `skipped` folders,
 * into `hash`: the key of a build kept between runs (the console's, the test servers' bundle).
 */
export function hashSources(hash: Hash, inputs: string[], skipped: string[] = []): Hash {
  const add = (path: string) => {
    if (!existsSync(path) || skipped.includes(path)) return;
    if (statSync(path).isDirectory()) for (const name of readdirSync(path).sort()) add(join(path, name));
    else
      hash
        .update(`${relative(REPO_ROOT, path)}\0`)
        .update(readFileSync(path))
        .update('\0');
  };
  for (const input of inputs) add(join(REPO_ROOT, input));
  return hash;
}

export const newHash = () => createHash('sha256');

/** A kept build nobody used for this long is removed (another run in this tree may still be using a newer one). */
const KEPT_UNUSED_MS = 24 * 3600_000;

/** Marks `entry` (a build in `cache`) used now, and removes the cache's builds nobody used for a day. */
export function pruneBuildCache(cache: string, entry: string): void {
  const now = new Date();
  utimesSync(entry, now, now);
  for (const name of readdirSync(cache)) {
    const other = join(cache, name);
    if (other !== entry && now.getTime() - statSync(other).mtimeMs > KEPT_UNUSED_MS)
      rmSync(other, { recursive: true, force: true });
  }
}

/** Headless Chromium as these machines run it (no sandbox as root, no GPU, nothing phoning home). */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--js-flags=--max-opt=2',
];
