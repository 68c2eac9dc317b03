import ShoppingCartOutlined from '@mui/icons-material/ShoppingCartOutlined';
import { declareResource } from '../../components/resource/declare';

/** Orders: fields declared in resource.tsx; the list is the resource's own (status menu, details dialog). */
export const ordersResource = declareResource({
  name: 'orders',
  menu: { label: 'Orders', icon: ShoppingCartOutlined },
  // The record's page is its packing slip.
  quickAdd: 'New Order',
  routes: { list: '/orders', create: '/orders/create', show: '/orders/:id/print' },
  presentation: () => import('./resource'),
  custom: { list: () => import('./list'), show: () => import('./PackingSlip') },
});
