import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import ListSubheader from '@mui/material/ListSubheader';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useState } from 'react';
import { useNavigate } from 'react-router';

export interface QuickAction {
  label: string;
  /** Where the action opens its dialog (see createActionHref). */
  to: string;
}

interface QuickAddMenuProps {
  actions: QuickAction[];
}

export function QuickAddMenu({ actions }: QuickAddMenuProps) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const navigate = useNavigate();
  return (
    <>
      <Button
        variant="contained"
        size="small"
        startIcon={<AddIcon />}
        aria-haspopup="menu"
        aria-expanded={anchor !== null}
        onClick={(e) => setAnchor(e.currentTarget)}
      >
        Quick Add
      </Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        <ListSubheader>Quick Actions</ListSubheader>
        {actions.map((action) => (
          <MenuItem
            key={action.label}
            onClick={() => {
              setAnchor(null);
              navigate(action.to);
            }}
          >
            {action.label}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
