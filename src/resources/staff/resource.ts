import LockOpenOutlined from '@mui/icons-material/LockOpenOutlined';
import { choices, presentResource, searchedText, statusField } from '../../components/resource/presentation';
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
/** The role's column, filter and form beside its badge. */
const ROLE_FIELD = {
  column: { width: 130, sortable: true },
  allLabel: 'All roles',
  options: choices(STAFF_ROLES, ROLE_LABELS),
  form: { widget: 'select', required: true },
} as const;

export default presentResource<StaffMember>(staffContract, {
  noun: 'team member',
  recordLabel: (member) => member.fullname,
  // Failed sign-ins only slow an account down, but an address that failed too often is refused for it until
  // the window passes; Unlock forgets them all.
  recordCalls: [
    {
      call: 'unlock',
      label: 'Unlock sign-in',
      named: (name) => `Unlock ${name}`,
      icon: LockOpenOutlined,
      done: 'Sign-in attempts cleared',
      failed: 'Failed to unlock the account',
    },
  ],
  // The least a new account may do until someone decides otherwise.
  defaults: { role: 'support' },
  fields: {
    fullname: searchedText('Full name', { minWidth: 180 }, {}, 'strong'),
    email: searchedText(
      'Email',
      { minWidth: 220 },
      { only: 'create', helper: 'They sign in with it; it cannot be changed later' },
    ),
    role: statusField('Role', { colours: ROLE_COLOURS, labels: ROLE_LABELS }, ROLE_FIELD),
    password: {
      label: 'Password',
      form: {
        widget: 'password',
        required: true,
        only: 'create',
        helper: `Their first password: at least ${MIN_PASSWORD_LENGTH} characters, not their email`,
      },
    },
    createdAt: { label: 'Created', kind: 'date', column: { width: 130, sortable: true } },
  },
});
