import { and, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { DEMO_ADMIN_PASSWORD, type CustomerStats, type SessionUser } from '../../domain';
import { hashPassword } from '../auth/passwords';
import type { Db } from '../db/client';
import { orders, users } from '../db/schema';
import { escapeLike } from '../list-query';

type UserRow = typeof users.$inferSelect;

/** The only way a user leaves the server: without its password hash. */
export function toSessionUser(row: UserRow): SessionUser {
  return {
    _id: row.id,
    fullname: row.fullname,
    name: row.name,
    email: row.email,
    phone: row.phone,
    role: row.role,
    avatar: row.avatar,
    cartData: row.cartData,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`);
  return row;
}

export async function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

/**
 * A customer matches a search by name or email (ILIKE, found through trigram indexes). An email holds
 * one '@', so a search holding one must end the email's local part with what comes before it: the
 * local-part index answers that from a few rare trigrams, where the whole-email index would merge
 * the posting lists of the domain's trigrams ('exa', 'com'...) that every customer shares.
 */
export function customerMatches(pattern: string, text: string): SQL {
  const at = text.indexOf('@');
  const email =
    at > 0 && at === text.lastIndexOf('@')
      ? and(
          ilike(users.email, pattern),
          ilike(sql`split_part(${users.email}, '@', 1)`, `%${escapeLike(text.slice(0, at))}`),
        )
      : ilike(users.email, pattern);
  return or(ilike(users.fullname, pattern), email)!;
}

/**
 * A customer's figures: every order they placed, their spend by the dashboard's revenue rule (an
 * order counts unless cancelled, domain countsAsSale), and their first and last order. One pass over
 * their rows of the orders' user index.
 */
export async function customerStats(db: Db, userId: string): Promise<CustomerStats> {
  const [row] = await db
    .select({
      orders: sql<number>`count(*)::int`,
      spent: sql<string>`coalesce(sum(${orders.totalPrice}) filter (where ${orders.status} <> 'cancelled'), 0)`,
      firstOrderAt: sql<Date | null>`min(${orders.createdAt})`.mapWith(orders.createdAt),
      lastOrderAt: sql<Date | null>`max(${orders.createdAt})`.mapWith(orders.createdAt),
    })
    .from(orders)
    .where(eq(orders.userId, userId));
  return {
    orders: row?.orders ?? 0,
    spent: Number(row?.spent ?? 0),
    firstOrderAt: row?.firstOrderAt?.toISOString() ?? null,
    lastOrderAt: row?.lastOrderAt?.toISOString() ?? null,
  };
}

/** Sets a user's password (hashed) and whether it is the demo store's, which the console warns about. */
export async function setPassword(db: Db, id: string, password: string): Promise<void> {
  await db
    .update(users)
    .set({
      passwordHash: await hashPassword(password),
      demoPassword: password === DEMO_ADMIN_PASSWORD,
      updatedAt: new Date(),
    })
    .where(eq(users.id, id));
}
