import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOGUE_COLUMNS, type Product } from '../../src/domain';
import { startApp, type TestApp } from './helpers';

/**
 * The catalogue file (`rows=sku`) and its import: a dry run that writes nothing, a commit that writes
 * exactly what it showed, and an undo that puts it all back.
 */

let t: TestApp;
beforeAll(async () => {
  t = await startApp();
});
afterAll(() => t.close());

const get = (url: string, token = t.adminToken) => t.call('GET', url, { token });

/** The whole catalogue as its products' API answers give it. */
const allProducts = async () =>
  (await get('/api/product/get-all-products?_sort=name&_order=asc')).json<{ products: Product[] }>().products;

/** The catalogue file, as the console downloads it. */
async function exportCatalogue(query = ''): Promise<string> {
  const response = await get(`/api/product/get-all-products?format=csv&rows=sku${query}`);
  expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
  return response.body;
}

const records = (file: string) => parse(file, { bom: true }) as string[][];

describe('the catalogue file (rows=sku)', () => {
  it('has a row per SKU with the columns the import reads', async () => {
    const file = await exportCatalogue();
    expect(file.startsWith('\uFEFF')).toBe(true);
    const [header, ...rows] = records(file);
    expect(header).toEqual([...CATALOGUE_COLUMNS]);
    const products = await allProducts();
    const skus = products.flatMap((p) => p.variants.flatMap((v) => v.sizes.map((s) => ({ p, v, s }))));
    expect(rows).toHaveLength(skus.length + products.filter((p) => p.variants.length === 0).length);
    const { p, v, s } = skus.find(({ p }) => p.categories.length > 1) ?? skus[0]!;
    const row = rows.find((r) => r[CATALOGUE_COLUMNS.indexOf('sku')] === s.sku)!;
    expect(Object.fromEntries(CATALOGUE_COLUMNS.map((column, i) => [column, row[i]]))).toEqual({
      product_id: p._id,
      name: p.name,
      status: p.status,
      categories: p.categories.join('; '),
      collections: p.collections.join('; '),
      description: p.description,
      image: p.image,
      color: v.color,
      is_main: String(v.isMain),
      variant_image: v.image,
      size: s.size,
      sku: s.sku,
      price: s.price.toFixed(2),
      mrp: s.mrp.toFixed(2),
      count_in_stock: String(s.countInStock),
      low_stock_at: s.lowStockAt === null || s.lowStockAt === undefined ? '' : String(s.lowStockAt),
    });
  });

  it('says how many rows it holds, and narrows as the grid does', async () => {
    const response = await t.app.inject({
      method: 'HEAD',
      url: '/api/product/get-all-products?format=csv&rows=sku&status=active',
      headers: { authorization: `Bearer ${t.adminToken}` },
    });
    const active = (await allProducts()).filter((p) => p.status === 'active');
    const skus = active.reduce(
      (n, p) =>
        n +
        Math.max(
          1,
          p.variants.reduce((m, v) => m + v.sizes.length, 0),
        ),
      0,
    );
    expect(response.headers['x-total-count']).toBe(String(skus));
    expect(response.headers['content-disposition']).toMatch(/filename="catalogue-\d{4}-\d\d-\d\d\.csv"/);
    expect(records(await exportCatalogue('&status=active'))).toHaveLength(skus + 1);
  });

  it('refuses rows other than sku, and rows without format=csv', async () => {
    for (const query of ['format=csv&rows=product', 'rows=sku']) {
      const response = await get(`/api/product/get-all-products?${query}`);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: 'rows: must be sku, with format=csv' });
    }
  });
});
