import { z } from 'zod';
import { STAFF_ROLES, type StaffRole } from './constants';
import { defineContract } from './contract';
import { MIN_PASSWORD_LENGTH } from './roles';
import { requiredText } from './validation';

/** A new password: long enough, not the account's own email (checked where the email is known). */
export const newPasswordSchema = z
  .string({ error: 'Password is required' })
  .min(MIN_PASSWORD_LENGTH, `Password must be at least ${MIN_PASSWORD_LENGTH} characters`)
  .max(200, 'Password must be at most 200 characters');

export function passwordIsEmail(password: string, email: string): boolean {
  return password.trim().toLowerCase() === email.trim().toLowerCase();
}
export const PASSWORD_IS_EMAIL_MESSAGE = 'Password must not be your email address';

export const PASSWORD_UNCHANGED_MESSAGE = 'New password must differ from the current one';

export const changePasswordSchema = z
  .object({
    currentPassword: z
      .string({ error: 'Current password is required' })
      .min(1, 'Current password is required')
      .max(200),
    newPassword: newPasswordSchema,
  })
  .refine((input) => input.newPassword !== input.currentPassword, {
    path: ['newPassword'],
    message: PASSWORD_UNCHANGED_MESSAGE,
  });
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

const staffRoleSchema = z.enum(STAFF_ROLES, { error: `Role must be one of ${STAFF_ROLES.join(', ')}` });

/** PUT /api/staff/:id: the name and the role (the email is the sign-in and stays; a password is its owner's). */
export const staffUpdateSchema = z.object({
  fullname: requiredText('Full name', 100),
  role: staffRoleSchema,
});
export type StaffUpdateInput = z.infer<typeof staffUpdateSchema>;

/** POST /api/staff: a colleague's account, with the first password they sign in with. */
export const staffCreateSchema = staffUpdateSchema
  .extend({
    email: z.email('Email must be a valid email address').max(254),
    password: newPasswordSchema,
  })
  .refine((staff) => !passwordIsEmail(staff.password, staff.email), {
    path: ['password'],
    message: PASSWORD_IS_EMAIL_MESSAGE,
  });
export type StaffCreateInput = z.infer<typeof staffCreateSchema>;

/** A staff account as GET /api/staff answers it. */
export interface StaffMember {
  _id: string;
  fullname: string;
  email: string;
  role: StaffRole;
  createdAt: string;
  updatedAt: string;
}

/** The Team: regular REST at /api/staff, admins only. */
export const staffContract = defineContract<StaffMember>()({
  name: 'staff',
  noun: 'Staff member',
  schema: { create: staffCreateSchema, update: staffUpdateSchema },
  calls: { unlock: { method: 'POST', path: '/:id/unlock' } },
  restore: false,
  // The founding admin first, colleagues in the order they joined.
  list: {
    sort: ['createdAt', 'fullname', 'email', 'role'],
    filter: ['role'],
    search: ['fullname', 'email'],
    defaultSort: { field: 'createdAt', order: 'asc' },
  },
  access: { read: 'team', create: 'team', update: 'team', delete: 'team' },
});
