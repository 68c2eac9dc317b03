import DashboardIcon from '@mui/icons-material/SpaceDashboardOutlined';
import { lazy } from 'react';
import type { PageDeclaration } from '../../app/declaration';

export const dashboardPage: PageDeclaration = {
  kind: 'page',
  name: 'dashboard',
  path: '/',
  menu: { label: 'Dashboard', icon: DashboardIcon },
  page: lazy(() => import('./DashboardPage')),
  contracts: {
    dashboardKpis: () => import('../../domain/dashboard').then((module) => module.dashboardKpisContract),
    monthlySales: () => import('../../domain/dashboard').then((module) => module.monthlySalesContract),
    salesByCategory: () => import('../../domain/dashboard').then((module) => module.salesByCategoryContract),
  },
};
