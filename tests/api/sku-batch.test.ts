import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEvent, Product, SkuBatchReply, StockMovement, StockSku } from '../../src/domain';
import { ledgerMismatches, staffMember, startApp, type TestApp } from './helpers';

/**
 * The spreadsheet editing's save (POST /api/product/skus/batch): one transaction in which each SKU saves
 * or is refused on its own (a 409 when it changed since it was loaded), values checked by the product
 * form's rules, units through the stock ledger, and every change in the audit log.
 */

let t: TestApp;
beforeAll(async () => {
  t = await startApp();
});
afterAll(() => t.close());

const batch = (changes: unknown, token = t.adminToken) =>
  t.call('POST', '/api/product/skus/batch', { token, body: { changes } });

let serial = 0;
/** A new product with three sizes of one colour, each its own SKU; answers the product and its SKUs as GET /api/stock lists them (by SKU: L, M, S). */
async function newProduct(): Promise<{ product: Product; skus: StockSku[] }> {
  const created = await t.asAdmin('POST', '/api/product/add-product', {
    name: `Grid Tee ${++serial}`,
    status: 'active',
    categories: ['Oversized'],
    variants: [
      {
        color: 'Black',
        isMain: true,
        sizes: ['S', 'M', 'L'].map((size) => ({ size, price: 500, mrp: 900, countInStock: 10 })),
      },
    ],
  });
  expect(created.statusCode, created.body).toBe(201);
  const product = created.json().product as Product;
  return { product, skus: await skusOf(product._id) };
}
const skusOf = async (productId: string) =>
  (await t.asAdmin('GET', `/api/stock?product=${productId}&_sort=sku&_order=asc`)).json().skus as StockSku[];
const auditOf = async (resource: string, recordId: string) =>
  (await t.asAdmin('GET', `/api/audit?resource=${resource}&recordId=${recordId}&_start=0&_end=20`)).json()
    .events as AuditEvent[];

