import { ilike, or } from 'drizzle-orm';
import { bannerInputSchema, type Banner } from '../../domain';
import { banners } from '../db/schema';
import { defineResource, type OwnFields } from '../resource-routes';

/** The contract answers banners bare (a plain array, a plain banner), the regular shape, but reads one at /by-id/:id. */
export const bannerResource = defineResource({
  name: 'banners',
  table: banners,
  input: bannerInputSchema,
  list: {
    sortColumns: { createdAt: banners.createdAt, name: banners.name },
    filters: {},
    search: (pattern) => or(ilike(banners.name, pattern), ilike(banners.title, pattern)),
    // Oldest first: the console appends a new banner at the end of the table.
    defaultSort: { field: 'createdAt', order: 'asc' },
  },
  toRecord: (row): OwnFields<Banner> => ({ name: row.name, title: row.title, image: row.image, link: row.link }),
  texts: { noun: 'Banner' },
  contract: { get: { path: '/by-id/:id' } },
  example: { name: 'example', title: 'Example banner', image: '/uploads/banner.png', link: '/sale' },
});
