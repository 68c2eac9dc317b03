import { STAFF_ROLES, type StaffRole, type UserRole } from './constants';

/**
 * What a route or a console action needs. The server classifies every route with one of these (or as
 * public or signed-in); the console's access control asks the same question for menus, buttons and pages.
 * - read: see any list or record (and export it);
 * - orderStatus: move an order to another status;
 * - write: add or change products, coupons, blogs, banners and pictures;
 * - delete: remove any of those;
 * - team: the staff accounts.
 */
export const ACCESS_LEVELS = ['read', 'orderStatus', 'write', 'delete', 'team'] as const;
export type Access = (typeof ACCESS_LEVELS)[number];

export const ROLE_ACCESS: Readonly<Record<StaffRole, readonly Access[]>> = {
  admin: ['read', 'orderStatus', 'write', 'delete', 'team'],
  manager: ['read', 'orderStatus', 'write', 'delete'],
  support: ['read', 'orderStatus'],
};

export const ROLE_LABELS: Readonly<Record<UserRole, string>> = {
  admin: 'Admin',
  manager: 'Manager',
  support: 'Support',
  customer: 'Customer',
};

export const isStaffRole = (role: string | undefined | null): role is StaffRole =>
  (STAFF_ROLES as readonly string[]).includes(role ?? '');

/** Whether a signed-in user of this role may do what `access` names (a customer may do none of it). */
export function roleAllows(role: string | undefined | null, access: Access): boolean {
  return isStaffRole(role) && ROLE_ACCESS[role].includes(access);
}

/** The demo store's admin password: while any admin still has it, the console warns. */
export const DEMO_ADMIN_PASSWORD = 'admin123';
export const MIN_PASSWORD_LENGTH = 10;

/** Sign-in and the signed-in account's own calls, under AUTH_BASE (here, with no zod, for the sign-in page). */
export const AUTH_BASE = '/api/auth';
export const AUTH_CALLS = {
  login: '/login',
  me: '/me',
  logout: '/logout',
  changePassword: '/change-password',
} as const;

/** Where pictures are uploaded (unless the console is built with an image host of its own). */
export const UPLOADS_URL = '/api/uploads';
