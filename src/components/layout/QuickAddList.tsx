import ListSubheader from '@mui/material/ListSubheader';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useNavigate } from 'react-router';
import type { MenuState } from '../useMenu';
import type { QuickAction } from './QuickAddMenu';

/** The adds QuickAddMenu offers (loaded when first opened), each opening its dialog. */
export default function QuickAddList({ menu, offered }: { menu: MenuState; offered: QuickAction[] }) {
  const navigate = useNavigate();
  return (
    <Menu {...menu.props}>
      <ListSubheader>Quick Actions</ListSubheader>
      {offered.map((action) => (
        <MenuItem key={action.label} onClick={menu.choose(() => navigate(action.to))}>
          {action.label}
        </MenuItem>
      ))}
    </Menu>
  );
}
