import { spawnSync } from 'node:child_process';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../src/server/config';
import { openDatabase, type Database } from '../src/server/db/client';

export interface StoreSize {
  orders: number;
  products: number;
  customers: number;
}

/** The command-line options naming the large store, for parseArgs beside a bench's own options. */
export const STORE_OPTIONS = {
  'data-dir': { type: 'string' },
  orders: { type: 'string', default: '1000000' },
  products: { type: 'string', default: '10000' },
  customers: { type: 'string', default: '100000' },
} as const;

/** The size those options ask for and where the store lives (by default one directory per size, shared by the benches). */
export function storeFromArgs(args: { 'data-dir'?: string; orders: string; products: string; customers: string }): {
  size: StoreSize;
  dataDir: string;
} {
  const size = { orders: Number(args.orders), products: Number(args.products), customers: Number(args.customers) };
  return { size, dataDir: args['data-dir'] ?? join(tmpdir(), `apparel-bench-${size.orders}`) };
}

async function measure(database: Database): Promise<StoreSize & { items: number }> {
  const [row] = await database.query<StoreSize & { items: number }>(
    `select (select coalesce(sum(orders), 0)::int from order_counts) as orders, (select count(*)::int from products) as products,
            (select count(*)::int from users where role = 'customer') as customers, (select count(*)::int from order_items) as items`,
  );
  return row!;
}

/**
 * The benchmarks' large store: the one in `dataDir` (or DATABASE_URL's) when it has this size, else
 * built there first with `npm run seed` (minutes at a million orders). Answers what it holds.
 */
export async function benchStore(size: StoreSize, dataDir: string): Promise<StoreSize & { items: number }> {
  const config = loadConfig({ ...process.env, DATA_DIR: dataDir });
  const read = async () => {
    const database = await openDatabase(config.database);
    try {
      return await measure(database);
    } finally {
      await database.close();
    }
  };
  const found = await read();
  if (found.orders === size.orders && found.products === size.products && found.customers === size.customers)
    return found;
  console.log(
    `Building the store (${JSON.stringify(size)}) in ${process.env.DATABASE_URL ? 'DATABASE_URL' : dataDir}: this takes minutes at a million orders...`,
  );
  const seed = spawnSync(
    process.execPath,
    [
      '--import',
      'tsx',
      'src/server/seed/cli.ts',
      '--orders',
      String(size.orders),
      '--products',
      String(size.products),
      '--customers',
      String(size.customers),
      '--data-dir',
      dataDir,
    ],
    { stdio: 'inherit' },
  );
  if (seed.status !== 0) throw new Error('npm run seed failed');
  return read();
}

/** The bearer token of the store's admin (the configured first admin), signed in through the API as the console would. */
export async function adminToken(baseURL: string, admin: { email: string; password: string }): Promise<string> {
  const response = await fetch(`${baseURL}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: admin.email, password: admin.password }),
  });
  return ((await response.json()) as { token: string }).token;
}

/** The database the benchmarks run on: PostgreSQL with DATABASE_URL, else the embedded store. */
export const BENCH_DRIVER = process.env.DATABASE_URL ? 'postgresql' : 'pglite';

/** The server's configuration over the benchmark's store, made (or found) first and said with the machine's state. */
export async function openBenchStore(size: StoreSize, dataDir: string) {
  const config = loadConfig({ ...process.env, DATA_DIR: dataDir });
  const found = await benchStore(size, dataDir);
  const load = loadavg().map((l) => l.toFixed(1));
  console.log(`Store: ${JSON.stringify(found)} on ${BENCH_DRIVER}; ${cpus().length} cores; load ${load.join(' ')}`);
  return { config, found };
}
