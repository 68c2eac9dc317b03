import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Plugin } from 'esbuild';
import { REPO_ROOT, hashSources, newHash, pruneBuildCache } from './context';

export interface RunningServer {
  baseURL: string;
  port: number;
  /** The server process itself, for tests that signal it (crash rounds) or read its memory (load bench). */
  child: ChildProcess;
  /** Everything the server printed so far. */
  output: () => string;
  /** Settles when the process has exited. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** SIGTERM (the server drains and closes its database), SIGKILL after 5 s. */
  stop: () => Promise<void>;
}

/**
 * V8 flags for the test suite's servers and tools: PGlite's WebAssembly (PostgreSQL itself) compiled by
 * Liftoff alone. By default V8 also recompiles its hot functions with TurboFan, which pays off over a long
 * run but is most of a short-lived test server's CPU: on the 2-core machine a start and 300 API calls took
 * 3.4 CPU-seconds with the flag and 5.2 without, ready in 1.4 s instead of 1.8. The benchmarks measure the
 * server as `npm start` runs it (`nodeFlags: []`).
 */
export const TEST_NODE_FLAGS = ['--liftoff-only'];

export interface ServerOptions {
  /** DATA_DIR; a `script` that keeps its store in memory does without. */
  dataDir?: string;
  /** The built console; by default a directory that does not exist (API only). */
  staticDir?: string;
  seedDemo: boolean;
  logLevel?: string;
  readyTimeoutMs?: number;
  /** Extra environment for the server process (over this process's own). */
  env?: Record<string, string>;
  /** Another entry than src/server/index.ts that reads the same PORT and HOST (a test's own server). */
  script?: string;
  /** Node's flags for the server process: TEST_NODE_FLAGS unless given. */
  nodeFlags?: string[];
  /** The process's niceness (0 by default): a run's preparations give way to the tests running beside them. */
  niceness?: number;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** Where the test servers' bundles are kept, one per state of the sources. */
const BUNDLE_CACHE = join(REPO_ROOT, 'node_modules/.cache/test-server');

/** Each source module keeps its own import.meta.url (the migrations folder, the PGlite thread sit beside it). */
const ownImportMetaUrl: Plugin = {
  name: 'own-import-meta-url',
  setup(builder) {
    builder.onLoad({ filter: /[\\/]src[\\/].*\.ts$/ }, (args) => ({
      contents: readFileSync(args.path, 'utf8').replaceAll(
        'import.meta.url',
        JSON.stringify(pathToFileURL(args.path).href),
      ),
      loader: 'ts',
    }));
  },
};

let bundled: Promise<string> | undefined;
/**
 * Packages the bundle leaves in node_modules: PGlite finds its WebAssembly, data and thread files beside its
 * own modules, and argon2 is a native addon.
 */
const UNBUNDLED = ['@electric-sql/pglite', '@electric-sql/pglite/*', '@node-rs/*', 'pg-native'];

/**
 * src/server/index.ts as one file with the packages it imports, built once per state of the sources (and of
 * these settings) with esbuild. Run through tsx instead, its loader answering every import of every package
 * cost each test server about 0.9 of its 1.6 CPU-seconds of loading; with the packages left in node_modules,
 * Node's finding, reading and compiling of their few hundred modules took a test server 1.8 CPU-seconds to be
 * ready, against 1.5 with them in the bundle.
 */
function serverBundle(): Promise<string> {
  bundled ??= (async () => {
    const key = hashSources(newHash(), ['src', 'package-lock.json', 'tests/e2e/server-process.ts'])
      .digest('hex')
      .slice(0, 16);
    const file = join(BUNDLE_CACHE, `server-${key}.mjs`);
    if (!existsSync(file)) {
      mkdirSync(BUNDLE_CACHE, { recursive: true });
      const staging = `${file}.${process.pid}.tmp`;
      // Loaded here: a jsdom test that starts a server of its own (`script`) must not load esbuild, which refuses jsdom.
      const { build } = await import('esbuild');
      await build({
        entryPoints: [join(REPO_ROOT, 'src/server/index.ts')],
        bundle: true,
        platform: 'node',
        format: 'esm',
        target: 'node20',
        external: UNBUNDLED,
        // The bundled CommonJS packages call require() for Node's own modules.
        banner: { js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);" },
        outfile: staging,
        logLevel: 'error',
        plugins: [ownImportMetaUrl],
      });
      // Whole or not at all: another process may be starting a server from it.
      renameSync(staging, file);
    }
    pruneBuildCache(BUNDLE_CACHE, file);
    return file;
  })();
  return bundled;
}

/**
 * Starts the real store API (src/server/index.ts, or `script`) on a free port over `dataDir` and
 * resolves once GET /api/health answers 200. Shared by the browser tests, the crash test, the REST
 * resource test and the benchmarks.
 */
export async function startServer(options: ServerOptions): Promise<RunningServer> {
  const port = await freePort();
  // The benchmarks (their own node flags) and another entry run through tsx, as npm start does.
  const entry =
    options.script || options.nodeFlags
      ? ['--import', 'tsx', options.script ?? 'src/server/index.ts']
      : [await serverBundle()];
  const command = [process.execPath, ...(options.nodeFlags ?? TEST_NODE_FLAGS), ...entry];
  // coreutils' nice execs the command in its own process: every thread the server starts inherits the niceness.
  if (options.niceness) command.unshift('nice', '-n', String(options.niceness));
  const child = spawn(command[0]!, command.slice(1), {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      ...(options.dataDir && {
        DATA_DIR: options.dataDir,
        STATIC_DIR: options.staticDir ?? join(options.dataDir, 'no-console'),
      }),
      SEED_DEMO: String(options.seedDemo),
      LOG_LEVEL: options.logLevel ?? 'warn',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );

  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const killer = setTimeout(() => child.kill('SIGKILL'), 5000);
    await exited;
    clearTimeout(killer);
  };

  const baseURL = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + (options.readyTimeoutMs ?? 60_000);
  while (Date.now() < deadline && child.exitCode === null) {
    const healthy = await fetch(`${baseURL}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) return { baseURL, port, child, output: () => output, exited, stop };
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await stop();
  throw new Error(`The store API did not become ready on ${baseURL}:\n${output}`);
}
