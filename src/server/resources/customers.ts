import { eq } from 'drizzle-orm';
import { USER_ROLES, customersContract, type SessionUser } from '../../domain';
import { users } from '../db/schema';
import { enumFilter } from '../list-query';
import { serveResource, type OwnFields } from '../resource-routes';
import { customerMatches, customerStats, toSessionUser } from '../services/users';

/**
 * Customers, read only at /api/auth/users: an admin sees every account, other staff only the customers
 * (the Team screen, admins only, is where staff accounts are listed), so support cannot collect the
 * admins' emails; an account they may not see answers 404 as if missing. A customer's page also
 * answers their figures (`stats`).
 */
export const servedCustomers = serveResource(customersContract, {
  table: users,
  scope: (viewer) => (viewer.role === 'admin' ? undefined : eq(users.role, 'customer')),
  list: { search: customerMatches, filters: { role: enumFilter(users.role, USER_ROLES) } },
  toRecord: (row): OwnFields<SessionUser> => {
    const { _id: _, createdAt: __, ...own } = toSessionUser(row);
    return own;
  },
  extras: { get: async (db, id) => ({ stats: await customerStats(db, id) }) },
});
