import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Muted } from './Muted';

export interface Entry {
  key: string;
  title: string;
  /** Beside the title (a review's stars). */
  beside?: ReactNode;
  /** Who and when, quietly under the title. */
  caption: string;
  text?: string;
}

/**
 * Entries along a line (an order's timeline, a product's reviews): each its title, who and when, and its text;
 * none, the `empty` words quietly (nothing unless given).
 */
export function EntryList({
  entries,
  ordered = false,
  empty,
}: {
  entries: Entry[];
  ordered?: boolean;
  empty?: string;
}) {
  if (entries.length === 0 && empty) return <Muted>{empty}</Muted>;
  return (
    <Box component={ordered ? 'ol' : 'ul'} sx={{ m: 0, p: 0, listStyle: 'none', display: 'grid', gap: 1.25 }}>
      {entries.map((entry) => (
        <Box component="li" key={entry.key} sx={{ borderLeft: 3, borderColor: 'divider', pl: 1.5 }}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
            <Typography variant="body2" fontWeight={600}>
              {entry.title}
            </Typography>
            {entry.beside}
          </Box>
          <Typography variant="caption" color="text.secondary">
            {entry.caption}
          </Typography>
          {entry.text && (
            <Typography variant="body2" sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
              {entry.text}
            </Typography>
          )}
        </Box>
      ))}
    </Box>
  );
}
