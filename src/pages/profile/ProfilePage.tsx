import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import { useGetIdentity } from '@refinedev/core';
import { DetailList } from '../../components/resource/DetailList';
import { PageHeader } from '../../components/resource/PageHeader';
import { TitledSection } from '../../components/TitledSection';
import { ROLE_LABELS } from '../../domain';
import type { ConsoleIdentity } from '../../providers/auth-provider';
import { ChangePasswordForm } from './ChangePasswordForm';
import { NotificationSettingsForm } from './NotificationSettingsForm';

export default function ProfilePage() {
  const { data: identity } = useGetIdentity<ConsoleIdentity>();
  return (
    <Box component="section" aria-label="Profile" sx={{ display: 'grid', gap: 3, maxWidth: 640 }}>
      <PageHeader title="Profile" />
      <TitledSection title="Account" outlined>
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
      </TitledSection>
      {identity && <ChangePasswordForm email={identity.email} />}
      <NotificationSettingsForm />
    </Box>
  );
}
