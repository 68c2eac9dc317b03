import type { FastifyPluginAsync } from 'fastify';
import { blogInputSchema, editVersionSchema, isBlankHtml, type BlogInput } from '../../domain';
import type { Db } from '../db/client';
import { HttpError, notFoundUnless, parseId, parseInput } from '../errors';
import { parseListQuery } from '../list-query';
import { blogListSpec, createBlog, deleteBlog, getBlog, listBlogs, sanitizeBlogContent, updateBlog } from '../services/blogs';
import { listReply } from './list-reply';

/** Markup that sanitising empties (nothing but a <script>) is no content either. */
function blogInput(body: unknown): BlogInput {
  const input = parseInput(blogInputSchema, body);
  if (isBlankHtml(sanitizeBlogContent(input.content))) throw new HttpError(400, 'content: Content is required');
  return input;
}

export function blogRoutes(db: Db): FastifyPluginAsync {
  return async (app) => {
    app.get('/get-blogs', async (request, reply) => {
      const list = parseListQuery(request.query, blogListSpec);
      const { blogs, total } = await listBlogs(db, list);
      return listReply(reply, list, total, { success: true, blogs });
    });

    app.get('/blog-details/:id', async (request) => {
      const blog = notFoundUnless(await getBlog(db, parseId(request.params)), 'Blog');
      return { success: true, blog };
    });

    app.post('/add-blog', async (request, reply) => {
      const blog = await createBlog(db, blogInput(request.body));
      return reply.code(201).send({ success: true, message: 'Blog added successfully', blog });
    });

    app.put('/blogs/:id', async (request) => {
      const id = parseId(request.params);
      const input = blogInput(request.body);
      const { updatedAt } = parseInput(editVersionSchema, request.body);
      const blog = notFoundUnless(await updateBlog(db, id, input, updatedAt), 'Blog');
      return { success: true, message: 'Blog updated successfully', blog };
    });

    app.delete('/blogs/:id', async (request) => {
      notFoundUnless(await deleteBlog(db, parseId(request.params)), 'Blog');
      return { success: true, message: 'Blog deleted successfully' };
    });
  };
}
