import LocalOfferOutlined from '@mui/icons-material/LocalOfferOutlined';
import { declareResource } from '../../components/resource/declare';

export const couponsResource = declareResource({
  name: 'coupons',
  menu: { label: 'Coupons', icon: LocalOfferOutlined, parent: 'catalog' },
  quickAdd: 'Create Coupon',
  routes: { list: '/catalog/coupons' },
  presentation: () => import('./resource'),
});
