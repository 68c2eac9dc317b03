import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Blog } from '../../src/domain';
import { UNKNOWN_ID, startApp, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await startApp();
});
afterAll(() => t.close());

const get = (url: string) => t.call('GET', url, { token: t.adminToken });
const blog = {
  title: 'Spring drop',
  author: 'Test Author',
  featuredImage: '/uploads/spring.png',
  subImages: ['/uploads/a.png', 'https://images.example.com/b.jpg'],
  shortDescription: 'New prints for spring.',
  content:
    '<h2>Spring</h2><p onclick="steal()">Hello <a href="javascript:alert(1)">click</a> <a href="https://example.com">ok</a></p><script>alert(1)</script><img src="/uploads/x.png" onerror="alert(1)"><table><tr><td>cell</td></tr></table><ul><li>item</li></ul>',
  tags: ['spring', 'new'],
  category: 'News',
  seo: { metaTitle: 'Spring drop', metaDescription: 'Our spring prints' },
};

describe('blogs', () => {
  it('lists the demo blogs with HTML content', async () => {
    const response = await get('/api/blog/get-blogs');
    const { success, blogs } = response.json();
    expect(success).toBe(true);
    expect(blogs.length).toBeGreaterThanOrEqual(6);
    expect(blogs[0]).toMatchObject({
      _id: expect.any(String),
      title: expect.any(String),
      content: expect.stringContaining('<p>'),
      seo: { metaTitle: expect.any(String), metaDescription: expect.any(String) },
      publishedAt: expect.any(String),
    });
    const dates = blogs.map((b: Blog) => b.publishedAt);
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it('pages and sorts by title with the total', async () => {
    const response = await get('/api/blog/get-blogs?_start=0&_end=3&_sort=title&_order=asc');
    const body = response.json();
    expect(body.blogs).toHaveLength(3);
    expect(body.total).toBeGreaterThanOrEqual(6);
    expect(response.headers['x-total-count']).toBe(String(body.total));
    const titles = body.blogs.map((b: Blog) => b.title);
    expect(titles).toEqual([...titles].sort());
  });

  it('adds a blog with 201, sanitising its HTML and setting publishedAt', async () => {
    const response = await t.call('POST', '/api/blog/add-blog', { token: t.adminToken, body: blog });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toMatchObject({ success: true, message: 'Blog added successfully' });
    const { content } = body.blog;
    expect(content).not.toMatch(/script|onclick|onerror|javascript:/i);
    expect(content).toContain('<h2>Spring</h2>');
    expect(content).toContain('<a href="https://example.com">ok</a>');
    expect(content).toContain('<img src="/uploads/x.png" />');
    expect(content).toContain('<td>cell</td>');
    expect(content).toContain('<li>item</li>');
    expect(Date.now() - new Date(body.blog.publishedAt).getTime()).toBeLessThan(60_000);
    const details = (await get(`/api/blog/blog-details/${body.blog._id}`)).json();
    expect(details).toEqual({ success: true, blog: body.blog });
  });

  it('answers 400 naming the field for bad blogs', async () => {
    const cases = [
      [{ ...blog, title: '' }, 'title: Title is required'],
      [{ ...blog, subImages: ['/uploads/1.png', '/uploads/2.png', '/uploads/3.png'] }, 'subImages: '],
      [{ ...blog, featuredImage: '' }, 'featuredImage: '],
      [{ ...blog, author: undefined }, 'author: '],
    ] as const;
    for (const [body, message] of cases) {
      const response = await t.call('POST', '/api/blog/add-blog', { token: t.adminToken, body });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toContain(message);
    }
  });

  it('updates and deletes a blog', async () => {
    const created = (await t.call('POST', '/api/blog/add-blog', { token: t.adminToken, body: blog })).json().blog;
    const updated = await t.call('PUT', `/api/blog/blogs/${created._id}`, {
      token: t.adminToken,
      body: { ...blog, title: 'Summer drop', content: '<p>Sun</p><iframe src="https://evil.example"></iframe>' },
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ success: true, message: expect.any(String) });
    const after = (await get(`/api/blog/blog-details/${created._id}`)).json().blog;
    expect(after).toMatchObject({ title: 'Summer drop', content: '<p>Sun</p>', publishedAt: created.publishedAt });

    const deleted = await t.call('DELETE', `/api/blog/blogs/${created._id}`, { token: t.adminToken });
    expect(deleted.json()).toEqual({ success: true, message: expect.any(String) });
    expect((await get(`/api/blog/blog-details/${created._id}`)).statusCode).toBe(404);
  });

  it('removes every way of smuggling script into blog HTML and keeps what the editor writes', async () => {
    const hostile = [
      '<p>Safe words</p>',
      '<a href="JAVASCRIPT:alert(1)">upper</a>',
      '<a href="&#106;avascript:alert(1)">encoded</a>',
      '<svg onload="alert(1)"><circle r="4"></circle></svg>',
      '<img src="data:text/html;base64,PHNjcmlwdD4=" alt="data">',
      '<p style="position:fixed;inset:0">styled</p>',
      '<style>body{display:none}</style>',
      '<iframe src="https://evil.example"></iframe>',
      '<form action="https://evil.example"><input name="password"></form>',
      '<p><a href="https://example.com/x" target="_blank" rel="noopener noreferrer nofollow">editor link</a></p>',
    ].join('');
    const response = await t.call('POST', '/api/blog/add-blog', {
      token: t.adminToken,
      body: { ...blog, content: hostile },
    });
    expect(response.statusCode).toBe(201);
    const { content } = response.json().blog;
    expect(content).not.toMatch(/javascript|<svg|onload|data:|style=|<style|<iframe|<form|<input/i);
    expect(content).toContain('<p>Safe words</p>');
    expect(content).toContain('<p>styled</p>');
    expect(content).toContain(
      '<a href="https://example.com/x" target="_blank" rel="noopener noreferrer nofollow">editor link</a>',
    );
  });

  it('answers 400 naming the field for content that is empty once made safe, and for other bad fields', async () => {
    const cases = [
      [{ ...blog, content: '<p></p>' }, 'content: Content is required'],
      [{ ...blog, content: '<p>&nbsp;</p><h2> </h2>' }, 'content: Content is required'],
      [{ ...blog, content: '<script>alert(1)</script>' }, 'content: Content is required'],
      [{ ...blog, title: '   ' }, 'title: Title is required'],
      [{ ...blog, shortDescription: undefined }, 'shortDescription: Short description is required'],
      [
        { ...blog, featuredImage: 'javascript:alert(1)' },
        'featuredImage: must be an uploaded image path or an http(s) URL',
      ],
      [{ ...blog, subImages: ['not an image'] }, 'subImages.0: '],
      [{ ...blog, tags: ['ok', ''] }, 'tags.1: '],
      [{ ...blog, seo: { metaTitle: 'x'.repeat(201) } }, 'seo.metaTitle: '],
      [['not', 'an', 'object'], 'expected object'],
    ] as const;
    for (const [body, message] of cases) {
      const response = await t.call('POST', '/api/blog/add-blog', { token: t.adminToken, body });
      expect(response.statusCode, message).toBe(400);
      expect(response.json().message).toContain(message);
    }
    const created = (await t.call('POST', '/api/blog/add-blog', { token: t.adminToken, body: blog })).json().blog;
    const update = await t.call('PUT', `/api/blog/blogs/${created._id}`, {
      token: t.adminToken,
      body: { ...blog, author: '' },
    });
    expect(update.statusCode).toBe(400);
    expect(update.json().message).toBe('author: Author is required');
    expect((await get(`/api/blog/blog-details/${created._id}`)).json().blog.author).toBe(blog.author);
  });

  it('refuses markup nested past 100 levels before sanitising it (198 KB of nested <b> once blocked the server for seconds)', async () => {
    const deep = await t.call('POST', '/api/blog/add-blog', {
      token: t.adminToken,
      body: { ...blog, content: `${'<b>'.repeat(66_000)}deep` },
    });
    expect(deep.statusCode).toBe(400);
    expect(deep.json()).toEqual({ message: 'content: Content is nested too deeply (at most 100 levels)' });
    // Deep but within the bound, and long but flat, are stored as usual.
    const nested = `${'<div>'.repeat(99)}text${'</div>'.repeat(99)}`;
    const flat = `<p>${'<b>x</b>'.repeat(20_000)}</p>`;
    for (const content of [nested, flat]) {
      const response = await t.call('POST', '/api/blog/add-blog', { token: t.adminToken, body: { ...blog, content } });
      expect(response.statusCode).toBe(201);
      expect(response.json().blog.content).toBe(content);
    }
  });

  it('refuses content over 200,000 characters naming the field and its limit, and writes nothing', async () => {
    const total = async () => (await get('/api/blog/get-blogs?_start=0&_end=1')).headers['x-total-count'];
    const before = await total();
    const response = await t.call('POST', '/api/blog/add-blog', {
      token: t.adminToken,
      body: { ...blog, content: `<p>${'x'.repeat(200_000)}</p>` },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'content: Content must be at most 200,000 characters' });
    expect(await total()).toBe(before);
  });

  it('stores a blog without the optional fields as empty ones', async () => {
    const { tags: _tags, category: _category, seo: _seo, subImages: _subImages, ...required } = blog;
    const response = await t.call('POST', '/api/blog/add-blog', { token: t.adminToken, body: required });
    expect(response.statusCode).toBe(201);
    expect(response.json().blog).toMatchObject({
      tags: [],
      category: '',
      subImages: [],
      seo: { metaTitle: '', metaDescription: '' },
    });
  });

  it('is for admins only', async () => {
    expect((await t.call('POST', '/api/blog/add-blog', { body: blog })).statusCode).toBe(401);
    expect((await t.call('POST', '/api/blog/add-blog', { token: t.customerToken, body: blog })).statusCode).toBe(403);
    expect((await t.call('GET', '/api/blog/get-blogs', { token: t.customerToken })).statusCode).toBe(403);
  });

  it('answers 404 for unknown ids and 400 for malformed ones', async () => {
    expect((await get(`/api/blog/blog-details/${UNKNOWN_ID}`)).json()).toEqual({ message: 'Blog not found' });
    expect((await t.call('PUT', `/api/blog/blogs/${UNKNOWN_ID}`, { token: t.adminToken, body: blog })).statusCode).toBe(
      404,
    );
    expect((await t.call('DELETE', `/api/blog/blogs/${UNKNOWN_ID}`, { token: t.adminToken })).statusCode).toBe(404);
    expect((await get('/api/blog/blog-details/1')).statusCode).toBe(400);
    expect((await t.call('DELETE', '/api/blog/blogs/not-an-id', { token: t.adminToken })).json().message).toMatch(
      /^id: /,
    );

    const created = (await t.call('POST', '/api/blog/add-blog', { token: t.adminToken, body: blog })).json().blog;
    expect((await t.call('DELETE', `/api/blog/blogs/${created._id}`, { token: t.adminToken })).statusCode).toBe(200);
    expect((await t.call('DELETE', `/api/blog/blogs/${created._id}`, { token: t.adminToken })).json()).toEqual({
      message: 'Blog not found',
    });
  });
});
