import ShoppingCartOutlined from '@mui/icons-material/ShoppingCartOutlined';
import { declareResource } from '../../components/resource/declare';

/** Orders: fields, row menu and details dialog declared in resource.tsx. */
export const ordersResource = declareResource({
  name: 'orders',
  menu: { label: 'Orders', icon: ShoppingCartOutlined },
  // The record's page is its packing slip.
  quickAdd: 'New Order',
  routes: { list: '/orders', create: '/orders/create', show: '/orders/:id/print' },
  presentation: () => import('./resource'),
  custom: { show: () => import('./PackingSlip') },
});
