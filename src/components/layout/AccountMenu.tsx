import Logout from '@mui/icons-material/Logout';
import PersonOutline from '@mui/icons-material/PersonOutline';
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Menu from '@mui/material/Menu';
import Typography from '@mui/material/Typography';
import { useLogout } from '@refinedev/core';
import { Link } from 'react-router';
import type { SessionUser } from '../../domain';
import { IconMenuItem } from '../IconMenuItem';
import type { MenuState } from '../useMenu';

/** The account menu UserMenu opens (loaded when first opened): who is signed in, the profile, and signing out. */
export default function AccountMenu({
  menu,
  user,
  name,
}: {
  menu: MenuState;
  user: SessionUser | undefined;
  name: string;
}) {
  const { mutate: logout } = useLogout<{ byChoice: boolean }>();
  return (
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
  );
}
