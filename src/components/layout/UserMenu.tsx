import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Typography from '@mui/material/Typography';
import { useGetIdentity } from '@refinedev/core';
import type { SessionUser } from '../../domain';
import { onDemand } from '../on-demand';
import { useMenu } from '../useMenu';

const AccountMenu = onDemand(
  () => import('./AccountMenu'),
  ({ menu }) => menu.isOpen,
);

export function UserMenu() {
  const { data: user } = useGetIdentity<SessionUser>();
  const menu = useMenu();
  const name = user?.fullname || user?.name || '';

  return (
    <>
      {/* Named by what it shows (the admin's name and role) after 'Account', so speech users can say either. */}
      <ButtonBase aria-haspopup="menu" onClick={menu.open} sx={{ borderRadius: 2, px: 1, py: 0.5, gap: 1.5 }}>
        <Box
          component="span"
          sx={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clipPath: 'inset(50%)' }}
        >
          Account
        </Box>
        <Avatar src={user?.avatar || undefined} alt={name} aria-hidden sx={{ width: 36, height: 36 }}>
          {name.charAt(0).toUpperCase()}
        </Avatar>
        <Box sx={{ textAlign: 'left', display: { xs: 'none', md: 'block' } }}>
          <Typography variant="body2" fontWeight={600} noWrap>
            {name}
          </Typography>
          <Typography variant="caption" color="text.secondary" sx={{ textTransform: 'capitalize' }}>
            {user?.role}
          </Typography>
        </Box>
      </ButtonBase>
      <AccountMenu menu={menu} user={user} name={name} />
    </>
  );
}
