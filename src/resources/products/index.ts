import Inventory2Outlined from '@mui/icons-material/Inventory2Outlined';
import { lazy } from 'react';
import type { ResourceDeclaration } from '../declaration';

export const productsResource: ResourceDeclaration = {
  kind: 'resource',
  name: 'products',
  menu: { label: 'Products', icon: Inventory2Outlined, parent: 'catalog' },
  list: { path: '/catalog/products', aliases: ['/catalog'], page: lazy(() => import('./list')) },
};
