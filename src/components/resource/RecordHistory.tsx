import ExpandMore from '@mui/icons-material/ExpandMore';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useCan, useInvalidate, useList } from '@refinedev/core';
import { useState } from 'react';
import { AUDIT_ACTION_LABELS, auditContract, formatDateTime, type AuditEvent } from '../../domain';
import { serverMessageOr } from '../../providers/http';
import { ChangeList } from './ChangeList';
import { useRecordCall } from './RecordCalls';

interface HistoryPanelProps {
  /** The record's resource, as the audit log names it (its contract's name). */
  resource: string;
  id: string;
  /** The `updatedAt` of the copy on screen: a Restore is refused (409) if the record changed since. */
  updatedAt?: string;
  /** Its versions may be written back (not the staff's or an order's). */
  restorable?: boolean;
  /** A version was written back: the screen closes or goes back to the list. */
  onRestored?: () => void;
}

/** The History of a generated edit screen's record: restorable unless its contract says otherwise. */
export const historyOf = (
  presentation: { name: string; contract: { restore?: boolean } },
  id: string,
  updatedAt: string | undefined,
  onRestored: () => void,
): HistoryPanelProps => ({
  resource: presentation.name,
  id,
  updatedAt,
  restorable: presentation.contract.restore !== false,
  onRestored,
});

/** A record's History, for those who may read the audit log (admins): nothing for anyone else. */
export function RecordHistory(props: HistoryPanelProps) {
  const allowed = useCan({ resource: auditContract.name, action: 'list' }).data?.can;
  return allowed ? <HistoryPanel {...props} /> : null;
}

/** Who changed what and when, newest first, read when opened; Restore this version writes an older one back as a new change. */
function HistoryPanel({ resource, id, updatedAt, restorable, onRestored }: HistoryPanelProps) {
  const [open, setOpen] = useState(false);
  const { result, query } = useList<AuditEvent>({
    resource: auditContract.name,
    filters: [
      { field: 'resource', operator: 'eq', value: resource },
      { field: 'recordId', operator: 'eq', value: id },
    ],
    pagination: { currentPage: 1, pageSize: 50 },
    queryOptions: { enabled: open },
  });
  const { call, busy } = useRecordCall();
  const invalidate = useInvalidate();
  const events = result?.data ?? [];
  const restore = (event: AuditEvent) =>
    void call(
      auditContract.url(auditContract.calls!.restore!.path, event._id),
      { updatedAt },
      {
        done: 'Version restored',
        failed: 'The version could not be restored',
      },
    )
      .then(() => {
        void invalidate({ resource, invalidates: ['list', 'detail'], id });
        void invalidate({ resource: auditContract.name, invalidates: ['list'] });
        onRestored?.();
      })
      .catch(() => undefined);
  return (
    <Accordion
      disableGutters
      variant="outlined"
      expanded={open}
      onChange={(_event, expanded) => setOpen(expanded)}
      sx={{ gridColumn: '1 / -1' }}
    >
      <AccordionSummary expandIcon={<ExpandMore />} aria-controls={`${resource}-${id}-history`}>
        <Typography variant="subtitle2">History</Typography>
      </AccordionSummary>
      <AccordionDetails id={`${resource}-${id}-history`}>
        {query.isError && <Alert severity="error">{serverMessageOr(query.error, 'Failed to load the history')}</Alert>}
        {query.isLoading && open && <Typography variant="body2">Loading history...</Typography>}
        {query.isSuccess && events.length === 0 && <Typography variant="body2">No changes recorded yet.</Typography>}
        <Box component="ol" aria-label="History" sx={{ m: 0, p: 0, listStyle: 'none', display: 'grid', gap: 1.5 }}>
          {events.map((event, index) => (
            <Box component="li" key={event._id} sx={{ borderLeft: 2, borderColor: 'divider', pl: 1.5 }}>
              <Typography variant="body2">
                <strong>{AUDIT_ACTION_LABELS[event.action] ?? event.action}</strong> by {event.actor.fullname} ·{' '}
                {formatDateTime(event.at)}
              </Typography>
              <ChangeList changes={event.changes} />
              {restorable && index > 0 && event.action !== 'delete' && (
                <Button
                  size="small"
                  // Until the record on screen has loaded, a restore could not say which version it replaces.
                  disabled={busy || updatedAt === undefined}
                  onClick={() => restore(event)}
                  aria-label={`Restore this version (${formatDateTime(event.at)})`}
                  sx={{ mt: 0.5 }}
                >
                  Restore this version
                </Button>
              )}
            </Box>
          ))}
        </Box>
      </AccordionDetails>
    </Accordion>
  );
}
