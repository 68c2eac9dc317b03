import ArrowBack from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

interface PageHeaderProps {
  /** Absent where the record's own heading leads the page (a blog's title). */
  title?: string;
  back: string;
  /** Further links beside Back (a detail page's Edit). */
  actions?: ReactNode;
  backLabel?: string;
}

/** The heading of a record's page, with Back to its list. */
export function PageHeader({ title, back, actions, backLabel = 'Back' }: PageHeaderProps) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: title ? 'space-between' : 'flex-end', gap: 2, mb: 2, flexWrap: 'wrap' }}>
      {title && (
        <Typography variant="h4" component="h1">
          {title}
        </Typography>
      )}
      <Box sx={{ display: 'flex', gap: 1 }}>
        {actions}
        <Button component={Link} to={back} startIcon={<ArrowBack />}>
          {backLabel}
        </Button>
      </Box>
    </Box>
  );
}
