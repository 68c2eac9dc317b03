import { z } from 'zod';
import { defineContract } from './contract';
import { imageUrlSchema, linkSchema, requiredText } from './validation';

export interface Banner {
  _id: string;
  name: string;
  title: string;
  image: string;
  link?: string;
  createdAt: string;
  updatedAt: string;
}

export const bannerInputSchema = z.object({
  name: requiredText('Banner name', 120),
  title: requiredText('Banner title', 200),
  image: imageUrlSchema.refine((v) => v !== '', 'Please select an image'),
  link: linkSchema.optional().default(''),
});

/** The banner calls answer bare records, the regular shape, but read one at /by-id/:id. */
export const bannersContract = defineContract<Banner>()({
  name: 'banners',
  noun: 'Banner',
  api: { list: '', get: '/by-id/:id', create: '', update: '/:id', remove: '/:id' },
  schema: bannerInputSchema,
  // Oldest first: the console appends a new banner at the end of the table.
  list: {
    sort: ['createdAt', 'name'],
    filter: [],
    search: ['name', 'title'],
    defaultSort: { field: 'createdAt', order: 'asc' },
  },
});
