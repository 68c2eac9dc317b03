import { lazy } from 'react';
import type { PageDeclaration } from '../../app/declaration';

/** The signed-in user's own account, opened from the user menu: no sidebar entry. */
export const profilePage: PageDeclaration = {
  kind: 'page',
  name: 'profile',
  path: '/profile',
  page: lazy(() => import('./ProfilePage')),
};
