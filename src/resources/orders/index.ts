import ShoppingCartOutlined from '@mui/icons-material/ShoppingCartOutlined';
import { declareResource } from '../../components/resource/declare';

/** Orders: fields declared in resource.tsx; the list is the resource's own (status menu, details dialog). */
export const ordersResource = declareResource({
  name: 'orders',
  menu: { label: 'Orders', icon: ShoppingCartOutlined },
  routes: { list: '/orders' },
  definition: () => import('./resource'),
  custom: { list: () => import('./list') },
});
