import { z } from 'zod';
import { blogsContract, isBlankHtml, type Blog, type BlogInput } from '../../domain';
import { blogs } from '../db/schema';
import { HttpError } from '../errors';
import { oneOf } from '../list-query';
import { serveResource, type OwnFields } from '../resource-routes';
import { sanitizeBlogContent } from '../services/blogs';

export const servedBlogs = serveResource(blogsContract, {
  table: blogs,
  list: { filters: { category: { value: z.string().max(100), condition: (values) => oneOf(blogs.category, values) } } },
  toRecord: ({ seoMetaTitle, seoMetaDescription, ...row }): OwnFields<Blog> => ({
    title: row.title,
    author: row.author,
    featuredImage: row.featuredImage,
    subImages: row.subImages,
    shortDescription: row.shortDescription,
    content: row.content,
    tags: row.tags,
    category: row.category,
    seo: { metaTitle: seoMetaTitle, metaDescription: seoMetaDescription },
    publishedAt: row.publishedAt.toISOString(),
  }),
  // The HTML is stored sanitised; markup that sanitising empties (nothing but a <script>) is no content either.
  toRow: (input) => {
    const { seo, content, ...rest } = input as BlogInput;
    const safe = sanitizeBlogContent(content);
    if (isBlankHtml(safe)) throw new HttpError(400, 'content: Content is required');
    return { ...rest, content: safe, seoMetaTitle: seo.metaTitle, seoMetaDescription: seo.metaDescription };
  },
  example: {
    title: 'Example blog',
    author: 'Asha',
    featuredImage: '/uploads/feature.png',
    shortDescription: 'Short',
    content: '<p>Body</p>',
  },
});
