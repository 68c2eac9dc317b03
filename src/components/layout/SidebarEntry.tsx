import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import { memo, useState } from 'react';
import { Link } from 'react-router';
import { LazyCollapse, LazyTooltip } from '../on-demand';
import { isNavItemActive, type NavItem } from './nav-item';

interface SidebarEntryProps {
  item: NavItem;
  collapsed: boolean;
  /** The path shown, from the sidebar: a row draws again when the path changes, not for each search or page of a list. */
  pathname: string;
  depth?: number;
}

/** One sidebar row: a link, or a group that toggles its children (a link to its path when collapsed). */
export const SidebarEntry = memo(function SidebarEntry({ item, collapsed, pathname, depth = 0 }: SidebarEntryProps) {
  const active = isNavItemActive(item, pathname);
  // A group starts open when the page shown is inside it; afterwards the admin toggles it.
  const [open, setOpen] = useState(active);
  const Icon = item.icon;
  const isGroup = item.children !== undefined;
  const asToggle = isGroup && !collapsed;

  const row = (
    <ListItemButton
      {...(asToggle
        ? { onClick: () => setOpen(!open), 'aria-expanded': open }
        : { component: Link, to: item.path, 'aria-current': active ? ('page' as const) : undefined })}
      selected={active}
      sx={{
        minHeight: 44,
        borderRadius: 1,
        mx: 1,
        pl: collapsed ? 1.5 : 1.5 + depth * 2,
        justifyContent: collapsed ? 'center' : 'flex-start',
      }}
    >
      <ListItemIcon sx={{ minWidth: collapsed ? 0 : 40, color: active ? 'primary.main' : undefined }}>
        <Icon fontSize="small" />
      </ListItemIcon>
      {collapsed ? null : <ListItemText primary={item.label} />}
      {asToggle ? open ? <ExpandLess fontSize="small" /> : <ExpandMore fontSize="small" /> : null}
    </ListItemButton>
  );

  return (
    // A plain item: MUI's ListItem (a flex row with room for a secondary action) would be reset to a block.
    <li>
      {/* Named only while the label is hidden. */}
      <LazyTooltip title={collapsed ? item.label : null} placement="right">
        {row}
      </LazyTooltip>
      {isGroup && !collapsed ? (
        <LazyCollapse in={open} unmountOnExit>
          <List disablePadding>
            {item.children?.map((child) => (
              <SidebarEntry key={child.name} item={child} collapsed={false} pathname={pathname} depth={depth + 1} />
            ))}
          </List>
        </LazyCollapse>
      ) : null}
    </li>
  );
});
