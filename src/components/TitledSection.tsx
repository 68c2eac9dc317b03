import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { DetailList } from './resource/DetailList';

interface TitledSectionProps {
  title: string;
  /** The heading's level under the page's or the dialog's own heading. */
  heading?: 'h2' | 'h3';
  /** Framed, as a panel of a record's page. */
  outlined?: boolean;
  wide?: boolean;
  /** A small grey heading, for the dense parts of a dialog (an order's). */
  quiet?: boolean;
  /** Its terms beside their values (a customer's contact), before any other content. */
  rows?: [term: string, value: ReactNode][];
  children?: ReactNode;
}

/** A part of a record's page or dialog, named by its heading for assistive technology. */
export function TitledSection({
  title,
  heading = 'h2',
  outlined = false,
  wide = false,
  quiet = false,
  rows,
  children,
}: TitledSectionProps) {
  return (
    <Box
      component="section"
      aria-label={title}
      sx={[
        { minWidth: 0 },
        outlined && { p: 2, border: 1, borderColor: 'divider', borderRadius: 1 },
        wide && { gridColumn: '1 / -1' },
      ]}
    >
      <Typography
        component={heading}
        gutterBottom
        {...(quiet
          ? { variant: 'subtitle2', color: 'text.secondary', sx: { textTransform: 'uppercase', letterSpacing: 0.5 } }
          : { variant: 'h6' })}
      >
        {title}
      </Typography>
      {rows && <DetailList rows={rows} quiet={quiet} />}
      {children}
    </Box>
  );
}
