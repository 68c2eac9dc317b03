import MenuIcon from '@mui/icons-material/Menu';
import MenuOpenIcon from '@mui/icons-material/MenuOpen';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import { NotificationBell } from './NotificationBell';
import { QuickAddMenu, type QuickAction } from './QuickAddMenu';
import { SearchBox } from './SearchBox';
import { ThemeToggle } from './ThemeToggle';
import { UserMenu } from './UserMenu';

interface HeaderProps {
  sidebarCollapsed: boolean;
  onToggleSidebar: () => void;
  quickActions: QuickAction[];
}

export function Header({ sidebarCollapsed, onToggleSidebar, quickActions }: HeaderProps) {
  return (
    <AppBar position="sticky" color="inherit" elevation={0} sx={{ borderBottom: 1, borderColor: 'divider' }}>
      <Toolbar sx={{ gap: 2, minHeight: 64 }}>
        <IconButton
          edge="start"
          aria-label={sidebarCollapsed ? 'Expand sidebar' : 'Collapse sidebar'}
          onClick={onToggleSidebar}
        >
          {sidebarCollapsed ? <MenuIcon /> : <MenuOpenIcon />}
        </IconButton>
        <SearchBox />
        <Box sx={{ flexGrow: 1 }} />
        <QuickAddMenu actions={quickActions} />
        <NotificationBell />
        <ThemeToggle />
        <UserMenu />
      </Toolbar>
    </AppBar>
  );
}
