import { z } from 'zod';
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
