import { spawn } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

// Not `new URL('../..', import.meta.url)`: in a jsdom test, Vite rewrites that into a URL of the page.
const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

export interface GadgetsServer {
  /** http://127.0.0.1:<port> */
  origin: string;
  /** SIGTERM (the app closes its database), SIGKILL after 5 s. */
  stop: () => Promise<void>;
}

/**
 * Starts ./gadgets-server-main.ts, the store API with the gadgets resource, in a Node process of its
 * own and resolves with its origin. The server code runs as `npm start` runs it, not through a test
 * environment's transforms (a jsdom test transforms modules for the browser). It lives with the API
 * tests so that it is type-checked with Node's types (tsconfig.node.json).
 */
export async function startGadgetsServer({ readyTimeoutMs = 60_000 } = {}): Promise<GadgetsServer> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'tests/api/gadgets-server-main.ts'], {
    cwd: REPO_ROOT,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let output = '';
  const origin = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`The gadgets server did not start in ${readyTimeoutMs} ms:\n${output}`));
    }, readyTimeoutMs);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const ready = /^listening (http:\/\/\S+)$/m.exec(output);
      if (ready) {
        clearTimeout(timer);
        resolve(ready[1]!);
      }
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    void exited.then(() => {
      clearTimeout(timer);
      reject(new Error(`The gadgets server exited before it was ready:\n${output}`));
    });
  });
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const killer = setTimeout(() => child.kill('SIGKILL'), 5000);
    await exited;
    clearTimeout(killer);
  };
  return { origin, stop };
}
