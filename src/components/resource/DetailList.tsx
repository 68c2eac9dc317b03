import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { Fragment, type ReactNode } from 'react';

/** Terms beside their values, as a definition list (dl); `quiet`: small grey terms, for a dialog's dense details, instead of bold ones. */
export function DetailList({
  rows,
  quiet = false,
  sx = [],
}: {
  rows: [term: string, value: ReactNode][];
  quiet?: boolean;
  sx?: SxProps<Theme>;
}) {
  return (
    <Box
      component="dl"
      sx={[
        { display: 'grid', gridTemplateColumns: 'max-content minmax(0, 1fr)', columnGap: 3, rowGap: 1, m: 0 },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      {rows.map(([term, value]) => (
        <Fragment key={term}>
          <Typography component="dt" {...(quiet ? { variant: 'body2', color: 'text.secondary' } : { fontWeight: 600 })}>
            {term}
          </Typography>
          <Typography component="dd" variant={quiet ? 'body2' : 'body1'} sx={{ m: 0, overflowWrap: 'anywhere' }}>
            {value}
          </Typography>
        </Fragment>
      ))}
    </Box>
  );
}
