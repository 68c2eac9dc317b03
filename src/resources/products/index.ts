import Inventory2Outlined from '@mui/icons-material/Inventory2Outlined';
import { declareResource } from '../../components/resource/declare';

export const productsResource = declareResource({
  name: 'products',
  menu: { label: 'Products', icon: Inventory2Outlined, parent: 'catalog' },
  quickAdd: 'Add Product',
  routes: { list: '/catalog/products', aliases: ['/catalog'] },
  presentation: () => import('./resource'),
});
