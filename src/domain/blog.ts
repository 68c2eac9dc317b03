import { z } from 'zod';
import { MAX_BLOG_SUB_IMAGES } from './constants';
import { defineContract } from './contract';
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

/**
 * An editor's empty document is markup without words ('<p></p>'): it counts as no content. A picture
 * alone is content. This only decides blankness (making HTML safe is the sanitiser's job), in one
 * linear pass so that no input, however long or malformed, can make it slow.
 */
export function isBlankHtml(html: string): boolean {
  let inTag = false;
  for (let i = 0; i < html.length; i += 1) {
    const char = html[i]!;
    if (inTag) {
      if (char === '>') inTag = false;
    } else if (char === '<') {
      if (/^img[\s/>]/i.test(html.slice(i + 1, i + 5))) return false;
      inTag = true;
    } else if (char === '&') {
      const space = ['&nbsp;', '&#160;'].find((entity) => html.slice(i, i + entity.length).toLowerCase() === entity);
      if (!space) return false;
      i += space.length - 1;
    } else if (!/\s/.test(char)) {
      return false;
    }
  }
  return true;
}

export const blogInputSchema = z.object({
  title: requiredText('Title', 300),
  author: requiredText('Author', 120),
  featuredImage: imageUrlSchema.refine((v) => v !== '', 'Featured image is required'),
  subImages: z.array(imageUrlSchema).max(MAX_BLOG_SUB_IMAGES, `at most ${MAX_BLOG_SUB_IMAGES} sub images`).default([]),
  shortDescription: requiredText('Short description', 1000),
  content: requiredText('Content', 200_000).refine((html) => !isBlankHtml(html), 'Content is required'),
  tags: tagListSchema.default([]),
  category: shortText(100).default(''),
  seo: z
    .object({ metaTitle: shortText(200).default(''), metaDescription: shortText(500).default('') })
    .default({ metaTitle: '', metaDescription: '' }),
});
export type BlogInput = z.output<typeof blogInputSchema>;

export const blogsContract = defineContract<Blog>()({
  name: 'blogs',
  noun: 'Blog',
  base: '/api/blog',
  api: {
    list: '/get-blogs',
    get: '/blog-details/:id',
    create: '/add-blog',
    update: '/blogs/:id',
    remove: '/blogs/:id',
  },
  keys: { list: 'blogs', record: 'blog' },
  // The add form shows the server's message; the list's delete toast shows it too.
  extras: { create: ['message'], remove: ['message'] },
  schema: blogInputSchema,
  list: {
    sort: ['publishedAt', 'title'],
    filter: ['category'],
    search: ['title', 'author'],
    defaultSort: { field: 'publishedAt', order: 'desc' },
  },
});
