import { valuesOf } from './constants';
import { defineContract } from './contract';

/** What the audit log records: a record's changes, the account's sessions, and what left or entered the store. */
export const AUDIT_ACTION_LABELS = {
  create: 'Created',
  update: 'Updated',
  delete: 'Deleted',
  restore: 'Restored',
  purge: 'Deleted forever',
  status: 'Status changed',
  note: 'Note added',
  bulk: 'Bulk action',
  role_change: 'Role changed',
  unlock: 'Sign-in unlocked',
  sign_in: 'Signed in',
  sign_in_failed: 'Sign-in failed',
  sign_out: 'Signed out',
  password_change: 'Password changed',
  session_revoked: 'Sessions ended',
  export: 'Exported',
  upload: 'Uploaded',
  seed: 'Demo data',
} as const;
export type AuditAction = keyof typeof AUDIT_ACTION_LABELS;
export const AUDIT_ACTIONS = valuesOf(AUDIT_ACTION_LABELS);

/** Who did it: a staff member or customer as they were then, or the system (seeding, upkeep; `_id` null). */
export interface AuditActor {
  _id: string | null;
  fullname: string;
  role: string;
}

/** One row of the audit log, as GET /api/audit answers it. */
export interface AuditEvent {
  _id: string;
  at: string;
  actor: AuditActor;
  action: AuditAction;
  /** The resource's name ('coupons', 'products', 'orders', 'staff'...), or what was acted on ('sessions', 'uploads'). */
  resource: string;
  recordId: string | null;
  label: string | null;
  /** `{ field: [before, after] }`: the fields that changed (a secret only as '(hidden)'). */
  changes: Record<string, [unknown, unknown]>;
  note: string | null;
  requestId: string | null;
  ip: string | null;
}

/** The audit log: admins read it (GET /api/audit, `{ events, total }`), nobody writes it but the server. */
export const auditContract = defineContract<AuditEvent>()({
  name: 'audit',
  noun: 'Event',
  base: '/api/audit',
  api: { list: '' },
  keys: { list: 'events' },
  list: {
    sort: ['at'],
    filter: ['actor', 'resource', 'recordId', 'action', 'from', 'to'],
    defaultSort: { field: 'at', order: 'desc' },
  },
  access: { read: 'team' },
  // Writes a record's version back: `{ updatedAt }` of the copy the History was opened with.
  calls: { restore: { method: 'POST', path: '/:id/restore' } },
  export: {
    file: 'activity',
    columns: [
      { header: 'When', kind: 'date', field: 'at' },
      { header: 'Who', value: (event) => event.actor.fullname },
      { header: 'Role', value: (event) => event.actor.role },
      { header: 'Action', value: (event) => AUDIT_ACTION_LABELS[event.action] ?? event.action },
      { header: 'Resource', field: 'resource' },
      { header: 'Record ID', field: 'recordId' },
      { header: 'Record', field: 'label' },
      { header: 'Changes', value: (event) => Object.keys(event.changes).join('; ') },
      { header: 'Note', field: 'note' },
      { header: 'IP', field: 'ip' },
    ],
  },
});
