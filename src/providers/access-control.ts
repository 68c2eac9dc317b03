import type { AccessControlProvider } from '@refinedev/core';
import { roleAllows, type Access } from '../domain/roles';
import { signedInUser } from './auth-provider';

/** What Refine's actions need, on any resource without a rule of its own. */
const ACTION_ACCESS: Readonly<Record<string, Access>> = {
  list: 'read',
  show: 'read',
  export: 'read',
  create: 'write',
  clone: 'write',
  edit: 'write',
  delete: 'delete',
};

/** Resources whose actions need other access: every one of them, or some by action. */
const RESOURCE_ACCESS: Readonly<Record<string, Access | Readonly<Record<string, Access>>>> = {
  // The staff accounts: reading the Team list is as guarded as changing it.
  staff: 'team',
  // An order is never edited but for its status, which support may change.
  orders: { edit: 'orderStatus' },
};

const own = <T>(table: Readonly<Record<string, T>>, key: string): T | undefined => (Object.hasOwn(table, key) ? table[key] : undefined);

/** The access a Refine action on a resource needs (the server asks the same of the route), or undefined for an action the console does not know. */
export function accessFor(resource: string | undefined, action: string): Access | undefined {
  const rule = resource === undefined ? undefined : own(RESOURCE_ACCESS, resource);
  if (typeof rule === 'string') return rule;
  return (rule && own(rule, action)) ?? own(ACTION_ACCESS, action);
}

/**
 * Refine's access control: the signed-in role (from the profile the auth provider has cached, so a
 * check costs no call) against the domain's ROLE_ACCESS. Menus, buttons and pages ask it; the server
 * refuses the same requests with a 403 whatever the console shows.
 */
export const accessControlProvider: AccessControlProvider = {
  can: async ({ resource, action }) => {
    const access = accessFor(resource, action);
    return { can: access !== undefined && roleAllows((await signedInUser())?.role, access) };
  },
  // A role does not change within a session (signing in again starts a new Refine root): ask once per check.
  options: { queryOptions: { staleTime: Infinity } },
};
