import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { Fragment, type ReactNode } from 'react';

interface DetailListProps {
  rows: [term: string, value: ReactNode][];
  /** Small grey terms, for a dialog's dense details, instead of bold ones. */
  quiet?: boolean;
  sx?: SxProps<Theme>;
}

/** Terms beside their values, as a definition list: a detail page, the profile, a blog's settings, an order, a product. */
export function DetailList({ rows, quiet = false, sx = [] }: DetailListProps) {
  return (
    <Box component="dl" sx={[{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 3, rowGap: 1, m: 0 }, ...(Array.isArray(sx) ? sx : [sx])]}>
      {rows.map(([term, value]) => (
        <Fragment key={term}>
          <Typography component="dt" {...(quiet ? { variant: 'body2', color: 'text.secondary' } : { fontWeight: 600 })}>
            {term}
          </Typography>
          <Typography component="dd" variant={quiet ? 'body2' : 'body1'} sx={{ m: 0 }}>
            {value}
          </Typography>
        </Fragment>
      ))}
    </Box>
  );
}
