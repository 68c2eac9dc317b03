import ViewCarouselOutlined from '@mui/icons-material/ViewCarouselOutlined';
import { lazy } from 'react';
import type { ResourceDeclaration } from '../declaration';

export const bannersResource: ResourceDeclaration = {
  kind: 'resource',
  name: 'banners',
  menu: { label: 'Banners', icon: ViewCarouselOutlined },
  list: { path: '/banners', page: lazy(() => import('./list')) },
  edit: { path: '/admin/edit-banner/:id', page: lazy(() => import('./edit')) },
  show: { path: '/admin/view-banner/:id', page: lazy(() => import('./show')) },
};
