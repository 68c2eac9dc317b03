import { spawnSync } from 'node:child_process';
import { loadConfig } from '../src/server/config';
import { openDatabase, type Database } from '../src/server/db/client';

export interface StoreSize {
  orders: number;
  products: number;
  customers: number;
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
  if (found.orders === size.orders && found.products === size.products && found.customers === size.customers) return found;
  console.log(`Building the store (${JSON.stringify(size)}) in ${process.env.DATABASE_URL ? 'DATABASE_URL' : dataDir}: this takes minutes at a million orders...`);
  const seed = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'src/server/seed/cli.ts', '--orders', String(size.orders), '--products', String(size.products), '--customers', String(size.customers), '--data-dir', dataDir],
    { stdio: 'inherit' },
  );
  if (seed.status !== 0) throw new Error('npm run seed failed');
  return read();
}
