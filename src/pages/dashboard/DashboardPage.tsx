import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useGetIdentity } from '@refinedev/core';
import type { SessionUser } from '../../domain';

export default function DashboardPage() {
  const { data: user } = useGetIdentity<SessionUser>();
  return (
    <Box component="section" aria-label="Dashboard">
      <Typography variant="h4" component="h1">
        Dashboard
      </Typography>
      <Typography color="text.secondary">
        {user ? `Welcome back, ${user.fullname}! Here is what is happening in your store.` : 'Welcome back!'}
      </Typography>
    </Box>
  );
}
