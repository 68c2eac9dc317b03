import MenuIcon from '@mui/icons-material/Menu';
import MenuOpenIcon from '@mui/icons-material/MenuOpen';
import NotificationsOutlined from '@mui/icons-material/NotificationsOutlined';
import AppBar from '@mui/material/AppBar';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import { Suspense, useState } from 'react';
import { Outlet } from 'react-router';
import { NOTIFICATION_BADGE_COUNT } from '../../domain';
import { PageSpinner } from '../PageSpinner';
import { SearchField } from '../SearchField';
import { DemoPasswordBanner } from './DemoPasswordBanner';
import type { NavItem } from './nav-item';
import { QuickAddMenu, type QuickAction } from './QuickAddMenu';
import { Sidebar } from './Sidebar';
import { ThemeToggle } from './ThemeToggle';
import { UserMenu } from './UserMenu';

/** Sidebar, header and the signed-in screens, each loaded as its own chunk, under the demo-password warning while it holds. */
export function ConsoleLayout({ navigation, quickActions }: { navigation: NavItem[]; quickActions: QuickAction[] }) {
  const [collapsed, setCollapsed] = useState(false);
  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <Sidebar items={navigation} collapsed={collapsed} />
      <Box sx={{ flexGrow: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <AppBar position="sticky" color="inherit" elevation={0} sx={{ borderBottom: 1, borderColor: 'divider' }}>
          <Toolbar sx={{ gap: 2, minHeight: 64 }}>
            <IconButton edge="start" aria-label={collapsed ? 'Expand sidebar' : 'Collapse sidebar'} onClick={() => setCollapsed((c) => !c)}>
              {collapsed ? <MenuIcon /> : <MenuOpenIcon />}
            </IconButton>
            {/* Local text only: it makes no call (SPEC.md section 2). */}
            <SearchField
              type="search"
              placeholder="Search products, orders, customers..."
              sx={{ width: { xs: 180, sm: 320 } }}
              slotProps={{ htmlInput: { 'aria-label': 'Search' } }}
            />
            <Box sx={{ flexGrow: 1 }} />
            <QuickAddMenu actions={quickActions} />
            {/* A fixed badge: the store has no notification feed yet (SPEC.md section 9). */}
            <IconButton aria-label={`Notifications (${NOTIFICATION_BADGE_COUNT})`}>
              <Badge badgeContent={NOTIFICATION_BADGE_COUNT} color="error">
                <NotificationsOutlined />
              </Badge>
            </IconButton>
            <ThemeToggle />
            <UserMenu />
          </Toolbar>
        </AppBar>
        <Box component="main" sx={{ flexGrow: 1, p: { xs: 2, md: 3 } }}>
          <DemoPasswordBanner />
          <Suspense fallback={<PageSpinner />}>
            <Outlet />
          </Suspense>
        </Box>
      </Box>
    </Box>
  );
}
