import { gzipSync } from 'node:zlib';
import type { Page, Request, Response } from 'playwright-core';
import { EVENTS_URL } from '../../src/domain/live';

export interface LoadedScripts {
  /** The scripts' addresses, in the order they arrived. */
  files: string[];
  /** Bytes on the wire (the server sends brotli or gzip copies). */
  transferred: number;
  /** gzip -9 of each file alone, summed: the figure the bundle targets are set in. */
  gzip: number;
}

/** How long no request may start or be under way for the page's loading to count as over. */
const QUIET_MS = 500;

/**
 * Opens `url` in `page` (give it a fresh context: a cold HTTP cache) and weighs every script it fetched
 * until `selector` showed and the network went quiet, lazy chunks included: what `npm run bench:web`
 * reports per route and the first-load test bounds. Quiet as Playwright's 'networkidle' means it, but for
 * the live event stream, which a signed-in screen keeps open for as long as it shows.
 */
export async function scriptsLoaded(page: Page, url: string, selector: string): Promise<LoadedScripts> {
  const pending = new Set<Request>();
  let lastChange = performance.now();
  const started = (request: Request) => {
    if (new URL(request.url()).pathname === EVENTS_URL) return;
    pending.add(request);
    lastChange = performance.now();
  };
  const settled = (request: Request) => {
    if (pending.delete(request)) lastChange = performance.now();
  };
  page.on('request', started);
  page.on('requestfinished', settled);
  page.on('requestfailed', settled);
  const responses = await scriptsFetchedDuring(page, async () => {
    await page.goto(url);
    await page.locator(selector).first().waitFor({ state: 'visible', timeout: 30_000 });
    const deadline = performance.now() + 30_000;
    while (pending.size > 0 || performance.now() - lastChange < QUIET_MS) {
      if (performance.now() > deadline) throw new Error(`${url}: the network did not go quiet within 30 s`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  });
  page.off('request', started);
  page.off('requestfinished', settled);
  page.off('requestfailed', settled);
  let transferred = 0;
  let gzip = 0;
  for (const response of responses) {
    transferred += (await response.request().sizes()).responseBodySize;
    gzip += gzipSync(await response.body(), { level: 9 }).length;
  }
  return { files: responses.map((response) => response.url()), transferred, gzip };
}

/** The script responses `page` received while `act` ran. */
export async function scriptsFetchedDuring(page: Page, act: () => Promise<void>): Promise<Response[]> {
  const responses: Response[] = [];
  const collect = (response: Response) => {
    if (response.request().resourceType() === 'script') responses.push(response);
  };
  page.on('response', collect);
  try {
    await act();
  } finally {
    page.off('response', collect);
  }
  return responses;
}

/** The most gzip JavaScript a cold visit may load, by route (issue 13): sign-in's and the dashboard's. */
export const FIRST_LOAD_BUDGET: Record<string, number> = { '/login': 160 * 1024, '/': 300 * 1024 };
