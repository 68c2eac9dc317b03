import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useNavigation, useResourceParams } from '@refinedev/core';
import { useId, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { ChangeList } from '../../components/resource/ChangeList';
import { presentResource } from '../../components/resource/presentation';
import {
  AUDIT_ACTION_LABELS,
  AUDIT_ACTIONS,
  ROLE_LABELS,
  auditContract,
  formatDateTime,
  type AuditEvent,
  type UserRole,
} from '../../domain';

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

/** The changed fields, folded to their names until opened: each field's before → after. */
function Changes({ event }: { event: AuditEvent }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const fields = Object.entries(event.changes);
  if (fields.length === 0) return <Typography variant="body2">{event.note ?? '—'}</Typography>;
  return (
    <Box sx={{ py: 0.5, minWidth: 0 }}>
      <Button
        size="small"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen(!open)}
        sx={{ textTransform: 'none', px: 0.5 }}
      >
        {open
          ? 'Hide changes'
          : `${fields.length} ${fields.length === 1 ? 'field' : 'fields'}: ${fields.map(([f]) => f).join(', ')}`}
      </Button>
      {open && <ChangeList changes={event.changes} id={id} />}
    </Box>
  );
}

/** The record a row is about: its page where it has one (else its list), under its label. */
function RecordLink({ event }: { event: AuditEvent }) {
  const { select } = useResourceParams();
  const { showUrl, editUrl, listUrl } = useNavigation();
  const text = event.label ?? event.recordId ?? '—';
  const { resource } = select(event.resource, false) ?? {};
  if (!resource || !event.recordId || event.action === 'delete') return <>{text}</>;
  const to = resource.show
    ? showUrl(resource.name, event.recordId)
    : resource.edit
      ? editUrl(resource.name, event.recordId)
      : listUrl(resource.name);
  return (
    <Link component={RouterLink} to={to} underline="hover" noWrap>
      {text}
    </Link>
  );
}

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
      format: (at: string) => formatDateTime(at),
      column: { width: 180, sortable: true },
    },
    actor: {
      label: 'Who',
      render: ({ actor }) => (
        <Box sx={{ py: 0.5 }}>
          <Typography variant="body2">{actor.fullname}</Typography>
          <Typography variant="caption" color="text.secondary">
            {ROLE_LABELS[actor.role as UserRole] ?? actor.role}
          </Typography>
        </Box>
      ),
      column: { width: 170 },
      filter: 'select',
      optionsFrom: { resource: 'staff', label: 'fullname' },
      filterLabel: 'Staff member',
      allLabel: 'Everyone',
    },
    action: {
      label: 'Action',
      format: (action: AuditEvent['action']) => AUDIT_ACTION_LABELS[action] ?? action,
      column: { width: 150 },
      filter: 'select',
      options: AUDIT_ACTIONS.map((action) => ({ value: action, label: AUDIT_ACTION_LABELS[action] })),
      allLabel: 'All actions',
    },
    resource: {
      label: 'Resource',
      column: { width: 120, hideBelow: 'sm' },
      filter: 'select',
      options: RESOURCES.map((name) => ({ value: name, label: name })),
      allLabel: 'All resources',
    },
    label: { label: 'Record', render: (event) => <RecordLink event={event} />, column: { flex: 1, minWidth: 140 } },
    changes: { label: 'Changes', render: (event) => <Changes event={event} />, column: { flex: 2, minWidth: 220 } },
    from: { label: 'From', filter: 'date', column: false },
    to: { label: 'To', filter: 'date', column: false },
  },
});
