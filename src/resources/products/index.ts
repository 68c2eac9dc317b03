import Inventory2Outlined from '@mui/icons-material/Inventory2Outlined';
import { declareResource } from '../../components/resource/declare';

export const productsResource = declareResource({
  name: 'products',
  // Loaded with the resource's first call: the contract's schemas stay out of the first load.
  contract: () => import('../../domain/product').then((module) => module.productsContract),
  menu: { label: 'Products', icon: Inventory2Outlined, parent: 'catalog' },
  quickAdd: 'Add Product',
  routes: { list: '/catalog/products', aliases: ['/catalog'] },
  definition: () => import('./resource'),
  custom: { list: () => import('./list') },
});
