import WarehouseOutlined from '@mui/icons-material/WarehouseOutlined';
import { declareResource } from '../../components/resource/declare';

/** Catalog → Stock: every SKU's units on hand, reserved and available, with Adjust and its movements. */
export const stockResource = declareResource({
  name: 'stock',
  menu: { label: 'Stock', icon: WarehouseOutlined, parent: 'catalog' },
  routes: { list: '/catalog/stock' },
  presentation: () => import('./resource'),
});
