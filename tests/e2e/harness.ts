import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, inject } from 'vitest';
import './context';
import { startServer, type RunningServer } from './server-process';

export const ADMIN = { email: 'admin@example.com', password: 'admin123' } as const;
/** The demo seed's first customer (src/server/seed/generate.ts). */
export const CUSTOMER = { email: 'customer@example.com', password: 'customer123' } as const;

/**
 * Waits until a field shows `value`. A form fills, resets or tidies a field in the render after the
 * action that caused it, so a value read at once can still be the old one.
 */
export const fieldShows = (field: Locator, value: string) => expect.poll(() => field.inputValue(), { timeout: 10_000 }).toBe(value);

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export interface ConsoleHarness {
  /** The server's address; pages opened by newPage() resolve relative URLs against it. */
  readonly baseURL: string;
  /** A page in a fresh browser context (its own storage), closed after the test. */
  newPage: () => Promise<Page>;
  /** Signs in through the sign-in screen and waits for the dashboard. */
  signIn: (page: Page, credentials?: { email: string; password: string }) => Promise<void>;
}

/**
 * For one e2e test file: starts the real server on a free port over its own copy of the demo store
 * (or an empty store), launches Debian's Chromium once, and tears both down after the file.
 * Call it at the top level of the file.
 */
export function useConsoleHarness(options: { store?: 'demo' | 'empty' } = {}): ConsoleHarness {
  const e2e = inject('e2e');
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  let dataDir = '';
  const contexts: BrowserContext[] = [];
  const pageErrors: string[] = [];

  beforeAll(async () => {
    dataDir = mkdtempSync(join(e2e.runDir, 'store-'));
    const demo = (options.store ?? 'demo') === 'demo';
    if (demo) cpSync(e2e.demoDataDir, dataDir, { recursive: true });
    [server, browser] = await Promise.all([
      startServer({ dataDir, staticDir: e2e.staticDir, seedDemo: demo }),
      chromium.launch({ executablePath: e2e.chromiumPath, args: CHROMIUM_ARGS }),
    ]);
  });

  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((context) => context.close()));
    // An exception no screen caught is a defect even when the test's own checks passed.
    const uncaught = pageErrors.splice(0);
    expect(uncaught, 'uncaught errors in the page').toEqual([]);
  });

  afterAll(async () => {
    await Promise.all([browser?.close(), server?.stop()]);
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  const harness: ConsoleHarness = {
    get baseURL() {
      if (!server) throw new Error('The harness starts in beforeAll; use it inside tests');
      return server.baseURL;
    },
    newPage: async () => {
      if (!browser) throw new Error('The harness starts in beforeAll; use it inside tests');
      const context = await browser.newContext({ baseURL: harness.baseURL, viewport: { width: 1280, height: 800 } });
      contexts.push(context);
      const page = await context.newPage();
      page.on('pageerror', (error) => pageErrors.push(error.message));
      return page;
    },
    signIn: async (page, credentials = ADMIN) => {
      await page.goto('/login');
      await page.getByLabel('Email').fill(credentials.email);
      await page.getByLabel(/^Password/).fill(credentials.password);
      await page.getByRole('button', { name: 'Sign In' }).click();
      await page.waitForURL((url) => url.pathname === '/');
      await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    },
  };
  return harness;
}
