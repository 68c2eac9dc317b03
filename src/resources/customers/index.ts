import PeopleOutline from '@mui/icons-material/PeopleOutline';
import { declareResource } from '../../components/resource/declare';

/** The store's customers are the API's users. */
export const customersResource = declareResource({
  name: 'users',
  menu: { label: 'Customers', icon: PeopleOutline },
  routes: { list: '/customers', show: '/customers/:id' },
  presentation: () => import('./resource'),
  custom: { show: () => import('./CustomerPage') },
});
