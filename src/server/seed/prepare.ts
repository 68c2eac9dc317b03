import { eq, sql } from 'drizzle-orm';
import { DEFAULT_LOW_STOCK_AT, DEMO_ADMIN_PASSWORD } from '../../domain';
import { hashPassword, verifyPassword } from '../auth/passwords';
import type { ServerConfig } from '../config';
import type { Database } from '../db/client';
import { newId } from '../db/ids';
import { coupons, users } from '../db/schema';
import { findUserByEmail } from '../services/users';
import { serverResources } from '../resources';
import { SYSTEM, audit } from '../services/audit';
import { toTrash } from '../services/trash';
import { seedStore } from './generate';

/** The demo store's size; `npm run seed` builds other sizes. */
export const DEMO_STORE = { customers: 32, products: 44, orders: 320, seed: 20_240_601 } as const;

/** What the start found of the first admin, so the start message can tell the truth. */
export interface AdminAccount {
  /** The admin of ADMIN_EMAIL was created now (the store had no admin). */
  created: boolean;
  /** The account of ADMIN_EMAIL exists and its password is the demo store's. */
  demoPassword: boolean;
}

/**
 * ADMIN_EMAIL / ADMIN_PASSWORD create the first admin, when the store has none; an existing store keeps
 * its accounts and passwords (`npm run admin -- reset-password` changes one). Also notes which admins
 * still have the demo password, for stores made before the note was kept with the hash.
 */
export async function ensureAdmin(database: Database, admin: ServerConfig['admin']): Promise<AdminAccount> {
  const db = database.db;
  const admins = await db.select().from(users).where(eq(users.role, 'admin'));
  if (admins.length === 0) {
    if (await findUserByEmail(db, admin.email))
      throw new Error(
        `ADMIN_EMAIL ${admin.email} belongs to a customer account: choose another email for the first admin`,
      );
    await db.insert(users).values({
      id: newId(),
      fullname: 'Store Admin',
      name: 'admin',
      email: admin.email,
      role: 'admin',
      passwordHash: await hashPassword(admin.password),
      demoPassword: admin.password === DEMO_ADMIN_PASSWORD,
    });
    return { created: true, demoPassword: admin.password === DEMO_ADMIN_PASSWORD };
  }
  let demoPassword = false;
  for (const row of admins) {
    const isDemo = await verifyPassword(row.passwordHash, DEMO_ADMIN_PASSWORD);
    if (isDemo !== row.demoPassword) await db.update(users).set({ demoPassword: isDemo }).where(eq(users.id, row.id));
    if (isDemo && row.email.toLowerCase() === admin.email.toLowerCase()) demoPassword = true;
  }
  return { created: false, demoPassword };
}

/** A store with no products, orders or customers has never been filled: the first start. */
export async function isEmptyStore(database: Database): Promise<boolean> {
  const [row] = await database.query<{ empty: boolean }>(
    `select not exists (select 1 from products) and not exists (select 1 from orders)
        and not exists (select 1 from users where role = 'customer') as empty`,
  );
  return row?.empty ?? true;
}

/** The demo's trash holds last season's coupon, deleted by the system, so the Trash screen shows what it is for. */
async function trashDemoCoupon(database: Database): Promise<void> {
  await database.db.transaction(async (transaction) => {
    const tx = transaction as unknown as Database['db'];
    const [row] = await tx
      .insert(coupons)
      .values({ id: newId(), code: 'WINTER2025', discountType: 'percentage', discountValue: 15, isActive: false })
      .returning();
    await tx.delete(coupons).where(eq(coupons.id, row!.id));
    await toTrash(tx, SYSTEM, [
      { resource: 'coupons', recordId: row!.id, label: row!.code, rows: { coupons: [row!] } },
    ]);
  });
}

export async function prepareStore(database: Database, config: ServerConfig): Promise<AdminAccount> {
  const account = await ensureAdmin(database, config.admin);
  if (config.seedDemo && (await isEmptyStore(database))) {
    await seedStore(database, { ...DEMO_STORE, now: new Date(), uploadsDir: config.uploadsDir });
    await audit(database.db, SYSTEM, [{ action: 'seed', resource: 'store', note: 'The demo store was filled' }]);
    await trashDemoCoupon(database);
  }
  // Every SKU at or below the store's low-stock line has its open alert, whatever line it ran with before.
  await database.query('select stock_open_alerts($1)', [config.lowStockAt ?? DEFAULT_LOW_STOCK_AT]);
  return account;
}

/** Empties every table but keeps the staff, for a fresh generated store (the declared resources' tables through their own clear). */
export async function clearStore(database: Database): Promise<void> {
  // TRUNCATE fires no row triggers, so the sales summaries are emptied with their orders.
  await database.db
    .execute(sql`truncate order_events, order_items, orders, reviews, variant_sizes, product_variants, products,
    sales_days, sales_day_categories, sales_month_customers, sales_months, order_counts, stock_movements, stock_alerts,
    refunds, return_items, returns, product_imports`);
  await database.db.execute(sql`delete from users where role = 'customer'`);
  for (const resource of serverResources) await resource.clear(database.db);
}
