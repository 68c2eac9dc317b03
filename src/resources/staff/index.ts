import BadgeOutlined from '@mui/icons-material/BadgeOutlined';
import { declareResource } from '../../components/resource/declare';

/** The staff accounts (regular REST at /api/staff); the access control keeps the whole resource to admins. */
export const staffResource = declareResource({
  name: 'staff',
  menu: { label: 'Team', icon: BadgeOutlined },
  routes: { list: '/team' },
  presentation: () => import('./resource'),
});
