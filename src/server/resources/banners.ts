import { bannersContract } from '../../domain';
import { banners } from '../db/schema';
import { serveResource } from '../resource-routes';

export const servedBanners = serveResource(bannersContract, {
  table: banners,
  example: { name: 'example', title: 'Example banner', image: '/uploads/banner.png', link: '/sale' },
});
