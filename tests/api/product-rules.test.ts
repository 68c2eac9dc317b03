import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductCounts } from '../../src/domain';
import { startApp, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await startApp();
});
afterAll(() => t.close());

const counts = async (query = ''): Promise<ProductCounts> =>
  (await t.call('GET', `/api/product/get-all-products${query}`, { token: t.adminToken })).json().counts;
const add = (body: unknown) => t.call('POST', '/api/product/add-product', { token: t.adminToken, body });

const sizes = (...stocks: number[]) =>
  stocks.map((countInStock, i) => ({ size: ['S', 'M', 'L', 'XL'][i], price: 599, mrp: 899, countInStock }));
const product = (variants: unknown[], status = 'active') => ({ name: 'Rules Tee', status, variants });

describe('product rules on the server', () => {
  it('keeps the count cards over the whole catalogue as products are added, edited and deleted', async () => {
    const before = await counts();
    const created = (await add(product([{ color: 'Teal', isMain: true, sizes: sizes(10, 60) }]))).json().product;
    expect(await counts()).toEqual({
      ...before,
      total: before.total + 1,
      active: before.active + 1,
      lowStock: before.lowStock + 1,
    });
    // The counts ignore the page and the filters the list was asked for.
    expect(await counts('?status=inactive&_start=0&_end=1')).toEqual(await counts());

    const soldOut = { ...created, status: 'inactive', variants: [{ ...created.variants[0], sizes: sizes(0, 0) }] };
    const updated = await t.call('PUT', `/api/product/update-product/${created._id}`, {
      token: t.adminToken,
      body: soldOut,
    });
    expect(updated.json().product.totalStock).toBe(0);
    expect(await counts()).toEqual({ ...before, total: before.total + 1, outOfStock: before.outOfStock + 1 });

    await t.call('DELETE', `/api/product/delete-product/${created._id}`, { token: t.adminToken });
    expect(await counts()).toEqual(before);
  });

  it('answers 400 naming the field for a second main variant, a repeated colour or a repeated size', async () => {
    const before = (await counts()).total;
    const cases = [
      [
        [
          { color: 'Black', isMain: true, sizes: sizes(1) },
          { color: 'White', isMain: true, sizes: sizes(1) },
        ],
        'variants: only one variant can be the main one',
      ],
      [
        [
          { color: 'Black', isMain: true, sizes: sizes(1) },
          { color: 'black', sizes: sizes(1) },
        ],
        'variants.1.color: there is already a black variant',
      ],
      [[{ color: 'Black', sizes: [...sizes(1), ...sizes(2)] }], 'variants.0.sizes: size S appears twice'],
      [[{ color: '', sizes: sizes(1) }], 'variants.0.color: color is required'],
      [
        [{ color: 'Black', sizes: [{ size: 'M', price: 1, mrp: 1, countInStock: 1.5 }] }],
        'variants.0.sizes.0.countInStock: must be a whole number',
      ],
    ] as const;
    for (const [variants, message] of cases) {
      const response = await add(product([...variants]));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message });
    }
    expect((await counts()).total).toBe(before);
  });

  it('answers 400, not a crash, for bodies of the wrong shape', async () => {
    for (const body of ['"just text"', 'null', '42', '{"name": ["Tee"], "status": "active"}']) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/product/add-product',
        headers: { authorization: `Bearer ${t.adminToken}`, 'content-type': 'application/json' },
        payload: body,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toEqual(expect.any(String));
    }
  });

  it('keeps what the form sends: trimmed text, trending, images and variant order', async () => {
    const response = await add({
      ...product([
        { color: ' Sand ', isMain: false, image: '/uploads/sand.png', sizes: sizes(5) },
        { color: 'Teal', isMain: true, sizes: sizes(7) },
      ]),
      name: '  Spaced Tee  ',
      isTrending: true,
      image: '/uploads/main.png',
      subImages: ['/uploads/a.png', 'https://cdn.example.com/b.jpg'],
      categories: ['Oversized'],
    });
    expect(response.statusCode).toBe(201);
    const { product: created } = response.json();
    expect(created).toMatchObject({
      name: 'Spaced Tee',
      isTrending: true,
      image: '/uploads/main.png',
      subImages: ['/uploads/a.png', 'https://cdn.example.com/b.jpg'],
      totalStock: 12,
    });
    expect(
      created.variants.map((v: { color: string; isMain: boolean; image: string }) => [v.color, v.isMain, v.image]),
    ).toEqual([
      ['Sand', false, '/uploads/sand.png'],
      ['Teal', true, ''],
    ]);
  });

  it('needs an admin: no token 401, a customer 403', async () => {
    expect((await t.call('POST', '/api/product/add-product', { body: product([]) })).statusCode).toBe(401);
    expect(
      (await t.call('POST', '/api/product/add-product', { token: t.customerToken, body: product([]) })).statusCode,
    ).toBe(403);
  });
});
