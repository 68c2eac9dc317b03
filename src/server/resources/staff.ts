import { randomBytes } from 'node:crypto';
import { and, eq, ne } from 'drizzle-orm';
import { DEMO_ADMIN_PASSWORD, STAFF_ROLES, staffContract, type StaffCreateInput, type StaffMember } from '../../domain';
import { access } from '../auth/guard';
import { clearFailures } from '../auth/login-limiter';
import { hashPassword } from '../auth/passwords';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import { HttpError, notFoundUnless, parseId } from '../errors';
import { enumFilter } from '../list-query';
import { serveResource, type OwnFields } from '../resource-routes';
import { audit, whoOf } from '../services/audit';
import { customerMatches } from '../services/users';

export const LAST_ADMIN_MESSAGE = 'The store needs at least one admin: this is the last one';
export const REMOVE_SELF_MESSAGE = 'You cannot remove your own account';
export const DUPLICATE_EMAIL_MESSAGE = 'An account with this email already exists';

/** Staff are the users of a staff role: customers never appear in the Team list or its reads. */
const isStaff = ne(users.role, 'customer');

/** The admins' rows, locked until the transaction ends. */
const lockAdmins = (tx: Db) => tx.select({ id: users.id }).from(users).where(eq(users.role, 'admin')).for('update');

/**
 * Refuses a change that would leave the store without an admin, with the admins locked until the
 * change commits: two admins demoting each other at once queue on the lock instead of both passing the count.
 */
async function keepAnAdmin(tx: Db, id: string, leavesAdmin: boolean): Promise<void> {
  const admins = await lockAdmins(tx);
  if (!leavesAdmin && admins.length === 1 && admins[0]!.id === id) throw new HttpError(409, LAST_ADMIN_MESSAGE);
}

/**
 * The Team: the staff accounts, regular REST at /api/staff. A colleague is added with a first password
 * (stored hashed; the record never shows it); afterwards only the name and the role change, a role
 * applying from the member's next request. Removing an account ends its sessions (they cascade).
 */
export const servedStaff = serveResource(staffContract, {
  table: users,
  scope: isStaff,
  list: { search: customerMatches, filters: { role: enumFilter(users.role, STAFF_ROLES) } },
  toRecord: (row): OwnFields<StaffMember> => ({
    fullname: row.fullname,
    email: row.email,
    role: row.role as StaffMember['role'],
  }),
  toRow: async (input, verb) => {
    if (verb === 'update') return { fullname: input.fullname, role: input.role };
    const { fullname, email, role, password } = input as StaffCreateInput;
    const name = fullname.split(/\s+/)[0]!.toLowerCase();
    return {
      fullname,
      name,
      email,
      role,
      passwordHash: await hashPassword(password),
      demoPassword: password === DEMO_ADMIN_PASSWORD,
    };
  },
  hooks: {
    // The admins before the member's own row, as every update takes them: two admins demoting each other queue.
    lock: async ({ tx }) => void (await lockAdmins(tx)),
    update: (id, values, { tx }) => keepAnAdmin(tx, id, values.role === 'admin'),
    remove: async (id, { tx, actor }) => {
      if (id === actor._id) throw new HttpError(409, REMOVE_SELF_MESSAGE);
      await keepAnAdmin(tx, id, false);
    },
  },
  // A new role is what the audit log's readers look for: its own action.
  updateAction: (changes) => ('role' in changes ? 'role_change' : 'update'),
  duplicate: DUPLICATE_EMAIL_MESSAGE,
  // An admin's Unlock: the member's failed sign-ins are forgotten, so no address waits or is refused for them.
  more: (db) => async (app) => {
    app.post(staffContract.calls!.unlock!.path, access('team'), async (request) => {
      const [member] = await db
        .select({ email: users.email })
        .from(users)
        .where(and(eq(users.id, parseId(request.params)), isStaff));
      notFoundUnless(member, staffContract.noun);
      await db.transaction(async (tx) => {
        await clearFailures(tx, member!.email);
        await audit(tx, whoOf(request), [
          { action: 'unlock', resource: staffContract.name, recordId: parseId(request.params), label: member!.email },
        ]);
      });
      return { success: true, message: `Sign-in attempts of ${member!.email} cleared` };
    });
  },
  get example() {
    return {
      fullname: 'Example Member',
      email: `member-${randomBytes(4).toString('hex')}@example.com`,
      role: 'support',
      password: 'a-long-password-1',
    };
  },
});
