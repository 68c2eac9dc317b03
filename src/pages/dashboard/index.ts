import DashboardIcon from '@mui/icons-material/SpaceDashboardOutlined';
import { lazy } from 'react';
import type { PageDeclaration } from '../../resources/declaration';

export const dashboardPage: PageDeclaration = {
  kind: 'page',
  name: 'dashboard',
  path: '/',
  menu: { label: 'Dashboard', icon: DashboardIcon },
  page: lazy(() => import('./DashboardPage')),
};
