import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

interface TitledSectionProps {
  title: string;
  /** The heading's level under the page's or the dialog's own heading. */
  heading?: 'h2' | 'h3';
  /** Framed, as a panel of a record's page. */
  outlined?: boolean;
  wide?: boolean;
  children: ReactNode;
}

/** A part of a record's page or dialog, named by its heading for assistive technology. */
export function TitledSection({ title, heading = 'h2', outlined = false, wide = false, children }: TitledSectionProps) {
  return (
    <Box
      component="section"
      aria-label={title}
      sx={[outlined && { p: 2, border: 1, borderColor: 'divider', borderRadius: 1 }, wide && { gridColumn: '1 / -1' }]}
    >
      <Typography variant="h6" component={heading} gutterBottom>
        {title}
      </Typography>
      {children}
    </Box>
  );
}
