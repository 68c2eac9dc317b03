import BadgeOutlined from '@mui/icons-material/BadgeOutlined';
import { declareResource } from '../../components/resource/declare';

/** The staff accounts (regular REST at /api/staff); the access control keeps the whole resource to admins. */
export const staffResource = declareResource({
  name: 'staff',
  // Loaded with the resource's first call: the contract's schemas stay out of the first load.
  contract: () => import('../../domain/access').then((module) => module.staffContract),
  menu: { label: 'Team', icon: BadgeOutlined },
  routes: { list: '/team' },
  definition: () => import('./resource'),
  custom: { list: () => import('./list') },
});
