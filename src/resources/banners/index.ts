import ViewCarouselOutlined from '@mui/icons-material/ViewCarouselOutlined';
import { declareResource } from '../../components/resource/declare';

export const bannersResource = declareResource({
  name: 'banners',
  // Loaded with the resource's first call: the contract's schemas stay out of the first load.
  contract: () => import('../../domain/banner').then((module) => module.bannersContract),
  menu: { label: 'Banners', icon: ViewCarouselOutlined },
  routes: { list: '/banners', edit: '/admin/edit-banner/:id', show: '/admin/view-banner/:id' },
  definition: () => import('./resource'),
});
