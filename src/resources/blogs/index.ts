import ArticleOutlined from '@mui/icons-material/ArticleOutlined';
import { lazy } from 'react';
import type { ResourceDeclaration } from '../declaration';

export const blogsResource: ResourceDeclaration = {
  kind: 'resource',
  name: 'blogs',
  menu: { label: 'Blogs', icon: ArticleOutlined },
  list: { path: '/blog', page: lazy(() => import('./list')) },
  create: { path: '/admin/add-blog', page: lazy(() => import('./create')) },
  edit: { path: '/admin/edit-blog/:id', page: lazy(() => import('./edit')) },
  show: { path: '/admin/view-blog/:id', page: lazy(() => import('./show')) },
};
