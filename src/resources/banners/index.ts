import ViewCarouselOutlined from '@mui/icons-material/ViewCarouselOutlined';
import { declareResource } from '../../components/resource/declare';

export const bannersResource = declareResource({
  name: 'banners',
  menu: { label: 'Banners', icon: ViewCarouselOutlined },
  routes: { list: '/banners', edit: '/admin/edit-banner/:id', show: '/admin/view-banner/:id' },
  presentation: () => import('./resource'),
});
