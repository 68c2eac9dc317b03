import ShoppingCartOutlined from '@mui/icons-material/ShoppingCartOutlined';
import { lazy } from 'react';
import type { ResourceDeclaration } from '../declaration';

export const ordersResource: ResourceDeclaration = {
  kind: 'resource',
  name: 'orders',
  menu: { label: 'Orders', icon: ShoppingCartOutlined },
  list: { path: '/orders', page: lazy(() => import('./list')) },
};
