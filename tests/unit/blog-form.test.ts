import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS, blogInputSchema, type Blog } from '../../src/domain';
import { dataProvider } from '../../src/providers/data-provider';
import { stubFetch } from './fetch-stub';
import { metaOf } from './store-contracts';

const serverMessage = (response: unknown) => (response as { message?: string }).message;

const blog: Blog = {
  _id: '64b7f0c2a1b2c3d4e5f60718',
  title: 'Spring drop',
  author: 'Meera',
  featuredImage: '/uploads/f.png',
  subImages: ['/uploads/a.png'],
  shortDescription: 'New prints.',
  content: '<p>Hello</p>',
  tags: ['spring', 'new drop'],
  category: 'News',
  seo: { metaTitle: 'Spring', metaDescription: 'Prints' },
  publishedAt: '2026-03-01T00:00:00.000Z',
  updatedAt: '2026-03-01T00:00:00.000Z',
};

describe('the blog schema, as the form and the API use it', () => {
  it("names each missing required field in the spec's words", () => {
    const result = blogInputSchema.safeParse({
      title: '',
      author: ' ',
      featuredImage: '',
      shortDescription: '',
      content: '<p></p>',
    });
    expect(result.success).toBe(false);
    const messages = Object.fromEntries(result.error!.issues.map((issue) => [issue.path.join('.'), issue.message]));
    expect(messages).toEqual({
      title: 'Title is required',
      author: 'Author is required',
      featuredImage: 'Featured image is required',
      shortDescription: 'Short description is required',
      content: 'Content is required',
    });
  });

  it('trims the texts and fills what was left out: no sub images, tags, category or SEO', () => {
    const { _id, publishedAt, updatedAt, ...written } = blog;
    expect(
      blogInputSchema.parse({
        ...written,
        title: '  Spring drop  ',
        subImages: undefined,
        tags: undefined,
        category: undefined,
        seo: undefined,
      }),
    ).toEqual({
      ...written,
      subImages: [],
      tags: [],
      category: '',
      seo: { metaTitle: '', metaDescription: '' },
    });
  });
});

describe("the server's message after a blog write", () => {
  beforeEach(() => localStorage.setItem(STORAGE_KEYS.token, 'token'));
  afterEach(() => {
    localStorage.clear();
    vi.unstubAllGlobals();
  });

  it('comes back beside the created blog and the delete', async () => {
    stubFetch({ status: 201, body: { success: true, message: 'Blog added successfully', blog } });
    const created = await dataProvider.create({ resource: 'blogs', meta: metaOf('blogs'), variables: {} });
    expect(serverMessage(created)).toBe('Blog added successfully');
    expect(created.data).toMatchObject({ id: blog._id, title: 'Spring drop' });

    stubFetch({ body: { success: true, message: 'Blog deleted successfully' } });
    expect(
      serverMessage(await dataProvider.deleteOne({ resource: 'blogs', meta: metaOf('blogs'), id: blog._id })),
    ).toBe('Blog deleted successfully');
  });

  it('is simply absent when a server sends none', async () => {
    stubFetch({ status: 201, body: { blog } });
    expect(
      serverMessage(await dataProvider.create({ resource: 'blogs', meta: metaOf('blogs'), variables: {} })),
    ).toBeUndefined();
    stubFetch({ status: 204 });
    expect(
      serverMessage(await dataProvider.deleteOne({ resource: 'blogs', meta: metaOf('blogs'), id: blog._id })),
    ).toBeUndefined();
  });
});
