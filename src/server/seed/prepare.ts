import { sql } from 'drizzle-orm';
import { hashPassword } from '../auth/passwords';
import type { ServerConfig } from '../config';
import type { Database } from '../db/client';
import { newId } from '../db/ids';
import { users } from '../db/schema';
import { findUserByEmail } from '../services/users';
import { serverResources } from '../resources';
import { seedStore } from './generate';

/** The demo store's size; `npm run seed` builds other sizes. */
export const DEMO_STORE = { customers: 32, products: 44, orders: 320, seed: 20_240_601 } as const;

/** The admin of ADMIN_EMAIL exists with ADMIN_PASSWORD (an existing admin keeps the password it has). */
export async function ensureAdmin(database: Database, admin: ServerConfig['admin']): Promise<void> {
  if (await findUserByEmail(database.db, admin.email)) return;
  await database.db.insert(users).values({
    id: newId(),
    fullname: 'Store Admin',
    name: 'admin',
    email: admin.email,
    role: 'admin',
    passwordHash: await hashPassword(admin.password),
  });
}

/** A store with no products, orders or customers has never been filled: the first start. */
export async function isEmptyStore(database: Database): Promise<boolean> {
  const [row] = await database.query<{ empty: boolean }>(
    `select not exists (select 1 from products) and not exists (select 1 from orders)
        and not exists (select 1 from users where role = 'customer') as empty`,
  );
  return row?.empty ?? true;
}

export async function prepareStore(database: Database, config: ServerConfig): Promise<void> {
  await ensureAdmin(database, config.admin);
  if (config.seedDemo && (await isEmptyStore(database))) {
    await seedStore(database, { ...DEMO_STORE, now: new Date(), uploadsDir: config.uploadsDir });
  }
}

/** Empties every table but keeps admins, for a fresh generated store (the declared resources' tables through their own clear). */
export async function clearStore(database: Database): Promise<void> {
  // TRUNCATE fires no row triggers, so the sales summaries are emptied with their orders.
  await database.db.execute(sql`truncate order_items, orders, reviews, variant_sizes, product_variants, products,
    sales_days, sales_day_categories, sales_month_customers, sales_months, order_counts`);
  await database.db.execute(sql`delete from users where role <> 'admin'`);
  for (const resource of serverResources) await resource.clear(database.db);
}
