import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import ListSubheader from '@mui/material/ListSubheader';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useNavigate } from 'react-router';
import { useMenu } from '../useMenu';
import { useAllowed, type AccessCheck } from './use-allowed';

export interface QuickAction {
  label: string;
  /** Where the action opens its dialog (see createActionHref). */
  to: string;
  /** The add it stands for: offered only to a role that may do it. */
  access: AccessCheck;
}

/** The header's Quick Add: the adds the signed-in role may do; no button for a role that may do none. */
export function QuickAddMenu({ actions }: { actions: QuickAction[] }) {
  const menu = useMenu();
  const navigate = useNavigate();
  const allowed = useAllowed(actions);
  const offered = actions.filter(allowed);
  if (offered.length === 0) return null;
  return (
    <>
      <Button
        variant="contained"
        size="small"
        startIcon={<AddIcon />}
        aria-haspopup="menu"
        aria-expanded={menu.isOpen}
        onClick={menu.open}
      >
        Quick Add
      </Button>
      <Menu {...menu.props}>
        <ListSubheader>Quick Actions</ListSubheader>
        {offered.map((action) => (
          <MenuItem key={action.label} onClick={menu.choose(() => navigate(action.to))}>
            {action.label}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
