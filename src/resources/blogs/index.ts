import ArticleOutlined from '@mui/icons-material/ArticleOutlined';
import { declareResource } from '../../components/resource/declare';

export const blogsResource = declareResource({
  name: 'blogs',
  menu: { label: 'Blogs', icon: ArticleOutlined },
  routes: { list: '/blog', create: '/admin/add-blog', edit: '/admin/edit-blog/:id', show: '/admin/view-blog/:id' },
  presentation: () => import('./resource'),
});
