/**
 * npm run seed -- --orders N --products M --customers K [--months 24] [--seed S] [--data-dir DIR]
 * Replaces the store's data (admins kept) with a generated store of that size, e.g. for benchmarks.
 * The store is DATA_DIR's (or --data-dir's, so a large store never lands in ./data) or DATABASE_URL's.
 */
import { parseArgs } from 'node:util';
import { DAY_MS, loadConfig } from '../config';
import { exitIfInUse, openDatabase } from '../db/client';
import { seedStore } from './generate';
import { DEMO_STORE, clearStore, ensureAdmin } from './prepare';

const { values } = parseArgs({
  options: {
    orders: { type: 'string', default: String(DEMO_STORE.orders) },
    products: { type: 'string', default: String(DEMO_STORE.products) },
    customers: { type: 'string', default: String(DEMO_STORE.customers) },
    months: { type: 'string', default: '24' },
    seed: { type: 'string', default: String(DEMO_STORE.seed) },
    'data-dir': { type: 'string' },
  },
});
const count = (name: 'orders' | 'products' | 'customers' | 'months' | 'seed') => {
  const n = Number(values[name]);
  if (!Number.isInteger(n) || n < 0) throw new Error(`--${name} must be a whole number`);
  return n;
};

const config = loadConfig(values['data-dir'] ? { ...process.env, DATA_DIR: values['data-dir'] } : process.env);
const started = Date.now();
const database = await openDatabase(config.database).catch(exitIfInUse);
try {
  await clearStore(database);
  await ensureAdmin(database, config.admin);
  const now = new Date();
  const monthsAgo = new Date(
    Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - Math.max(1, count('months')), now.getUTCDate()),
  );
  await seedStore(database, {
    orders: count('orders'),
    products: Math.max(1, count('products')),
    customers: Math.max(1, count('customers')),
    seed: count('seed'),
    now,
    historyDays: (now.getTime() - monthsAgo.getTime()) / DAY_MS,
    uploadsDir: config.uploadsDir,
  });
  const [counts] = await database.query<Record<string, number>>(
    `select (select count(*)::int from orders) as orders, (select count(*)::int from order_items) as items,
            (select count(*)::int from products) as products, (select count(*)::int from users) as users`,
  );
  console.log(`Seeded ${JSON.stringify(counts)} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
} finally {
  await database.close();
}
