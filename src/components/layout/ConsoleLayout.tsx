import Box from '@mui/material/Box';
import { Suspense, useState } from 'react';
import { Outlet } from 'react-router';
import { PageSpinner } from '../PageSpinner';
import { DemoPasswordBanner } from './DemoPasswordBanner';
import { Header } from './Header';
import type { NavItem } from './nav-item';
import type { QuickAction } from './QuickAddMenu';
import { Sidebar } from './Sidebar';

interface ConsoleLayoutProps {
  navigation: NavItem[];
  quickActions: QuickAction[];
}

/** Sidebar, header and the signed-in screens, each loaded as its own chunk, under the demo-password warning while it holds. */
export function ConsoleLayout({ navigation, quickActions }: ConsoleLayoutProps) {
  const [collapsed, setCollapsed] = useState(false);
  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <Sidebar items={navigation} collapsed={collapsed} />
      <Box sx={{ flexGrow: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <Header
          sidebarCollapsed={collapsed}
          onToggleSidebar={() => setCollapsed((c) => !c)}
          quickActions={quickActions}
        />
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
