import type { ServerResource } from '../resource-routes';
import { servedBanners } from './banners';
import { servedBlogs } from './blogs';
import { servedCoupons } from './coupons';
import { servedStaff } from './staff';

/**
 * The resources whose routes the factory builds from their contracts. app.ts registers them all, and
 * the API tests (authorisation matrix, hostile input, lost updates) read this list, so a resource added
 * here is served and covered with no other file touched.
 */
export const serverResources: readonly ServerResource[] = [servedCoupons, servedBlogs, servedBanners, servedStaff];
