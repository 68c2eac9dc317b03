import type { ServerResource } from '../resource-routes';
import { bannerResource } from './banners';
import { blogResource } from './blogs';
import { couponResource } from './coupons';

/**
 * The resources whose standard routes (list, get, create, update, delete) the factory builds, each
 * from its declaration in this folder. app.ts registers them all behind the admin guard, and the API
 * tests (authorisation matrix, hostile input, lost updates) read this list, so a resource added here
 * is served and covered with no other file touched.
 */
export const serverResources: readonly ServerResource[] = [couponResource, blogResource, bannerResource];
