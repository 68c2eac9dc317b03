import PeopleOutline from '@mui/icons-material/PeopleOutline';
import { lazy } from 'react';
import type { ResourceDeclaration } from '../declaration';

/** The store's customers are the API's users. */
export const customersResource: ResourceDeclaration = {
  kind: 'resource',
  name: 'users',
  menu: { label: 'Customers', icon: PeopleOutline },
  list: { path: '/customers', page: lazy(() => import('./list')) },
};
