import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRODUCT_CATEGORIES, isLowStock, isOutOfStock, totalStock, type Product } from '../../src/domain';
import { UNKNOWN_ID, startApp, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await startApp();
});
afterAll(() => t.close());

const get = (url: string) => t.call('GET', url, { token: t.adminToken });
const allProducts = async (): Promise<Product[]> => (await get('/api/product/get-all-products')).json().products;

const newProduct = {
  name: 'Test Heron Tee',
  description: 'A heron in flight.',
  status: 'active',
  categories: ['Regular fit'],
  collections: ['Brid lover collection'],
  image: '/uploads/heron.png',
  subImages: [],
  isTrending: true,
  variants: [
    {
      color: 'Teal',
      image: '/uploads/heron-teal.png',
      isMain: true,
      sizes: [
        { size: 'M', price: 599, mrp: 899, countInStock: 12 },
        { size: 'L', price: 599, mrp: 899, countInStock: 30 },
      ],
    },
    { color: 'Sand', image: '', isMain: false, sizes: [{ size: 'S', price: 549, mrp: 799, countInStock: 0 }] },
  ],
};

describe('GET /api/product/get-all-products', () => {
  it('answers every product with variants, sizes, totalStock and the catalogue counts', async () => {
    const response = await get('/api/product/get-all-products');
    expect(response.statusCode).toBe(200);
    const { success, message, products, counts } = response.json();
    expect(success).toBe(true);
    expect(message).toEqual(expect.any(String));
    expect(products.length).toBeGreaterThanOrEqual(40);
    for (const product of products as Product[]) {
      expect(product._id).toMatch(/^[a-f0-9]{24}$/);
      expect(product.variants.length).toBeGreaterThanOrEqual(1);
      expect(product.totalStock).toBe(totalStock(product.variants));
    }
    expect(products[0].variants[0]).toMatchObject({
      _id: expect.any(String),
      color: expect.any(String),
      isMain: expect.any(Boolean),
      sizes: expect.any(Array),
    });
    expect(products[0].variants[0].sizes[0]).toEqual({
      size: expect.any(String),
      price: expect.any(Number),
      mrp: expect.any(Number),
      countInStock: expect.any(Number),
      sku: expect.any(String),
      reserved: expect.any(Number),
      available: expect.any(Number),
      lowStockAt: null,
    });
    // The SQL counts agree with the domain's rules applied to the whole list.
    expect(counts).toEqual({
      total: products.length,
      active: products.filter((p: Product) => p.status === 'active').length,
      lowStock: products.filter((p: Product) => isLowStock(p.variants)).length,
      outOfStock: products.filter((p: Product) => isOutOfStock(p.variants)).length,
    });
    expect(counts.lowStock).toBeGreaterThan(0);
    expect(counts.outOfStock).toBeGreaterThan(0);
    expect(response.headers['x-total-count']).toBeUndefined();
  });

  it('pages and sorts by total stock, reporting the total', async () => {
    const all = await allProducts();
    const response = await get('/api/product/get-all-products?_start=5&_end=15&_sort=totalStock&_order=desc');
    const body = response.json();
    expect(body.total).toBe(all.length);
    expect(response.headers['x-total-count']).toBe(String(all.length));
    expect(body.products).toHaveLength(10);
    const stocks = body.products.map((p: Product) => p.totalStock);
    expect(stocks).toEqual([...stocks].sort((a, b) => b - a));
    const expected = [...all]
      .sort((a, b) => b.totalStock - a.totalStock)
      .slice(5, 15)
      .map((p) => p.totalStock);
    expect(stocks).toEqual(expected);
    expect(body.counts.total).toBe(all.length);
    // A page carries what the grid shows, not the reviews (the details call has them); the whole list keeps them.
    expect(body.products.filter((p: Product) => 'reviews' in p)).toEqual([]);
    expect(all.every((p) => Array.isArray(p.reviews))).toBe(true);
  });

  it('filters by status and category and searches by name', async () => {
    const all = await allProducts();
    const inactive = (await get('/api/product/get-all-products?status=inactive')).json();
    expect(inactive.total).toBe(all.filter((p) => p.status === 'inactive').length);
    expect(inactive.products.every((p: Product) => p.status === 'inactive')).toBe(true);

    const category = PRODUCT_CATEGORIES[0];
    const byCategory = (await get(`/api/product/get-all-products?category=${encodeURIComponent(category)}`)).json();
    expect(byCategory.total).toBe(all.filter((p) => p.categories.includes(category)).length);
    expect(byCategory.total).toBeGreaterThan(0);

    const name = all[0]!.name;
    const search = (
      await get(`/api/product/get-all-products?q=${encodeURIComponent(name.slice(0, 6).toLowerCase())}`)
    ).json();
    expect(search.products.map((p: Product) => p._id)).toContain(all[0]!._id);
    expect(search.products.every((p: Product) => p.name.toLowerCase().includes(name.slice(0, 6).toLowerCase()))).toBe(
      true,
    );
  });

  it('treats % and _ in the search as plain characters', async () => {
    const body = (await get('/api/product/get-all-products?q=%25')).json();
    expect(body.total).toBe(0);
  });

  it('answers 400 naming an unknown sort field, filter or value', async () => {
    expect((await get('/api/product/get-all-products?_sort=price')).json().message).toMatch(/^_sort: /);
    expect((await get('/api/product/get-all-products?colour=red')).json().message).toMatch(/^colour: /);
    expect((await get('/api/product/get-all-products?status=sold')).json().message).toMatch(/^status: /);
    expect((await get('/api/product/get-all-products?_start=10&_end=5')).json().message).toMatch(/^_end: /);
    expect((await get('/api/product/get-all-products?_order=sideways')).statusCode).toBe(400);
  });
});

