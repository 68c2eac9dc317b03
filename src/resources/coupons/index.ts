import LocalOfferOutlined from '@mui/icons-material/LocalOfferOutlined';
import { declareResource } from '../../components/resource/declare';

export const couponsResource = declareResource({
  name: 'coupons',
  // Loaded with the resource's first call: the contract's schemas stay out of the first load.
  contract: () => import('../../domain/coupon').then((module) => module.couponsContract),
  menu: { label: 'Coupons', icon: LocalOfferOutlined, parent: 'catalog' },
  quickAdd: 'Create Coupon',
  routes: { list: '/catalog/coupons' },
  definition: () => import('./resource'),
});
