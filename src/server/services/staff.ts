import { and, eq, ne, type SQL } from 'drizzle-orm';
import {
  DEMO_ADMIN_PASSWORD,
  PASSWORD_IS_EMAIL_MESSAGE,
  STAFF_ROLES,
  isStaffRole,
  newPasswordSchema,
  passwordIsEmail,
  staleEditMessage, type StaffCreateInput, type StaffMember, type StaffUpdateInput } from '../../domain';
import { clearFailures } from '../auth/login-limiter';
import { hashPassword } from '../auth/passwords';
import type { Db } from '../db/client';
import { newId } from '../db/ids';
import { users } from '../db/schema';
import { HttpError, databaseErrorCode } from '../errors';
import { WHOLE_LIST_BATCH_ROWS, type WholeList } from '../routes/list-reply';
import { cursorColumns, enumFilter, listInBatches, paged, type ListQuery, type ListSpec } from '../list-query';
import { isVersion, nextVersion, refuseIfStale } from './edit-version';
import { endSessionsOf } from './sessions';
import { customerMatches, findUserByEmail, setPassword } from './users';

type UserRow = typeof users.$inferSelect;

export const LAST_ADMIN_MESSAGE = 'The store needs at least one admin: this is the last one';
export const REMOVE_SELF_MESSAGE = 'You cannot remove your own account';
export const DUPLICATE_EMAIL_MESSAGE = 'An account with this email already exists';

/** Staff are the users of a staff role: customers never appear in the Team list or its reads. */
const isStaff = ne(users.role, 'customer');

export function toStaffMember(row: UserRow): StaffMember {
  return {
    _id: row.id,
    fullname: row.fullname,
    email: row.email,
    role: row.role as StaffMember['role'],
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export const staffListSpec: ListSpec<'staff'> = {
  list: 'staff',
  sortColumns: { createdAt: users.createdAt, fullname: users.fullname, email: users.email, role: users.role },
  filters: { role: enumFilter(users.role, STAFF_ROLES) },
  search: customerMatches,
  // The founding admin first, colleagues in the order they joined.
  defaultSort: { field: 'createdAt', order: 'asc' },
  tieBreaker: users.id,
};

export async function listStaff(db: Db, list: ListQuery) {
  const where = and(isStaff, list.where);
  const rows = await paged(db.select().from(users).where(where).orderBy(...list.orderBy).$dynamic(), list);
  const total = list.withTotal ? await db.$count(users, where) : rows.length;
  return { staff: rows.map(toStaffMember), total };
}

/** The whole Team (no page), a batch at a time: the plain array of the regular REST shape. */
export function wholeStaffList(db: Db, list: ListQuery): WholeList<StaffMember> {
  const where = and(isStaff, list.where);
  const read = (after: SQL | undefined, limit: number) =>
    db
      .select({ user: users, cursor: cursorColumns(list) })
      .from(users)
      .where(and(isStaff, after))
      .orderBy(...list.orderBy)
      .limit(limit);
  return {
    total: () => db.$count(users, where),
    batches: () => listInBatches(list, read, WHOLE_LIST_BATCH_ROWS, (row) => toStaffMember(row.user)),
  };
}

export async function findStaff(db: Db, id: string): Promise<StaffMember | undefined> {
  const [row] = await db.select().from(users).where(and(eq(users.id, id), isStaff));
  return row && toStaffMember(row);
}

export async function addStaff(db: Db, input: StaffCreateInput): Promise<StaffMember> {
  try {
    const [row] = await db
      .insert(users)
      .values({
        id: newId(),
        fullname: input.fullname,
        name: input.fullname.split(/\s+/)[0]!.toLowerCase(),
        email: input.email,
        role: input.role,
        passwordHash: await hashPassword(input.password),
        demoPassword: input.password === DEMO_ADMIN_PASSWORD,
      })
      .returning();
    return toStaffMember(row!);
  } catch (error) {
    if (databaseErrorCode(error) === '23505') throw new HttpError(409, DUPLICATE_EMAIL_MESSAGE);
    throw error;
  }
}

/**
 * Runs `change` while the admins are locked, after refusing it when it would leave the store without
 * one: two admins demoting each other at once queue on the lock instead of both passing the count.
 */
async function keepingAnAdmin<T>(db: Db, id: string, leavesAdmin: boolean, change: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    const admins = await tx.select({ id: users.id }).from(users).where(eq(users.role, 'admin')).for('update');
    const isAdmin = admins.some((admin) => admin.id === id);
    if (isAdmin && !leavesAdmin && admins.length === 1) throw new HttpError(409, LAST_ADMIN_MESSAGE);
    return change(tx as unknown as Db);
  });
}

/** A name or role change (the role applies from the member's next request: the guard reads it on each). */
export async function updateStaff(db: Db, id: string, input: StaffUpdateInput & { updatedAt?: string }): Promise<StaffMember | undefined> {
  return keepingAnAdmin(db, id, input.role === 'admin', async (tx) => {
    const [row] = await tx
      .update(users)
      .set({ fullname: input.fullname, role: input.role, updatedAt: nextVersion(users.updatedAt) as unknown as Date })
      .where(and(eq(users.id, id), isStaff, isVersion(users.updatedAt, input.updatedAt)))
      .returning();
    if (row) return toStaffMember(row);
    return refuseIfStale(tx, users, users.id, id, input.updatedAt, staleEditMessage('staff member'));
  });
}

/** Removes a staff account; its sessions go with it (the sessions table cascades), so its tokens answer 401 at once. */
export async function removeStaff(db: Db, id: string, by: string): Promise<boolean> {
  if (id === by) throw new HttpError(409, REMOVE_SELF_MESSAGE);
  return keepingAnAdmin(db, id, false, async (tx) => {
    const removed = await tx.delete(users).where(and(eq(users.id, id), isStaff)).returning({ id: users.id });
    return removed.length > 0;
  });
}

/** Whether any admin still signs in with the demo password (the console warns while one does). */
export async function demoPasswordInUse(db: Db): Promise<boolean> {
  const found = await db.select({ id: users.id }).from(users).where(and(eq(users.role, 'admin'), eq(users.demoPassword, true))).limit(1);
  return found.length > 0;
}

/** A forgotten password's recovery (npm run admin -- reset-password): the same rules as a change, every session ended. */
export async function resetStaffPassword(db: Db, email: string, password: string): Promise<void> {
  const user = await findUserByEmail(db, email);
  if (!user || !isStaffRole(user.role)) throw new Error(`No staff account has the email ${email}`);
  const parsed = newPasswordSchema.safeParse(password);
  if (!parsed.success) throw new Error(parsed.error.issues[0]!.message);
  if (passwordIsEmail(password, user.email)) throw new Error(PASSWORD_IS_EMAIL_MESSAGE);
  await setPassword(db, user.id, password);
  await endSessionsOf(db, user.id);
  await clearFailures(db, user.email);
}

/** An admin's Unlock: the member's failed sign-ins are forgotten, so no address waits or is refused for them. */
export async function unlockStaff(db: Db, id: string): Promise<StaffMember | undefined> {
  const member = await findStaff(db, id);
  if (member) await clearFailures(db, member.email);
  return member;
}
