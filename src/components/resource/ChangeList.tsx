import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { AuditEvent } from '../../domain';

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
