import { buildApp } from './app';
import { loadConfig } from './config';
import { startMessage } from './start-message';

/** How long a stop waits for requests in flight before giving up on them. */
const DRAIN_TIMEOUT_MS = 10_000;

// Everything the server writes (the embedded database, the token secret, uploads) is its owner's alone.
process.umask(0o077);
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

console.log(startMessage(`http://localhost:${config.port}`, config.admin, app.adminAccount, process.env));

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
