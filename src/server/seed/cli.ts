/**
 * npm run seed -- --orders N --products M --customers K [--seed S]
 * Replaces the store's data (admins kept) with a generated store of that size, e.g. for benchmarks.
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { seedStore } from './generate';
import { DEMO_STORE, clearStore, ensureAdmin } from './prepare';

const { values } = parseArgs({
  options: {
    orders: { type: 'string', default: String(DEMO_STORE.orders) },
    products: { type: 'string', default: String(DEMO_STORE.products) },
    customers: { type: 'string', default: String(DEMO_STORE.customers) },
    seed: { type: 'string', default: String(DEMO_STORE.seed) },
  },
});
const count = (name: keyof typeof values) => {
  const n = Number(values[name]);
  if (!Number.isInteger(n) || n < 0) throw new Error(`--${name} must be a whole number`);
  return n;
};

const config = loadConfig();
const started = Date.now();
const database = await openDatabase(config.database);
try {
  await clearStore(database);
  await ensureAdmin(database, config.admin);
  await seedStore(database, {
    orders: count('orders'),
    products: Math.max(1, count('products')),
    customers: Math.max(1, count('customers')),
    seed: count('seed'),
    now: new Date(),
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
