import cluster from 'node:cluster';
import { setFlagsFromString } from 'node:v8';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { loadConfig } from './config';
import { exitIfInUse } from './db/client';
import { startMessage } from './start-message';

/** How long a stop waits for requests in flight before giving up on them. */
const DRAIN_TIMEOUT_MS = 10_000;

// V8 lets the old generation grow to up to four times what is live before a full collection when a
// process allocates fast: streaming whole lists (several at once), the garbage promoted on the way grew
// the server by 150 MB. Growing by 30 % at most keeps it near what is live (npm run bench:whole-list:
// about +25 MB with four lists of 200,000 orders at once), at no cost in speed that the bench measured.
setFlagsFromString('--heap-growing-percent=30');

// Everything the server writes (the embedded database, the token secret, uploads) is its owner's alone.
process.umask(0o077);
const config = loadConfig();
const url = `http://localhost:${config.port}`;

if (config.workers > 1 && cluster.isPrimary) await runPrimary();
else await runServer();

/** One server process: the API and the console on the port (with WORKERS, one of the cluster's). */
async function runServer(): Promise<void> {
  const app = await buildApp(config).catch(exitIfInUse);
  try {
    // '::' with dual stack answers on both http://localhost and http://127.0.0.1.
    await app.listen({ port: config.port, host: config.host, ipv6Only: false });
  } catch (error) {
    const noIpv6 =
      (error as NodeJS.ErrnoException).code === 'EAFNOSUPPORT' ||
      (error as NodeJS.ErrnoException).code === 'EADDRNOTAVAIL';
    if (!noIpv6 || process.env.HOST) throw error;
    await app.listen({ port: config.port, host: '0.0.0.0' });
  }
  if (cluster.isPrimary) console.log(startMessage(url, config.admin, app.adminAccount, process.env));
  onStopSignal(() => drain(app));
}

/**
 * WORKERS=N: this process prepares the store once (migrations, first admin, demo data), then starts N
 * server processes that share the port (Node's cluster hands each new connection to the next one) and
 * one PostgreSQL. A process that dies is replaced; a stop signal stops them all, each draining first.
 */
async function runPrimary(): Promise<void> {
  const prepared = await buildApp(config);
  const account = prepared.adminAccount;
  await prepared.close();

  let stopping = false;
  let listening = 0;
  cluster.on('listening', () => {
    if (++listening === config.workers) {
      console.log(
        `${startMessage(url, config.admin, account, process.env)}Running as ${config.workers} server processes (WORKERS).\n`,
      );
    }
  });
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      return;
    }
    console.error(`Server process ${worker.process.pid} ended (${signal ?? `exit code ${code}`}); starting another`);
    cluster.fork();
  });
  for (let i = 0; i < config.workers; i++) cluster.fork();
  onStopSignal(() => {
    stopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
  });
}

/**
 * A stop (SIGTERM from a process manager, Ctrl+C) stops accepting connections, lets the requests in
 * flight finish and get their answers, then closes the database cleanly (app.close runs in that order).
 * A request that never finishes ends the process anyway.
 */
function drain(app: FastifyInstance): void {
  const deadline = setTimeout(() => {
    app.log.error('requests still running after the drain timeout; exiting');
    process.exit(1);
  }, DRAIN_TIMEOUT_MS);
  deadline.unref();
  app.close().then(
    () => process.exit(0),
    (error: unknown) => {
      app.log.error(error);
      process.exit(1);
    },
  );
}

/** Runs `stop` on the first SIGINT or SIGTERM; a second one ends the process at once. */
function onStopSignal(stop: () => void): void {
  let stopping = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (stopping) process.exit(1);
      stopping = true;
      if (cluster.isPrimary) console.warn(`${signal}: finishing requests in flight, then closing the database`);
      stop();
    });
  }
}
