import { spawn } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_ADMIN } from '../../src/server/config';
import { startMessage } from '../../src/server/start-message';
import { startServer, type RunningServer } from '../e2e/server-process';
import { scratchDir } from './helpers';

/**
 * The real server (src/server/index.ts) on an on-disk store, started, restarted with another
 * ADMIN_PASSWORD, and recovered with `npm run admin -- reset-password`: what it prints and what signs in.
 * The reset is refused while the server holds the store (the embedded store's lock), done once it stops.
 */
const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));
const NEW_PASSWORD = 'N3w-Str0ng-Passw0rd!';
const dataDir = scratchDir('first-admin');
// PGlite on disk even when the suite runs with DATABASE_URL: the data directory is part of what is checked.
const start = (env: Record<string, string> = {}) =>
  startServer({ dataDir, seedDemo: false, env: { DATABASE_URL: '', ...env } });

let server: RunningServer | undefined;
/** A session of the admin's from before the reset, which the reset must sign out. */
let earlierToken = '';
afterAll(() => server?.stop());

async function signIn(password: string) {
  const response = await fetch(`${server!.baseURL}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: DEFAULT_ADMIN.email, password }),
  });
  return { status: response.status, body: (await response.json()) as { token?: string } };
}

function adminCli(args: string[], input: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', 'admin', '--', ...args], {
      cwd: REPO_ROOT,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => resolve({ code, output }));
    child.stdin.end(input);
  });
}

/** Every file and folder under `dir` with a mode that lets anyone but the owner in. */
function notPrivate(dir: string): string[] {
  const loose: string[] = [];
  if ((statSync(dir).mode & 0o077) !== 0) loose.push(dir);
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) loose.push(...notPrivate(path));
    else if ((statSync(path).mode & 0o077) !== 0) loose.push(path);
  }
  return loose;
}

// Each test starts processes that open the store (a new one runs initdb): 5 to 15 s alone, several
// times that beside the other files of a run on two cores.
describe('the first start, a restart with another ADMIN_PASSWORD, and a password reset', { timeout: 120_000 }, () => {
  it('creates the first admin with the demo password and says so', async () => {
    server = await start();
    expect(server.output()).toContain(`Created the first admin. Sign in as ${DEFAULT_ADMIN.email} / admin123`);
    expect((await signIn('admin123')).status).toBe(200);
  });

  it('keeps the store, its secret and its uploads readable by the owner only', () => {
    expect(readdirSync(dataDir)).toEqual(expect.arrayContaining(['pglite', '.jwt-secret', 'uploads']));
    expect(notPrivate(dataDir)).toEqual([]);
  });

  it('does not apply ADMIN_PASSWORD to an existing admin, and the start message says so', async () => {
    await server!.stop();
    server = await start({ ADMIN_PASSWORD: NEW_PASSWORD });
    expect(server.output()).toContain(
      'ADMIN_EMAIL and ADMIN_PASSWORD (which only create the first one) were not applied',
    );
    expect(server.output()).toContain(`Sign in as ${DEFAULT_ADMIN.email} / admin123`);
    expect(server.output()).not.toContain('the ADMIN_PASSWORD you set');
    expect((await signIn(NEW_PASSWORD)).status).toBe(401);
    const session = await signIn('admin123');
    expect(session.status).toBe(200);
    earlierToken = session.body.token!;
    const me = await fetch(`${server.baseURL}/api/auth/me`, {
      headers: { authorization: `Bearer ${earlierToken}` },
    });
    expect(((await me.json()) as { demoPasswordInUse: boolean }).demoPasswordInUse).toBe(true);
  });

  it('refuses to reset a password while the server holds the embedded store, and changes nothing', async () => {
    const refused = await adminCli(['reset-password', DEFAULT_ADMIN.email], `${NEW_PASSWORD}\n`);
    expect(refused.code).not.toBe(0);
    expect(refused.output).toContain('stop the server first');
    expect(refused.output).not.toMatch(/is changed/);
    expect((await signIn('admin123')).status).toBe(200);
    expect((await signIn(NEW_PASSWORD)).status).toBe(401);
    await server!.stop();
  });

  // The passwords and emails it refuses: security-sessions.test.ts, on resetStaffPassword itself.
  it('resets a password from standard input with npm run admin -- reset-password EMAIL', async () => {
    const reset = await adminCli(['reset-password', DEFAULT_ADMIN.email], `${NEW_PASSWORD}\n`);
    expect(reset.output).toContain(`The password of ${DEFAULT_ADMIN.email} is changed`);
    expect(reset.code).toBe(0);

    server = await start();
    expect(server.output()).toContain('Sign in with your staff account.');
    expect(server.output()).not.toContain('admin123');
    expect((await signIn('admin123')).status).toBe(401);
    const session = await signIn(NEW_PASSWORD);
    expect(session.status).toBe(200);
    const me = await fetch(`${server.baseURL}/api/auth/me`, {
      headers: { authorization: `Bearer ${session.body.token}` },
    });
    expect(((await me.json()) as { demoPasswordInUse: boolean }).demoPasswordInUse).toBe(false);
    const earlier = await fetch(`${server.baseURL}/api/auth/me`, {
      headers: { authorization: `Bearer ${earlierToken}` },
    });
    expect(earlier.status, 'the session from before the reset is signed out').toBe(401);
  });
});

describe('the start message', () => {
  const url = 'http://localhost:3000';
  it('names the ADMIN_EMAIL of a first admin made with ADMIN_PASSWORD, without printing the password', () => {
    const admin = { email: 'boss@example.com', password: NEW_PASSWORD };
    const message = startMessage(
      url,
      admin,
      { created: true, demoPassword: false },
      { ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: NEW_PASSWORD },
    );
    expect(message).toContain('Created the first admin: sign in as boss@example.com with the ADMIN_PASSWORD you set.');
    expect(message).not.toContain(NEW_PASSWORD);
  });
});
