import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import type { AuditEvent } from '../../domain';
import { countOf } from '../../domain/format';

/** A value as one line of a change: lists and objects as JSON, nothing as '—'. */
const shown = (value: unknown) =>
  value === null || value === undefined || value === ''
    ? '—'
    : typeof value === 'object'
      ? JSON.stringify(value)
      : String(value);

/** An audit event's changed fields, each as before → after (the Activity grid and a record's History). */
export function ChangeList({ changes, id }: { changes: AuditEvent['changes']; id?: string }) {
  return (
    <Box component="ul" id={id} sx={{ m: 0, pl: 2 }}>
      {Object.entries(changes).map(([field, [before, after]]) => (
        <Typography component="li" variant="body2" key={field} sx={{ wordBreak: 'break-word' }}>
          <strong>{field}</strong>: {shown(before)} → {shown(after)}
        </Typography>
      ))}
    </Box>
  );
}

/** The changed fields folded to their names until opened (a grid row), or the note of an event without any. */
export function FoldedChanges({ changes, note }: { changes: AuditEvent['changes']; note: string | null }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const fields = Object.keys(changes);
  if (fields.length === 0) return <Typography variant="body2">{note ?? '—'}</Typography>;
  return (
    <Box sx={{ py: 0.5, minWidth: 0 }}>
      <Button
        size="small"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen(!open)}
        sx={{ textTransform: 'none', px: 0.5 }}
      >
        {open ? 'Hide changes' : `${countOf(fields.length, 'field')}: ${fields.join(', ')}`}
      </Button>
      {open && <ChangeList changes={changes} id={id} />}
    </Box>
  );
}
