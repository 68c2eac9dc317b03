import StorefrontOutlined from '@mui/icons-material/StorefrontOutlined';
import Box from '@mui/material/Box';
import List from '@mui/material/List';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { useLocation } from 'react-router';
import { SIDEBAR_WIDTH_COLLAPSED, SIDEBAR_WIDTH_EXPANDED } from '../../domain';
import type { NavItem } from './nav-item';
import { SidebarEntry } from './SidebarEntry';
import { useAllowed } from './use-allowed';

export function Sidebar({ items, collapsed }: { items: NavItem[]; collapsed: boolean }) {
  // Entries the role may not open are left out (a group keeps its other children).
  const allowed = useAllowed(useMemo(() => items.flatMap((item) => [item, ...(item.children ?? [])]), [items]));
  const { pathname } = useLocation();
  const shown = useMemo(
    () =>
      items
        .filter(allowed)
        .map((item) => (item.children ? { ...item, children: item.children.filter(allowed) } : item)),
    [items, allowed],
  );

  return (
    <Box
      component="nav"
      aria-label="Main navigation"
      sx={{
        width: collapsed ? SIDEBAR_WIDTH_COLLAPSED : SIDEBAR_WIDTH_EXPANDED,
        flexShrink: 0,
        transition: (theme) => theme.transitions.create('width', { duration: theme.transitions.duration.shorter }),
        borderRight: 1,
        borderColor: 'divider',
        bgcolor: 'background.paper',
        height: '100vh',
        position: 'sticky',
        top: 0,
        overflowX: 'hidden',
        overflowY: 'auto',
      }}
    >
      <Box sx={{ height: 64, display: 'flex', alignItems: 'center', gap: 1.5, px: 2.5 }}>
        <StorefrontOutlined color="primary" />
        {collapsed ? null : (
          <Typography variant="h6" component="span" noWrap fontWeight={700}>
            Apparel Admin
          </Typography>
        )}
      </Box>
      <List>
        {shown.map((item) => (
          <SidebarEntry key={item.name} item={item} collapsed={collapsed} pathname={pathname} />
        ))}
      </List>
    </Box>
  );
}
