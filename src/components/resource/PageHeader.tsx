import ArrowBack from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

interface PageHeaderProps {
  /** Absent where the record's own heading leads the page (a blog's title). */
  title?: string;
  subtitle?: ReactNode;
  /** A record's page goes back to its list. */
  back?: string;
  backLabel?: string;
  /** Buttons beside the title (a list's Add, a detail page's Edit). */
  actions?: ReactNode;
}

/** The heading of a page, with its buttons and, on a record's page, Back to its list. */
export function PageHeader({ title, subtitle, back, backLabel = 'Back', actions }: PageHeaderProps) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: title ? 'space-between' : 'flex-end', gap: 2, mb: 2, flexWrap: 'wrap' }}>
      {title && (
        <Box>
          <Typography variant="h4" component="h1">
            {title}
          </Typography>
          {subtitle && <Typography color="text.secondary">{subtitle}</Typography>}
        </Box>
      )}
      <Box sx={{ display: 'flex', gap: 1 }}>
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
