import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useGetIdentity } from '@refinedev/core';
import { DetailList } from '../../components/resource/DetailList';
import { PageHeader } from '../../components/resource/PageHeader';
import { ROLE_LABELS } from '../../domain';
import type { ConsoleIdentity } from '../../providers/auth-provider';
import { ChangePasswordForm } from './ChangePasswordForm';

/** The signed-in user's account: who they are to the console, and their password. */
export default function ProfilePage() {
  const { data: identity } = useGetIdentity<ConsoleIdentity>();
  return (
    <Box component="section" aria-label="Profile" sx={{ display: 'grid', gap: 3, maxWidth: 640 }}>
      <PageHeader title="Profile" />
      <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
        <Typography variant="h6" component="h2" gutterBottom>
          Account
        </Typography>
        {identity ? (
          <DetailList
            rows={[
              ['Name', identity.fullname],
              ['Email', identity.email],
              ['Role', ROLE_LABELS[identity.role]],
            ]}
          />
        ) : (
          <Skeleton width={280} height={96} />
        )}
      </Paper>
      {identity && <ChangePasswordForm email={identity.email} />}
    </Box>
  );
}
