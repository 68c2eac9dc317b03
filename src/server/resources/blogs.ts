import { ilike, or } from 'drizzle-orm';
import { z } from 'zod';
import { blogInputSchema, isBlankHtml, type Blog } from '../../domain';
import { blogs } from '../db/schema';
import { HttpError } from '../errors';
import { oneOf } from '../list-query';
import { defineResource, type OwnFields } from '../resource-routes';
import { sanitizeBlogContent } from '../services/blogs';

export const blogResource = defineResource({
  name: 'blogs',
  table: blogs,
  input: blogInputSchema,
  list: {
    sortColumns: { publishedAt: blogs.publishedAt, title: blogs.title },
    filters: {
      category: { value: z.string().max(100), condition: (values) => oneOf(blogs.category, values) },
    },
    search: (pattern) => or(ilike(blogs.title, pattern), ilike(blogs.author, pattern)),
    defaultSort: { field: 'publishedAt', order: 'desc' },
  },
  // The record carries createdAt too (the factory adds it), which the Blog type leaves out.
  toRecord: (row): OwnFields<Blog> => ({
    title: row.title,
    author: row.author,
    featuredImage: row.featuredImage,
    subImages: row.subImages,
    shortDescription: row.shortDescription,
    content: row.content,
    tags: row.tags,
    category: row.category,
    seo: { metaTitle: row.seoMetaTitle, metaDescription: row.seoMetaDescription },
    publishedAt: row.publishedAt.toISOString(),
  }),
  // The HTML is stored sanitised; markup that sanitising empties (nothing but a <script>) is no content either.
  toRow: ({ seo, content, ...rest }) => {
    const safe = sanitizeBlogContent(content);
    if (isBlankHtml(safe)) throw new HttpError(400, 'content: Content is required');
    return { ...rest, content: safe, seoMetaTitle: seo.metaTitle, seoMetaDescription: seo.metaDescription };
  },
  texts: { noun: 'Blog' },
  contract: {
    path: 'blog',
    list: { path: '/get-blogs', key: 'blogs' },
    get: { path: '/blog-details/:id', key: 'blog' },
    create: { path: '/add-blog', key: 'blog' },
    update: { path: '/blogs/:id', key: 'blog' },
    remove: { path: '/blogs/:id' },
  },
  example: {
    title: 'Example blog',
    author: 'Asha',
    featuredImage: '/uploads/feature.png',
    shortDescription: 'Short',
    content: '<p>Body</p>',
  },
});
