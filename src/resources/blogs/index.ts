import ArticleOutlined from '@mui/icons-material/ArticleOutlined';
import { declareResource } from '../../components/resource/declare';

export const blogsResource = declareResource({
  name: 'blogs',
  // Loaded with the resource's first call: the contract's schemas stay out of the first load.
  contract: () => import('../../domain/blog').then((module) => module.blogsContract),
  menu: { label: 'Blogs', icon: ArticleOutlined },
  routes: { list: '/blog', create: '/admin/add-blog', edit: '/admin/edit-blog/:id', show: '/admin/view-blog/:id' },
  definition: () => import('./resource'),
  custom: { show: () => import('./show') },
});
