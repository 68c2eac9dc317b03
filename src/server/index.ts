import { buildApp } from './app';
import { DEFAULT_ADMIN, loadConfig } from './config';

/** How long a stop waits for requests in flight before giving up on them. */
const DRAIN_TIMEOUT_MS = 10_000;

const config = loadConfig();
const app = await buildApp(config);
try {
  // '::' with dual stack answers on both http://localhost and http://127.0.0.1.
  await app.listen({ port: config.port, host: config.host, ipv6Only: false });
} catch (error) {
  const noIpv6 = (error as NodeJS.ErrnoException).code === 'EAFNOSUPPORT' || (error as NodeJS.ErrnoException).code === 'EADDRNOTAVAIL';
  if (!noIpv6 || process.env.HOST) throw error;
  await app.listen({ port: config.port, host: '0.0.0.0' });
}

const url = `http://localhost:${config.port}`;
const password = config.admin.password === DEFAULT_ADMIN.password ? config.admin.password : '(the ADMIN_PASSWORD you set)';
console.log(`\nApparel Admin is running on ${url}\nSign in as ${config.admin.email} / ${password}\n`);

/**
 * A stop (SIGTERM from a process manager, Ctrl+C) stops accepting connections, lets the requests in
 * flight finish and get their answers, then closes the database cleanly (app.close runs in that order).
 * A second signal, or a request that never finishes, ends the process anyway.
 */
function stop(signal: NodeJS.Signals) {
  app.log.warn(`${signal}: finishing requests in flight, then closing the database`);
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

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) process.exit(1);
    stopping = true;
    stop(signal);
  });
}
