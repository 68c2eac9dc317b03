import MenuIcon from '@mui/icons-material/Menu';
import MenuOpenIcon from '@mui/icons-material/MenuOpen';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import type { Theme } from '@mui/material/styles';
import Toolbar from '@mui/material/Toolbar';
import useMediaQuery from '@mui/material/useMediaQuery';
import { Suspense, useState } from 'react';
import { Outlet } from 'react-router';
import { LazyDrawer } from '../on-demand';
import { PageSpinner } from '../PageSpinner';
import { DemoPasswordBanner } from './DemoPasswordBanner';
import { HeaderSearch } from './HeaderSearch';
import { NotificationBell } from './NotificationBell';
import type { NavItem } from './nav-item';
import { QuickAddMenu, type QuickAction } from './QuickAddMenu';
import { Sidebar } from './Sidebar';
import { ThemeToggle } from './ThemeToggle';
import { UserMenu } from './UserMenu';

/**
 * Sidebar, header and the signed-in screens, each loaded as its own chunk, under the demo-password warning while it holds.
 * Below the md breakpoint the sidebar is a drawer the header's menu button opens; following a link in it closes it.
 */
export function ConsoleLayout({ navigation, quickActions }: { navigation: NavItem[]; quickActions: QuickAction[] }) {
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'), { noSsr: true });
  const [collapsed, setCollapsed] = useState(false);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const sidebar = <Sidebar items={navigation} collapsed={collapsed && !narrow} />;
  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      {narrow ? (
        <LazyDrawer
          open={drawerOpen}
          onClose={() => setDrawerOpen(false)}
          onClick={(event) => (event.target as Element).closest('a') && setDrawerOpen(false)}
        >
          {sidebar}
        </LazyDrawer>
      ) : (
        sidebar
      )}
      <Box sx={{ flexGrow: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <AppBar position="sticky" color="inherit" elevation={0} sx={{ borderBottom: 1, borderColor: 'divider' }}>
          {/* On a phone the search takes a second row of its own. */}
          <Toolbar
            sx={{ gap: { xs: 1, sm: 2 }, minHeight: 64, flexWrap: { xs: 'wrap', sm: 'nowrap' }, pb: { xs: 1, sm: 0 } }}
          >
            <IconButton
              edge="start"
              aria-label={narrow ? 'Open navigation' : collapsed ? 'Expand sidebar' : 'Collapse sidebar'}
              onClick={() => (narrow ? setDrawerOpen(true) : setCollapsed((c) => !c))}
            >
              {collapsed || narrow ? <MenuIcon /> : <MenuOpenIcon />}
            </IconButton>
            <HeaderSearch sx={{ order: { xs: 1, sm: 0 }, width: { xs: '100%', sm: 320 } }} />
            <Box sx={{ flexGrow: 1 }} />
            <QuickAddMenu actions={quickActions} />
            <NotificationBell />
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
