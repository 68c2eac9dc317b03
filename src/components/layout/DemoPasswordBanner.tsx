import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import { useGetIdentity } from '@refinedev/core';
import { Link as RouterLink } from 'react-router';
import { DEMO_ADMIN_PASSWORD } from '../../domain/roles';
import type { ConsoleIdentity } from '../../providers/auth-provider';

/**
 * Above every screen while an admin account still has the demo store's password: anyone who has read
 * the README could sign in as that admin. A status, not an alert: it should not interrupt each page.
 */
export function DemoPasswordBanner() {
  const { data: identity } = useGetIdentity<ConsoleIdentity>();
  if (!identity?.demoPasswordInUse) return null;
  const link = (to: string, text: string) => (
    <Link component={RouterLink} to={to} color="inherit" fontWeight={600}>
      {text}
    </Link>
  );
  return (
    <Alert severity="warning" role="status" sx={{ mb: 3 }}>
      An admin account still uses the demo password {DEMO_ADMIN_PASSWORD}.{' '}
      {identity.role === 'admin' ? (
        <>
          {link('/profile', 'Change it')} on your profile, or find the account in {link('/team', 'Team')} if it is
          another admin&apos;s.
        </>
      ) : (
        'Ask an admin to change it.'
      )}
    </Alert>
  );
}