describe('GET /api/product/get-product-details/{id}', () => {
  it('answers the product with its reviews', async () => {
    const reviewed = (await allProducts()).find((p) => p.numReviews > 0)!;
    const response = await get(`/api/product/get-product-details/${reviewed._id}`);
    expect(response.statusCode).toBe(200);
    const { success, product } = response.json();
    expect(success).toBe(true);
    expect(product._id).toBe(reviewed._id);
    expect(product.reviews).toHaveLength(reviewed.numReviews);
    expect(product.reviews[0]).toMatchObject({
      _id: expect.any(String),
      user: { fullname: expect.any(String) },
      rating: expect.any(Number),
      comment: expect.any(String),
      createdAt: expect.any(String),
    });
  });

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    const unknown = await get(`/api/product/get-product-details/${UNKNOWN_ID}`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'Product not found' });
    const malformed = await get('/api/product/get-product-details/not-an-id');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toMatch(/^id: /);
  });
});

describe('product writes', () => {
  it('adds a product (201) that the list then shows with its stock', async () => {
    const response = await t.call('POST', '/api/product/add-product', { token: t.adminToken, body: newProduct });
    expect(response.statusCode).toBe(201);
    const { success, message, product } = response.json();
    expect(success).toBe(true);
    expect(message).toBe('Product added successfully');
    expect(product).toMatchObject({
      name: newProduct.name,
      status: 'active',
      totalStock: 42,
      rating: 0,
      numReviews: 0,
      reviews: [],
    });
    expect(product.variants.map((v: { color: string }) => v.color)).toEqual(['Teal', 'Sand']);
    const listed = (await get('/api/product/get-all-products?q=heron')).json();
    expect(listed.products.map((p: Product) => p._id)).toContain(product._id);
  });

  it('updates from the whole product object, ignoring read-only fields, and replaces the variants', async () => {
    const created = (await t.call('POST', '/api/product/add-product', { token: t.adminToken, body: newProduct })).json()
      .product;
    const edited = {
      ...created,
      name: 'Renamed Heron Tee',
      rating: 5,
      numReviews: 99,
      totalStock: 1,
      variants: [{ ...created.variants[1], sizes: [{ size: 'XL', price: 649, mrp: 949, countInStock: 7 }] }],
    };
    const response = await t.call('PUT', `/api/product/update-product/${created._id}`, {
      token: t.adminToken,
      body: edited,
    });
    expect(response.statusCode).toBe(200);
    const { success, message, product } = response.json();
    expect(success).toBe(true);
    expect(message).toBe('Product updated successfully');
    expect(product).toMatchObject({
      _id: created._id,
      name: 'Renamed Heron Tee',
      rating: 0,
      numReviews: 0,
      totalStock: 7,
    });
    expect(product.variants).toHaveLength(1);
    expect(product.variants[0].sizes).toEqual([
      {
        size: 'XL',
        price: 649,
        mrp: 949,
        countInStock: 7,
        sku: expect.any(String),
        reserved: 0,
        available: 7,
        lowStockAt: null,
      },
    ]);
    const again = (await get(`/api/product/get-product-details/${created._id}`)).json().product;
    expect(again.name).toBe('Renamed Heron Tee');
  });

  it('answers 400 naming the field for bad bodies, and changes nothing', async () => {
    const bad = [
      [{ ...newProduct, name: '' }, /^name: Name is required/],
      [{ ...newProduct, status: 'sold' }, /^status: /],
      [
        { ...newProduct, variants: [{ color: 'Red', sizes: [] }] },
        /^variants\.0\.sizes: Variant must have a color and at least one size/,
      ],
      [
        { ...newProduct, variants: [{ color: 'Red', sizes: [{ size: 'M', price: -1, mrp: 1, countInStock: 1 }] }] },
        /^variants\.0\.sizes\.0\.price: /,
      ],
      [{ ...newProduct, image: 'javascript:alert(1)' }, /^image: /],
      [[], /./],
    ] as const;
    const before = (await get('/api/product/get-all-products')).json().counts.total;
    for (const [body, message] of bad) {
      const response = await t.call('POST', '/api/product/add-product', { token: t.adminToken, body });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toMatch(message);
    }
    expect((await get('/api/product/get-all-products')).json().counts.total).toBe(before);
  });

  it('answers 404 when updating or deleting an unknown product', async () => {
    expect(
      (await t.call('PUT', `/api/product/update-product/${UNKNOWN_ID}`, { token: t.adminToken, body: newProduct }))
        .statusCode,
    ).toBe(404);
    expect(
      (await t.call('DELETE', `/api/product/delete-product/${UNKNOWN_ID}`, { token: t.adminToken })).statusCode,
    ).toBe(404);
    expect((await t.call('DELETE', '/api/product/delete-product/123', { token: t.adminToken })).statusCode).toBe(400);
  });

  it('deletes a product; orders that had it keep their lines', async () => {
    const orders = (await get('/api/order/all-orders')).json().orders;
    const line = orders.find((o: { orderItems: { product: { _id: string } | null }[] }) => o.orderItems[0]?.product)!;
    const productId = line.orderItems[0].product._id;
    const response = await t.call('DELETE', `/api/product/delete-product/${productId}`, { token: t.adminToken });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, message: expect.any(String) });
    expect((await get(`/api/product/get-product-details/${productId}`)).statusCode).toBe(404);
    const order = (await get(`/api/order/order/${line._id}`)).json().order;
    expect(order.orderItems).toHaveLength(line.orderItems.length);
    expect(order.orderItems[0].product).toBeNull();
  });
});
