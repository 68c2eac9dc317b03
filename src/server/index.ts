import { buildApp } from './app';
import { DEFAULT_ADMIN, loadConfig } from './config';

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

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    app.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}
