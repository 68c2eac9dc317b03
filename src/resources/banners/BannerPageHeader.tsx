import ArrowBack from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

interface BannerPageHeaderProps {
  title: string;
  /** Further links beside Back (the detail page's Edit). */
  actions?: ReactNode;
}

/** The heading of a banner screen, with Back to All Banners. */
export function BannerPageHeader({ title, actions }: BannerPageHeaderProps) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2, mb: 2 }}>
      <Typography variant="h4" component="h1">
        {title}
      </Typography>
      <Box sx={{ display: 'flex', gap: 1 }}>
        {actions}
        <Button component={Link} to="/banners" startIcon={<ArrowBack />}>
          Back
        </Button>
      </Box>
    </Box>
  );
}
