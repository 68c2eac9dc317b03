import * as schema from '../db/schema';
import { serveResource, type ServerResource, type StoreTable } from '../resource-routes';
import { servedBanners } from './banners';
import { servedBlogs } from './blogs';
import { servedCoupons } from './coupons';
import { servedCustomers } from './customers';
import { servedStaff } from './staff';

const declared = [servedCoupons, servedBlogs, servedBanners, servedStaff, servedCustomers];

/** The tables db/schema.ts declares `served`: each served by the factory's conventions alone. */
const byConvention = Object.values(schema).flatMap((table) => {
  const contract = schema.servedContract(table);
  return contract && !declared.some((resource) => resource.name === contract.name)
    ? [serveResource(contract, { table: table as StoreTable })]
    : [];
});

/**
 * The resources whose routes the factory builds from their contracts: those with options of their own
 * (a file here) and the tables declared `served`. app.ts registers them all, and the API tests
 * (authorisation matrix, hostile input, lost updates, read cache) read this list, so a resource added
 * either way is served and covered with no other file touched.
 */
export const serverResources: readonly ServerResource[] = [...declared, ...byConvention];
