import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import MenuItem, { type MenuItemProps } from '@mui/material/MenuItem';
import type SvgIcon from '@mui/material/SvgIcon';
import type { ElementType } from 'react';

/** A menu item led by its icon (or by the icon's empty place, so labels line up). */
export function IconMenuItem({
  icon: Icon,
  label,
  ...props
}: MenuItemProps & { icon?: typeof SvgIcon; label: string; component?: ElementType; to?: string }) {
  return (
    <MenuItem {...props}>
      <ListItemIcon>{Icon && <Icon fontSize="small" />}</ListItemIcon>
      <ListItemText>{label}</ListItemText>
    </MenuItem>
  );
}
