import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, it } from 'vitest';
import { DEFAULT_ADMIN } from '../../src/server/config';
import { startServer, TEST_NODE_FLAGS, type RunningServer } from '../e2e/server-process';

/**
 * `npm run admin -- reset-password` against the real server's on-disk store: refused while the server
 * holds it (nothing claimed, nothing changed), done once it is stopped, and seen by the next start.
 */

const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** PGlite on disk even when the suite runs with DATABASE_URL: the embedded store's lock is under test. */
const ON_DISK = { DATABASE_URL: '' };
const NEW_PASSWORD = 'a-fresh-passphrase-42';

const dataDir = mkdtempSync(join(tmpdir(), 'admin-cli-'));
let server: RunningServer | undefined;
afterAll(async () => {
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

function resetPassword(password: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(
    process.execPath,
    [...TEST_NODE_FLAGS, '--import', 'tsx', 'src/server/admin-cli.ts', 'reset-password', DEFAULT_ADMIN.email],
    {
      cwd: REPO_ROOT,
      env: { ...process.env, ...ON_DISK, DATA_DIR: dataDir },
    },
  );
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  // A refused run may exit before reading its input.
  child.stdin.on('error', () => {});
  child.stdin.end(`${password}\n`);
  return new Promise((resolve) => child.once('close', (code) => resolve({ code, stdout, stderr })));
}

async function login(password: string): Promise<{ status: number; token?: string }> {
  const response = await fetch(`${server!.baseURL}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: DEFAULT_ADMIN.email, password }),
  });
  return { status: response.status, token: ((await response.json()) as { token?: string }).token };
}

it('refuses to reset a password while the server holds the embedded store, and resets it once stopped', async () => {
  server = await startServer({ dataDir, seedDemo: false, env: ON_DISK });
  const before = await login(DEFAULT_ADMIN.password);
  expect(before.status).toBe(200);

  const refused = await resetPassword(NEW_PASSWORD);
  expect(refused.code).not.toBe(0);
  expect(refused.stderr).toContain('stop the server first');
  expect(refused.stdout).not.toMatch(/changed/);
  expect((await login(DEFAULT_ADMIN.password)).status).toBe(200);
  expect((await login(NEW_PASSWORD)).status).toBe(401);

  await server.stop();
  const done = await resetPassword(NEW_PASSWORD);
  expect(done, done.stderr).toMatchObject({ code: 0 });
  expect(done.stdout).toContain('is changed');

  server = await startServer({ dataDir, seedDemo: false, env: ON_DISK });
  expect((await login(NEW_PASSWORD)).status).toBe(200);
  expect((await login(DEFAULT_ADMIN.password)).status).toBe(401);
  const me = await fetch(`${server.baseURL}/api/auth/me`, { headers: { authorization: `Bearer ${before.token}` } });
  expect(me.status, 'the old session is signed out').toBe(401);
}, 120_000);
