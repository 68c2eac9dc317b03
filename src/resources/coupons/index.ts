import LocalOfferOutlined from '@mui/icons-material/LocalOfferOutlined';
import { lazy } from 'react';
import type { ResourceDeclaration } from '../declaration';

export const couponsResource: ResourceDeclaration = {
  kind: 'resource',
  name: 'coupons',
  menu: { label: 'Coupons', icon: LocalOfferOutlined, parent: 'catalog' },
  list: { path: '/catalog/coupons', page: lazy(() => import('./list')) },
};
