import Logout from '@mui/icons-material/Logout';
import PersonOutline from '@mui/icons-material/PersonOutline';
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Divider from '@mui/material/Divider';
import Menu from '@mui/material/Menu';
import Typography from '@mui/material/Typography';
import { useGetIdentity, useLogout } from '@refinedev/core';
import { Link } from 'react-router';
import type { SessionUser } from '../../domain';
import { IconMenuItem } from '../IconMenuItem';
import { useMenu } from '../useMenu';

export function UserMenu() {
  const { data: user } = useGetIdentity<SessionUser>();
  const { mutate: logout } = useLogout<{ byChoice: boolean }>();
  const menu = useMenu();
  const name = user?.fullname || user?.name || '';

  return (
    <>
      {/* Named by what it shows (the admin's name and role) after 'Account', so speech users can say either. */}
      <ButtonBase aria-haspopup="menu" onClick={menu.open} sx={{ borderRadius: 2, px: 1, py: 0.5, gap: 1.5 }}>
        <Box component="span" sx={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clipPath: 'inset(50%)' }}>
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
      <Menu {...menu.props}>
        <Box sx={{ px: 2, py: 1 }}>
          <Typography variant="subtitle2">{name}</Typography>
          <Typography variant="body2" color="text.secondary">
            {user?.email}
          </Typography>
        </Box>
        <Divider />
        <IconMenuItem component={Link} to="/profile" onClick={menu.close} icon={PersonOutline} label="Profile" />
        <IconMenuItem onClick={menu.close} icon={SettingsOutlined} label="Settings" />
        <Divider />
        <IconMenuItem onClick={menu.choose(() => logout({ byChoice: true }))} icon={Logout} label="Sign Out" />
      </Menu>
    </>
  );
}
