import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

interface DashboardCardProps {
  title: string;
  subtitle?: string;
  children: ReactNode;
}

/** A titled panel of the dashboard, labelled by its title for screen readers and tests. */
export function DashboardCard({ title, subtitle, children }: DashboardCardProps) {
  return (
    <Paper variant="outlined" component="section" aria-label={title} sx={{ p: 2.5, height: '100%', display: 'flex', flexDirection: 'column' }}>
      <Typography variant="h6" component="h2">
        {title}
      </Typography>
      {subtitle ? (
        <Typography variant="body2" color="text.secondary">
          {subtitle}
        </Typography>
      ) : null}
      <Box sx={{ mt: 2, flex: 1, minHeight: 0 }}>{children}</Box>
    </Paper>
  );
}
