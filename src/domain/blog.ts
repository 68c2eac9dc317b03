import { z } from 'zod';
import { MAX_BLOG_SUB_IMAGES } from './constants';
import { imageUrlSchema, requiredText, shortText, tagListSchema } from './validation';

export interface Blog {
  _id: string;
  title: string;
  author: string;
  featuredImage: string;
  subImages: string[];
  shortDescription: string;
  content: string;
  tags: string[];
  category: string;
  seo: { metaTitle: string; metaDescription: string };
  publishedAt: string;
  updatedAt: string;
}

export const blogInputSchema = z.object({
  title: requiredText('Title', 300),
  author: requiredText('Author', 120),
  featuredImage: imageUrlSchema.refine((v) => v !== '', 'Featured image is required'),
  subImages: z.array(imageUrlSchema).max(MAX_BLOG_SUB_IMAGES, `at most ${MAX_BLOG_SUB_IMAGES} sub images`).default([]),
  shortDescription: requiredText('Short description', 1000),
  content: requiredText('Content', 200_000),
  tags: tagListSchema.default([]),
  category: shortText(100).default(''),
  seo: z
    .object({ metaTitle: shortText(200).default(''), metaDescription: shortText(500).default('') })
    .default({ metaTitle: '', metaDescription: '' }),
});
export type BlogInput = z.infer<typeof blogInputSchema>;