describe('POST /api/product/skus/batch', () => {
  it('lists each SKU with its prices, its product status and its version', async () => {
    const { skus } = await newProduct();
    expect(skus).toHaveLength(3);
    expect(skus[0]).toMatchObject({ price: 500, mrp: 900, status: 'active', countInStock: 10 });
    expect(Date.parse(skus[0]!.updatedAt)).toBeGreaterThan(0);
  });

  it('saves prices, low lines and stock in one call: units through the ledger, each change audited', async () => {
    const { product, skus } = await newProduct();
    const [a, b, c] = skus as [StockSku, StockSku, StockSku];
    const response = await batch([
      { sku: a.sku, updatedAt: a.updatedAt, price: 450, mrp: 950 },
      { sku: b.sku, updatedAt: b.updatedAt, countInStock: 25 },
      { sku: c.sku, updatedAt: c.updatedAt, lowStockAt: 4, countInStock: 3 },
    ]);
    expect(response.statusCode, response.body).toBe(200);
    const reply = response.json<SkuBatchReply>();
    expect(reply).toMatchObject({ success: true, saved: 3, conflicts: 0 });
    expect(reply.results.map((r) => r.status)).toEqual([200, 200, 200]);

    const after = await skusOf(product._id);
    expect(after.map(({ price, mrp, countInStock, lowStockAt }) => ({ price, mrp, countInStock, lowStockAt }))).toEqual(
      [
        { price: 450, mrp: 950, countInStock: 10, lowStockAt: skus[0]!.lowStockAt },
        { price: 500, mrp: 900, countInStock: 25, lowStockAt: skus[1]!.lowStockAt },
        { price: 500, mrp: 900, countInStock: 3, lowStockAt: 4 },
      ],
    );
    // Each answer's version is the one the list now shows, and it moved.
    for (const [i, row] of after.entries()) {
      expect(reply.results[i]!.updatedAt).toBe(row.updatedAt);
      expect(row.updatedAt).not.toBe(skus[i]!.updatedAt);
    }

    const moves = (await t.asAdmin('GET', `/api/stock/movements?product=${product._id}&reason=bulk_edit`)).json()
      .movements as StockMovement[];
    expect(moves.map((move) => [move.sku, move.delta]).sort()).toEqual([
      [b.sku, 15],
      [c.sku, -7],
    ]);
    expect(await ledgerMismatches(t.app.database.db)).toEqual([]);

    const productEvents = await auditOf('products', product._id);
    expect(productEvents[0]).toMatchObject({ action: 'update', note: 'Bulk edit' });
    expect(Object.keys(productEvents[0]!.changes)).toContain('variants');
    const stockEvents = await auditOf('stock', b.sku);
    expect(stockEvents[0]).toMatchObject({ action: 'update', changes: { countInStock: [10, 25] }, note: 'Bulk edit' });
    // The product's version moved too: a form opened before the save is stale.
    const current = (await t.asAdmin('GET', `/api/product/get-product-details/${product._id}`)).json().product;
    expect(current.updatedAt).not.toBe(product.updatedAt);
  });

  it('answers a row changed since it was loaded with its own 409 while the others save', async () => {
    const { product, skus } = await newProduct();
    const [a, b, c] = skus as [StockSku, StockSku, StockSku];
    // Someone counts the shelf of M meanwhile.
    const adjusted = await t.asAdmin('POST', '/api/stock/adjust', { sku: b.sku, counted: 12, reason: 'stocktake' });
    expect(adjusted.statusCode, adjusted.body).toBe(200);

    const response = await batch([
      { sku: a.sku, updatedAt: a.updatedAt, price: 510 },
      { sku: b.sku, updatedAt: b.updatedAt, price: 520, countInStock: 30 },
      { sku: c.sku, updatedAt: c.updatedAt, price: 530 },
    ]);
    expect(response.statusCode, response.body).toBe(200);
    const reply = response.json<SkuBatchReply>();
    expect(reply).toMatchObject({ success: false, saved: 2, conflicts: 1 });
    expect(reply.results[1]).toMatchObject({ sku: b.sku, status: 409 });
    expect(reply.results[1]!.message).toContain(b.sku);
    expect(reply.results[1]!.updatedAt).toBeUndefined();

    const after = await skusOf(product._id);
    expect(after.map((row) => [row.price, row.countInStock])).toEqual([
      [510, 10],
      [500, 12],
      [530, 10],
    ]);
  });

  it('moves a SKU’s version when an order reserves it, and a product edit keeps the versions of sizes it leaves alone', async () => {
    const { product, skus } = await newProduct();
    const placed = await t.asAdmin('POST', '/api/order/create', {
      customer: { fullname: 'Grid Customer', email: `grid-${Date.now()}@example.com` },
      shippingAddress: { name: 'Grid Customer', address: '1 Main Road', city: 'Pune' },
      orderItems: [{ product: product._id, color: 'Black', size: skus[0]!.size, qty: 2 }],
      paymentMethod: 'online',
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const reserved = await skusOf(product._id);
    expect(reserved[0]!.reserved).toBe(2);
    expect(reserved[0]!.updatedAt).not.toBe(skus[0]!.updatedAt);
    expect(reserved[1]!.updatedAt).toBe(skus[1]!.updatedAt);
    expect(reserved[2]!.updatedAt).toBe(skus[2]!.updatedAt);

    // The form changes M's price only: L and S keep their versions, M's moves.
    const edited = await t.asAdmin('PUT', `/api/product/update-product/${product._id}`, {
      ...product,
      variants: product.variants.map((variant) => ({
        ...variant,
        sizes: variant.sizes.map((size) => ({
          ...size,
          price: size.size === 'M' ? 600 : size.price,
        })),
      })),
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const after = await skusOf(product._id);
    expect(after[0]!.updatedAt).toBe(reserved[0]!.updatedAt);
    expect(after[1]!.updatedAt).not.toBe(reserved[1]!.updatedAt);
    expect(after[2]!.updatedAt).toBe(reserved[2]!.updatedAt);

    // On hand below what open orders hold: that row's 409.
    const below = await batch([{ sku: after[0]!.sku, updatedAt: after[0]!.updatedAt, countInStock: 1 }]);
    expect(below.json().results[0]).toMatchObject({ status: 409, message: expect.stringContaining('reserved') });
  });

  it('refuses bad input as a whole, naming the field, and writes nothing', async () => {
    const { product, skus } = await newProduct();
    const [a, b] = skus as [StockSku, StockSku];
    const refused = async (changes: unknown, message: string) => {
      const response = await batch(changes);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().message).toBe(message);
    };
    const ok = { sku: a.sku, updatedAt: a.updatedAt, price: 1 };
    await refused([ok, { sku: b.sku, updatedAt: b.updatedAt, price: -5 }], 'changes.1.price: must not be negative');
    await refused(
      [ok, { sku: b.sku, updatedAt: b.updatedAt, mrp: 100, price: 200 }],
      'changes.1.mrp: must not be below the price (200)',
    );
    await refused(
      [ok, { sku: b.sku, updatedAt: b.updatedAt, countInStock: 1.5 }],
      'changes.1.countInStock: must be a whole number',
    );
    await refused(
      [ok, { sku: b.sku, price: 1 }],
      'changes.1.updatedAt: must be the ISO date-time (updatedAt) the row was loaded with',
    );
    await refused([ok, { ...ok, price: 2 }], `changes.1.sku: ${a.sku} appears twice`);
    await refused([], 'changes: nothing to save');
    await refused('all of them', 'changes: must be a list');
    expect((await skusOf(product._id)).map((row) => row.price)).toEqual([500, 500, 500]);
  });

  it('refuses a row on its own when its new price would pass its MRP, or its SKU is gone', async () => {
    const { product, skus } = await newProduct();
    const [a, b] = skus as [StockSku, StockSku];
    const reply = (
      await batch([
        { sku: a.sku, updatedAt: a.updatedAt, price: 1000 },
        { sku: b.sku, updatedAt: b.updatedAt, price: 800 },
        { sku: 'NO-SUCH-SKU', updatedAt: b.updatedAt, price: 1 },
      ])
    ).json<SkuBatchReply>();
    expect(reply.results).toMatchObject([
      { sku: a.sku, status: 400, message: 'changes.0.price: must not be above the MRP (900)' },
      { sku: b.sku, status: 200 },
      { sku: 'NO-SUCH-SKU', status: 404 },
    ]);
    expect((await skusOf(product._id)).map((row) => row.price)).toEqual([500, 800, 500]);
  });

  it('is for those who edit the catalogue: support is refused', async () => {
    const { skus } = await newProduct();
    const change = { sku: skus[0]!.sku, updatedAt: skus[0]!.updatedAt, price: 505 };
    const support = await staffMember(t, 'support');
    expect((await batch([change], support.token)).statusCode).toBe(403);
    expect((await batch([change], t.customerToken)).statusCode).toBe(403);
    const manager = await staffMember(t, 'manager');
    expect((await batch([change], manager.token)).json()).toMatchObject({ saved: 1 });
  });
});
