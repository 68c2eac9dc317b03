import { FoldedChanges } from '../../components/resource/ChangeList';
import { RecordLink } from '../../components/resource/RecordLink';
import { FROM_TO, presentResource, selectFilter } from '../../components/resource/presentation';
import { AUDIT_ACTION_LABELS, ROLE_LABELS, auditContract, type AuditEvent, type UserRole } from '../../domain';

/** What the log's rows are about, as the filter offers them. */
const RESOURCES = [
  'products',
  'orders',
  'coupons',
  'blogs',
  'banners',
  'staff',
  'users',
  'sessions',
  'uploads',
  'store',
];

/** Activity: read only, newest first, rows growing as their changes open. */
export default presentResource<AuditEvent>(auditContract, {
  noun: 'event',
  actions: [],
  autoRowHeight: true,
  texts: {
    title: 'Activity',
    subtitle: 'Who changed what in the store, newest first',
    empty: 'No activity recorded yet.',
    noMatch: 'No activity matches these filters.',
  },
  fields: {
    at: {
      label: 'When',
      kind: 'time',
      column: { width: 180, sortable: true },
    },
    actor: {
      label: 'Who',
      format: (actor: AuditEvent['actor']) => actor.fullname,
      sub: ({ actor }) => ROLE_LABELS[actor.role as UserRole] ?? actor.role,
      column: { width: 170 },
      filter: 'select',
      optionsFrom: { resource: 'staff', label: 'fullname' },
      filterLabel: 'Staff member',
      allLabel: 'Everyone',
    },
    action: { label: 'Action', column: { width: 150 }, ...selectFilter(AUDIT_ACTION_LABELS, 'All actions') },
    resource: {
      label: 'Resource',
      column: { width: 120, hideBelow: 'sm' },
      ...selectFilter(RESOURCES, 'All resources'),
    },
    label: {
      label: 'Record',
      render: ({ resource, recordId, label, action }) => (
        <RecordLink resource={resource} id={recordId} label={label} gone={action === 'delete'} />
      ),
      column: { flex: 1, minWidth: 140 },
    },
    changes: {
      label: 'Changes',
      render: (event) => <FoldedChanges changes={event.changes} note={event.note} />,
      column: { flex: 2, minWidth: 220 },
    },
    ...FROM_TO,
  },
});
