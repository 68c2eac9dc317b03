import { presentResource, statusField } from '../../components/resource/definition';
import {
  MIN_PASSWORD_LENGTH,
  ROLE_LABELS,
  STAFF_ROLES,
  type BadgeColour,
  type StaffMember,
  type StaffRole,
  staffContract,
} from '../../domain';

const ROLE_COLOURS: Record<StaffRole, BadgeColour> = { admin: 'info', manager: 'success', support: 'default' };

/**
 * Team: the staff accounts. A colleague is added with the email they sign in with and a first
 * password; afterwards only their name and role change (the password is theirs, on their profile).
 * The server refuses to remove yourself, to remove or demote the last admin and a second account with
 * one email; the dialog or the toast says so in its words.
 */
export default presentResource<StaffMember>(staffContract, {
  noun: 'team member',
  actions: ['create', 'edit', 'delete'],
  recordLabel: (member) => member.fullname,
  // The least a new account may do until someone decides otherwise.
  defaults: { role: 'support' },
  fields: {
    fullname: { label: 'Full name', kind: 'strong', column: { flex: 1, minWidth: 180, sortable: true }, filter: 'search', form: { widget: 'text', required: true } },
    email: {
      label: 'Email',
      column: { flex: 1, minWidth: 220, sortable: true },
      filter: 'search',
      form: { widget: 'text', required: true, only: 'create', helper: 'They sign in with it; it cannot be changed later' },
    },
    role: statusField('Role', STAFF_ROLES, { colours: ROLE_COLOURS, labels: ROLE_LABELS }, {
      column: { width: 130, sortable: true },
      allLabel: 'All roles',
      form: { widget: 'select', required: true },
    }),
    password: {
      label: 'Password',
      form: { widget: 'password', required: true, only: 'create', helper: `Their first password: at least ${MIN_PASSWORD_LENGTH} characters, not their email` },
    },
    createdAt: { label: 'Created', kind: 'date', column: { width: 130, sortable: true } },
  },
});
