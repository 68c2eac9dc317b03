import { readFileSync } from 'node:fs';

/** How test files reach the store global-setup built (handed over with vitest's provide/inject). */
export type TestStore =
  | { kind: 'pglite'; imagePath: string; workDir: string }
  | { kind: 'postgres'; serverUrl: string; template: string; workDir: string };

export function databaseUrl(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

/** The run's PGlite store image (global-setup.ts), as PGlite's `loadDataDir` takes it. */
export const storeImage = (imagePath: string): Blob => new Blob([readFileSync(imagePath)]);
