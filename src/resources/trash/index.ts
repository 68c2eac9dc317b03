import DeleteOutline from '@mui/icons-material/DeleteOutline';
import { declareResource } from '../../components/resource/declare';

/** The trash: deleted products, coupons, banners and blogs until they are restored or purged; for those who may delete. */
export const trashResource = declareResource({
  name: 'trash',
  menu: { label: 'Trash', icon: DeleteOutline },
  routes: { list: '/trash' },
  presentation: () => import('./resource'),
});
