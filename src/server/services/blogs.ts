import { and, desc, eq, ilike, or, sql } from 'drizzle-orm';
import sanitizeHtml from 'sanitize-html';
import { z } from 'zod';
import type { Blog, BlogInput } from '../../domain';
import type { Db } from '../db/client';
import { newId } from '../db/ids';
import { blogs } from '../db/schema';
import { paged, type ListQuery, type ListSpec } from '../list-query';
import { isVersion, nextVersion, refuseIfStale } from './edit-version';

/** Ordinary article formatting survives; scripts, event handlers, styles and javascript: URLs do not. */
const contentPolicy: sanitizeHtml.IOptions = {
  allowedTags: [...sanitizeHtml.defaults.allowedTags, 'img', 'h1', 'h2', 'figure', 'figcaption', 'u', 's', 'span'],
  allowedAttributes: {
    a: ['href', 'name', 'target', 'rel', 'title'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    th: ['colspan', 'rowspan'],
    td: ['colspan', 'rowspan'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
};

export function sanitizeBlogContent(html: string): string {
  return sanitizeHtml(html, contentPolicy);
}

export const blogListSpec: ListSpec<'blogs'> = {
  list: 'blogs',
  sortColumns: { publishedAt: blogs.publishedAt, title: blogs.title },
  filters: {
    category: { value: z.string().max(100), condition: (values) => sql`${blogs.category} = any(${sql.param(values)}::text[])` },
  },
  search: (pattern) => or(ilike(blogs.title, pattern), ilike(blogs.author, pattern)),
  defaultOrder: [desc(blogs.publishedAt), desc(blogs.id)],
  tieBreaker: blogs.id,
};

function toBlog(row: typeof blogs.$inferSelect): Blog & { createdAt: string } {
  return {
    _id: row.id,
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
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function toColumns({ seo, content, ...rest }: BlogInput) {
  return { ...rest, content: sanitizeBlogContent(content), seoMetaTitle: seo.metaTitle, seoMetaDescription: seo.metaDescription };
}

export async function listBlogs(db: Db, list: ListQuery) {
  const rows = await paged(db.select().from(blogs).where(list.where).orderBy(...list.orderBy).$dynamic(), list);
  const total = list.withTotal ? await db.$count(blogs, list.where) : rows.length;
  return { blogs: rows.map(toBlog), total };
}

export async function getBlog(db: Db, id: string) {
  const [row] = await db.select().from(blogs).where(eq(blogs.id, id));
  return row && toBlog(row);
}

export async function createBlog(db: Db, input: BlogInput) {
  const [row] = await db.insert(blogs).values({ id: newId(), ...toColumns(input) }).returning();
  return toBlog(row!);
}

/** Applies the edit when the blog still has the `updatedAt` it was made on (if given): a stale copy is a 409, a missing blog undefined. */
export async function updateBlog(db: Db, id: string, input: BlogInput, editedVersion?: string) {
  const [row] = await db
    .update(blogs)
    .set({ ...toColumns(input), updatedAt: nextVersion(blogs.updatedAt) })
    .where(and(eq(blogs.id, id), isVersion(blogs.updatedAt, editedVersion)))
    .returning();
  return row ? toBlog(row) : refuseIfStale(db, blogs, blogs.id, id, editedVersion, 'blog');
}

export async function deleteBlog(db: Db, id: string): Promise<boolean> {
  return (await db.delete(blogs).where(eq(blogs.id, id)).returning({ id: blogs.id })).length > 0;
}
