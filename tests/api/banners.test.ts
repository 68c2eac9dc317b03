import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Banner } from '../../src/domain';
import { UNKNOWN_ID, startApp, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await startApp();
});
afterAll(() => t.close());

const get = (url: string) => t.call('GET', url, { token: t.adminToken });
const banner = {
  name: 'test-banner',
  title: 'Test Banner',
  image: '/uploads/banner.png',
  link: 'https://example.com/sale',
};

describe('banners', () => {
  it('lists banners as a plain array', async () => {
    const response = await get('/api/banners');
    const banners = response.json();
    expect(Array.isArray(banners)).toBe(true);
    expect(banners.length).toBeGreaterThanOrEqual(4);
    expect(banners[0]).toMatchObject({
      _id: expect.any(String),
      name: expect.any(String),
      title: expect.any(String),
      image: expect.stringMatching(/^\/uploads\//),
    });
  });

  it('pages the array and reports the total in X-Total-Count', async () => {
    const all: Banner[] = (await get('/api/banners')).json();
    const response = await get('/api/banners?_start=1&_end=3&_sort=name&_order=desc');
    const names = [...all]
      .map((b) => b.name)
      .sort()
      .reverse();
    expect(response.json().map((b: Banner) => b.name)).toEqual(names.slice(1, 3));
    expect(response.headers['x-total-count']).toBe(String(all.length));
    expect((await get('/api/banners?name=x')).statusCode).toBe(400);
  });

  it('creates (201), reads, updates and deletes a banner', async () => {
    const created = await t.call('POST', '/api/banners', { token: t.adminToken, body: banner });
    expect(created.statusCode).toBe(201);
    const { _id, ...fields } = created.json();
    expect(fields).toMatchObject(banner);
    expect((await get(`/api/banners/by-id/${_id}`)).json()).toMatchObject({ _id, ...banner });
    expect((await get('/api/banners')).json().at(-1)._id).toBe(_id);

    const updated = await t.call('PUT', `/api/banners/${_id}`, {
      token: t.adminToken,
      body: { ...created.json<Banner>(), title: 'New title', link: '' },
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ _id, title: 'New title', link: '' });

    const deleted = await t.call('DELETE', `/api/banners/${_id}`, { token: t.adminToken });
    expect(deleted.json()).toEqual({ success: true, message: expect.any(String) });
    expect((await get(`/api/banners/by-id/${_id}`)).statusCode).toBe(404);
  });

  it('answers 400 naming the field for bad banners', async () => {
    const cases = [
      [{ ...banner, name: '' }, /^name: /],
      [{ ...banner, image: '' }, /^image: Please select an image/],
      [{ ...banner, link: 'javascript:alert(1)' }, /^link: /],
      [{ ...banner, link: 'not a url' }, /^link: must be a URL/],
      // Protocol-relative and backslash forms leave the storefront for another site.
      [{ ...banner, link: '//evil.example' }, /^link: must be a URL/],
      [{ ...banner, link: '/\\evil.example' }, /^link: must be a URL/],
      [{ ...banner, link: 'https://shop.example\\@evil.example' }, /^link: must be a URL/],
      // Percent-encoded, they do too once a router decodes them; user info hides the host a URL goes to.
      [{ ...banner, link: '/%2F%2Fevil.com' }, /^link: must be a URL/],
      [{ ...banner, link: '/%2Fevil.com' }, /^link: must be a URL/],
      [{ ...banner, link: '/%5Cevil.com' }, /^link: must be a URL/],
      [{ ...banner, link: 'https://user:pass@example.com/x' }, /^link: must be a URL/],
      [{ ...banner, link: 'https://user@example.com' }, /^link: must be a URL/],
      [{ ...banner, title: '  ' }, /^title: Banner title is required$/],
      [{ ...banner, title: undefined }, /^title: Banner title is required$/],
      [{ ...banner, image: undefined }, /^image: /],
      [{ ...banner, image: 'javascript:alert(1)' }, /^image: must be an uploaded image path or an http\(s\) URL$/],
      [{ ...banner, name: 'x'.repeat(121) }, /^name: /],
    ] as const;
    for (const [body, message] of cases) {
      const response = await t.call('POST', '/api/banners', { token: t.adminToken, body });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toMatch(message);
    }
  });

  it('takes a storefront path or no link at all', async () => {
    const { link: _link, ...withoutLink } = banner;
    const bare = await t.call('POST', '/api/banners', { token: t.adminToken, body: withoutLink });
    expect(bare.statusCode).toBe(201);
    expect(bare.json().link).toBe('');
    const path = await t.call('POST', '/api/banners', {
      token: t.adminToken,
      body: { ...banner, link: '/collections/summer' },
    });
    expect(path.json().link).toBe('/collections/summer');
  });

  it('refuses a bad update naming the field and keeps the banner as it was', async () => {
    const created = (await t.call('POST', '/api/banners', { token: t.adminToken, body: banner })).json<Banner>();
    const response = await t.call('PUT', `/api/banners/${created._id}`, {
      token: t.adminToken,
      body: { ...created, name: '' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('name: Banner name is required');
    expect((await get(`/api/banners/by-id/${created._id}`)).json()).toMatchObject({
      name: banner.name,
      title: banner.title,
    });
  });

  it('is for admins only', async () => {
    expect((await t.call('GET', '/api/banners')).statusCode).toBe(401);
    expect((await t.call('POST', '/api/banners', { token: t.customerToken, body: banner })).statusCode).toBe(403);
  });

  it('answers 404 for unknown ids and 400 for malformed ones', async () => {
    expect((await get(`/api/banners/by-id/${UNKNOWN_ID}`)).json()).toEqual({ message: 'Banner not found' });
    expect((await t.call('PUT', `/api/banners/${UNKNOWN_ID}`, { token: t.adminToken, body: banner })).statusCode).toBe(
      404,
    );
    expect((await t.call('DELETE', `/api/banners/${UNKNOWN_ID}`, { token: t.adminToken })).statusCode).toBe(404);
    expect((await get('/api/banners/by-id/zzz')).statusCode).toBe(400);
  });
});
