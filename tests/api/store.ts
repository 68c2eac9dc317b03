/** How test files reach the store global-setup built (handed over with vitest's provide/inject). */
export type TestStore =
  | { kind: 'pglite'; imagePath: string; workDir: string }
  | { kind: 'postgres'; serverUrl: string; template: string; workDir: string };

export function databaseUrl(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}
