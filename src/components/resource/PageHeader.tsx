import ArrowBack from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/**
 * The heading of a page (none where the record's own heading leads, a blog's title), with its buttons (`actions`: a list's Add,
 * a detail page's Edit) and, on a record's page, Back to its list.
 */
export function PageHeader({
  title,
  subtitle,
  back,
  backLabel = 'Back',
  actions,
}: {
  title?: string;
  subtitle?: ReactNode;
  back?: string;
  backLabel?: string;
  actions?: ReactNode;
}) {
  return (
    <Box
      sx={{
        display: 'flex',
        alignItems: 'center',
        justifyContent: title ? 'space-between' : 'flex-end',
        gap: 2,
        mb: 2,
        flexWrap: 'wrap',
      }}
    >
      {title && (
        <Box>
          <Typography variant="h4" component="h1">
            {title}
          </Typography>
          {subtitle && <Typography color="text.secondary">{subtitle}</Typography>}
        </Box>
      )}
      {/* On a phone a screen's several buttons take more rows, not more width. */}
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        {actions}
        {back && (
          <Button component={Link} to={back} startIcon={<ArrowBack />}>
            {backLabel}
          </Button>
        )}
      </Box>
    </Box>
  );
}
