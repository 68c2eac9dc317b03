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
  content: '<h2>Spring</h2><p onclick="steal()">Hello <a href="javascript:alert(1)">click</a> <a href="https://example.com">ok</a></p><script>alert(1)</script><img src="/uploads/x.png" onerror="alert(1)"><table><tr><td>cell</td></tr></table><ul><li>item</li></ul>',
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
    expect(blogs[0]).toMatchObject({ _id: expect.any(String), title: expect.any(String), content: expect.stringContaining('<p>'), seo: { metaTitle: expect.any(String), metaDescription: expect.any(String) }, publishedAt: expect.any(String) });
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
    const updated = await t.call('PUT', `/api/blog/blogs/${created._id}`, { token: t.adminToken, body: { ...blog, title: 'Summer drop', content: '<p>Sun</p><iframe src="https://evil.example"></iframe>' } });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ success: true, message: expect.any(String) });
    const after = (await get(`/api/blog/blog-details/${created._id}`)).json().blog;
    expect(after).toMatchObject({ title: 'Summer drop', content: '<p>Sun</p>', publishedAt: created.publishedAt });

    const deleted = await t.call('DELETE', `/api/blog/blogs/${created._id}`, { token: t.adminToken });
    expect(deleted.json()).toEqual({ success: true, message: expect.any(String) });
    expect((await get(`/api/blog/blog-details/${created._id}`)).statusCode).toBe(404);
  });

  it('answers 404 for unknown ids and 400 for malformed ones', async () => {
    expect((await get(`/api/blog/blog-details/${UNKNOWN_ID}`)).json()).toEqual({ message: 'Blog not found' });
    expect((await t.call('PUT', `/api/blog/blogs/${UNKNOWN_ID}`, { token: t.adminToken, body: blog })).statusCode).toBe(404);
    expect((await t.call('DELETE', `/api/blog/blogs/${UNKNOWN_ID}`, { token: t.adminToken })).statusCode).toBe(404);
    expect((await get('/api/blog/blog-details/1')).statusCode).toBe(400);
  });
});
