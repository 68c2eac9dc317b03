import PeopleOutline from '@mui/icons-material/PeopleOutline';
import { declareResource } from '../../components/resource/declare';

/** The store's customers are the API's users. */
export const customersResource = declareResource({
  name: 'users',
  // Loaded with the resource's first call: the contract's schemas stay out of the first load.
  contract: () => import('../../domain/user').then((module) => module.customersContract),
  menu: { label: 'Customers', icon: PeopleOutline },
  routes: { list: '/customers', show: '/customers/:id' },
  definition: () => import('./resource'),
  custom: { show: () => import('./CustomerPage') },
});
