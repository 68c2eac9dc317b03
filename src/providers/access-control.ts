import type { AccessControlProvider } from '@refinedev/core';
import type { AccessKind } from '../domain/contract';
import { roleAllows, type Access } from '../domain/roles';
import { signedInUser, type ConsoleIdentity } from './auth-provider';

/** Which of a contract's kinds of call each Refine action is. */
const ACTION_KIND: Readonly<Record<string, AccessKind>> = {
  list: 'read',
  show: 'read',
  export: 'read',
  create: 'create',
  clone: 'create',
  edit: 'update',
  delete: 'delete',
};

/**
 * The access a Refine action on a resource needs: its contract's for that kind of call, as the server
 * tells it (/api/auth/me) and asks it of the route (the plain level for a resource it does not name),
 * or undefined for an action the console does not know.
 */
export function accessFor(
  resourceAccess: ConsoleIdentity['resourceAccess'],
  resource: string | undefined,
  action: string,
): Access | undefined {
  const kind = Object.hasOwn(ACTION_KIND, action) ? ACTION_KIND[action] : undefined;
  if (kind === undefined) return undefined;
  const levels =
    resource !== undefined && Object.hasOwn(resourceAccess, resource) ? resourceAccess[resource] : undefined;
  return levels?.[kind] ?? (kind === 'create' || kind === 'update' ? 'write' : kind);
}

/**
 * Refine's access control: the signed-in role (from the profile the auth provider has cached, so a
 * check costs no call) against the domain's ROLE_ACCESS. Menus, buttons and pages ask it; the server
 * refuses the same requests with a 403 whatever the console shows.
 */
export const accessControlProvider: AccessControlProvider = {
  can: async ({ resource, action }) => {
    const user = await signedInUser();
    const access = accessFor(user?.resourceAccess ?? {}, resource, action);
    return { can: access !== undefined && roleAllows(user?.role, access) };
  },
  // A role does not change within a session (signing in again starts a new Refine root): ask once per check.
  options: { queryOptions: { staleTime: Infinity } },
};
