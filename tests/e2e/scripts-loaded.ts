import { gzipSync } from 'node:zlib';
import type { Page, Response } from 'playwright-core';

export interface LoadedScripts {
  /** The scripts' addresses, in the order they arrived. */
  files: string[];
  /** Bytes on the wire (the server sends brotli or gzip copies). */
  transferred: number;
  /** gzip -9 of each file alone, summed: the figure the bundle targets are set in. */
  gzip: number;
}

/**
 * Opens `url` in `page` (give it a fresh context: a cold HTTP cache) and weighs every script it fetched
 * until `selector` showed and the network went quiet, lazy chunks included: what `npm run bench:web`
 * reports per route and the first-load test bounds.
 */
export async function scriptsLoaded(page: Page, url: string, selector: string): Promise<LoadedScripts> {
  const responses = await scriptsFetchedDuring(page, async () => {
    await page.goto(url);
    await page.locator(selector).first().waitFor({ state: 'visible', timeout: 30_000 });
    await page.waitForLoadState('networkidle');
  });
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
