import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_STATUSES, type Order, type Product, type StockMovement, type StockSku } from '../../src/domain';
import { loadConfig } from '../../src/server/config';
import { ledgerMismatches, scratchDir, staffMember, UNKNOWN_ID, startApp, type TestApp } from './helpers';

/**
 * Stock that moves: every size a SKU, every change of its units on hand or reserved a ledger row in the
 * same transaction, orders that reserve on placement and move units with their status, and the 409
 * that keeps two customers from buying the last unit.
 */

let t: TestApp;
beforeAll(async () => {
  t = await startApp();
});
afterAll(() => t.close());

let serial = 0;
/** A new active product, one variant per colour, each size with `stock` units on hand. */
async function newProduct(stock: number, sizes = ['M'], colors = ['Black']): Promise<Product> {
  const response = await t.asAdmin('POST', '/api/product/add-product', {
    name: `Stock Tee ${++serial}`,
    status: 'active',
    categories: ['Oversized'],
    collections: ['Wild life collection'],
    variants: colors.map((color, i) => ({
      color,
      isMain: i === 0,
      sizes: sizes.map((size) => ({ size, price: 500, mrp: 900, countInStock: stock })),
    })),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().product as Product;
}

const SHIP_TO = {
  name: 'Asha Rao',
  address: '12 MG Road',
  city: 'Bengaluru',
  pincode: '560001',
  phone: '+91 9000000000',
};
const CUSTOMER = { fullname: 'Phone Customer', email: 'phone.customer@example.com', phone: '+91 9000000001' };
const line = (product: Product, qty: number, color = 'Black', size = 'M') => ({
  product: product._id,
  color,
  size,
  qty,
});
const place = (orderItems: unknown[], extra: Record<string, unknown> = {}, token = t.adminToken) =>
  t.call('POST', '/api/order/create', {
    token,
    body: { customer: CUSTOMER, shippingAddress: SHIP_TO, orderItems, paymentMethod: 'online', ...extra },
  });

const sku = async (code: string) =>
  (await t.asAdmin('GET', `/api/stock?q=${encodeURIComponent(code)}&_start=0&_end=5`))
    .json()
    .skus.find((row: StockSku) => row.sku === code) as StockSku;
const movements = async (query: string) =>
  (await t.asAdmin('GET', `/api/stock/movements?${query}&_sort=at&_order=asc&_start=0&_end=100`)).json()
    .movements as StockMovement[];
const setStatus = (id: string, status: string) => t.asAdmin('PUT', `/api/order/update-status/${id}`, { status });

describe('SKUs', () => {
  it('opens the demo store with every SKU equal to its ledger, open orders reserved, low SKUs alerted', async () => {
    expect(await ledgerMismatches(t.app.database.db)).toEqual([]);
    const reserved = await t.app.database.db.execute(
      sql`select coalesce(sum(reserved), 0)::int as held from variant_sizes`,
    );
    expect((reserved as unknown as { rows: { held: number }[] }).rows[0]!.held).toBeGreaterThan(0);
    // Every SKU at or below the line has its open alert from the start, so the dashboard's count is true.
    const alerts = (await t.asAdmin('GET', '/api/stock/alerts')).json() as { total: number; alerts: { sku: string }[] };
    const low = (await t.asAdmin('GET', '/api/stock?low=true&_start=0&_end=1')).json().total as number;
    expect(alerts.total).toBeGreaterThan(0);
    expect(alerts.total).toBe(low);
  });

  it('generates PRODUCT-COLOUR-SIZE for a size without one, keeps it over edits, and shows reserved and available', async () => {
    const product = await newProduct(8, ['M', 'XL'], ['Mustard Yellow']);
    const sizes = product.variants[0]!.sizes;
    expect(sizes.map((size) => size.sku)).toEqual([
      `STOCK-TEE-${serial}-MUSTARD-YELLOW-M`,
      `STOCK-TEE-${serial}-MUSTARD-YELLOW-XL`,
    ]);
    expect(sizes[0]).toMatchObject({ countInStock: 8, reserved: 0, available: 8 });
    const renamed = await t.asAdmin('PUT', `/api/product/update-product/${product._id}`, {
      ...product,
      name: 'Renamed Tee',
      variants: [{ ...product.variants[0], sizes: sizes.map(({ sku: _sku, ...size }) => size) }],
    });
    expect(renamed.json().product.variants[0].sizes[0].sku).toBe(sizes[0]!.sku);
    expect(await movements(`sku=${sizes[0]!.sku}`)).toMatchObject([
      { field: 'onHand', delta: 8, reason: 'product_form', onHandAfter: 8, reservedAfter: 0 },
    ]);
  });

  it('refuses a typed SKU another product has, naming that product (400)', async () => {
    const first = await newProduct(1);
    const second = await newProduct(1);
    const taken = first.variants[0]!.sizes[0]!.sku!;
    const response = await t.asAdmin('PUT', `/api/product/update-product/${second._id}`, {
      ...second,
      variants: [{ ...second.variants[0], sizes: [{ ...second.variants[0]!.sizes[0], sku: taken.toLowerCase() }] }],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(`variants.0.sizes.0.sku: SKU ${taken} is already used by ${first.name}`);
  });

  it('moves the product form’s stock through the ledger, never below what open orders hold', async () => {
    const product = await newProduct(5, ['M', 'L']);
    const code = product.variants[0]!.sizes[0]!.sku!;
    expect((await place([line(product, 2)])).statusCode).toBe(201);
    const fresh = (await t.asAdmin('GET', `/api/product/get-product-details/${product._id}`)).json().product as Product;
    const withCount = (countInStock: number) => ({
      ...fresh,
      variants: [
        {
          ...fresh.variants[0],
          sizes: fresh.variants[0]!.sizes.map((size, i) => (i === 0 ? { ...size, countInStock } : size)),
        },
      ],
    });
    const lowered = await t.asAdmin('PUT', `/api/product/update-product/${product._id}`, withCount(1));
    expect(lowered.statusCode).toBe(409);
    expect(lowered.json().message).toBe(
      `${code}: 2 units are reserved by open orders, so on hand cannot go below that`,
    );
    const removed = await t.asAdmin('PUT', `/api/product/update-product/${product._id}`, {
      ...fresh,
      variants: [{ ...fresh.variants[0], sizes: fresh.variants[0]!.sizes.slice(1) }],
    });
    expect(removed.statusCode).toBe(409);
    expect(removed.json().message).toBe(`${code}: 2 units are reserved by open orders, so it cannot be removed`);
    const raised = await t.asAdmin('PUT', `/api/product/update-product/${product._id}`, withCount(9));
    expect(raised.json().product.variants[0].sizes[0]).toMatchObject({ countInStock: 9, reserved: 2, available: 7 });
    expect((await movements(`sku=${code}&reason=product_form`)).map((m) => m.delta)).toEqual([5, 4]);
    expect(await ledgerMismatches(t.app.database.db)).toEqual([]);
  });
});

describe('orders move stock', () => {
  it('reserves on placement, takes out on shipping, gives back on cancelling, each step in the movements', async () => {
    const product = await newProduct(10);
    const code = product.variants[0]!.sizes[0]!.sku!;
    const placed = await place([line(product, 3)]);
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json().order as Order;
    expect(order.status).toBe('pending');
    expect(order.orderItems[0]).toMatchObject({ sku: code, qty: 3, price: 500, mrp: 900 });
    expect(await sku(code)).toMatchObject({ countInStock: 10, reserved: 3, available: 7 });

    expect((await setStatus(order._id, 'processing')).statusCode).toBe(200);
    expect(await sku(code)).toMatchObject({ countInStock: 10, reserved: 3 });
    await setStatus(order._id, 'shipped');
    expect(await sku(code)).toMatchObject({ countInStock: 7, reserved: 0, available: 7 });
    await setStatus(order._id, 'delivered');
    await setStatus(order._id, 'cancelled');
    expect(await sku(code)).toMatchObject({ countInStock: 10, reserved: 0, available: 10 });
    await setStatus(order._id, 'pending');
    expect(await sku(code)).toMatchObject({ countInStock: 10, reserved: 3, available: 7 });

    const steps = (await movements(`order=${order._id}`)).map((m) => [m.reason, m.field, m.delta]);
    expect(steps).toEqual([
      ['order_placed', 'reserved', 3],
      ['order_shipped', 'onHand', -3],
      ['order_shipped', 'reserved', -3],
      ['order_cancelled', 'onHand', 3],
      ['order_reopened', 'reserved', 3],
    ]);
    expect(await ledgerMismatches(t.app.database.db)).toEqual([]);
  });

  it('refuses a reopening that needs units sold since (409 naming the SKU), single and bulk', async () => {
    const product = await newProduct(2);
    const code = product.variants[0]!.sizes[0]!.sku!;
    const first = (await place([line(product, 2)])).json().order as Order;
    await setStatus(first._id, 'cancelled');
    expect((await place([line(product, 2)])).statusCode).toBe(201);
    const reopened = await setStatus(first._id, 'pending');
    expect(reopened.statusCode).toBe(409);
    expect(reopened.json()).toEqual({ message: `Only 0 left of ${product.name} / Black / M`, sku: code, available: 0 });
    const bulk = await t.asAdmin('POST', '/api/order/bulk-status', { ids: [first._id], status: 'processing' });
    expect(bulk.json().failed).toEqual([{ _id: first._id, message: `Only 0 left of ${product.name} / Black / M` }]);
    expect(((await t.asAdmin('GET', `/api/order/order/${first._id}`)).json().order as Order).status).toBe('cancelled');
  });
});

describe('writers at once', () => {
  it('answers every one of many edits, adjustments and status changes of a product’s orders made at once', async () => {
    // A product edit locks its product, then writes its variants and SKUs; a status change that ships
    // writes the SKUs, then their products' totals. On a PostgreSQL server the two orders of locking met
    // as deadlocks (500s) until every writer of the catalogue and the orders took the sales lock first.
    const product = await newProduct(40, ['M', 'L']);
    const orders: string[] = [];
    for (let i = 0; i < 6; i++)
      orders.push((await place([line(product, 1, 'Black', i % 2 ? 'M' : 'L')])).json().order._id);
    const body = (await t.asAdmin('GET', `/api/product/get-product-details/${product._id}`)).json().product as Product;
    const answers = await Promise.all(
      Array.from({ length: 4 }, (_, round) => [
        ...orders.map((id) => setStatus(id, round % 2 ? 'processing' : 'shipped')),
        t.asAdmin('POST', '/api/stock/adjust', {
          sku: product.variants[0]!.sizes[round % 2]!.sku,
          delta: 1,
          reason: 'found',
        }),
        ...[1, 2, 3].map((n) =>
          t.asAdmin('PUT', `/api/product/update-product/${product._id}`, {
            ...body,
            updatedAt: undefined,
            name: `${product.name} ${round}.${n}`,
            // New categories move the sales figures too: the first edit's change, the others' none.
            categories: ['Regular fit'],
          }),
        ),
      ]).flat(),
    );
    expect(answers.map((answer) => answer.statusCode).filter((code) => code !== 200)).toEqual([]);
    expect(await ledgerMismatches(t.app.database.db)).toEqual([]);
  });
});

describe('placing orders', () => {
  it('gives 10 × 201 and 40 × 409 for 50 simultaneous orders of a SKU with 10 available', async () => {
    const product = await newProduct(10);
    const code = product.variants[0]!.sizes[0]!.sku!;
    const answers = await Promise.all(Array.from({ length: 50 }, () => place([line(product, 1)])));
    const codes = answers.map((answer) => answer.statusCode);
    expect(codes.filter((code) => code === 201)).toHaveLength(10);
    expect(codes.filter((code) => code === 409)).toHaveLength(40);
    // The line that asked is named too, for a form to mark it.
    expect(answers.find((answer) => answer.statusCode === 409)!.json()).toEqual({
      message: `Only 0 left of ${product.name} / Black / M`,
      sku: code,
      available: 0,
      field: 'orderItems.0.qty',
    });
    expect(await sku(code)).toMatchObject({ countInStock: 10, reserved: 10, available: 0 });
    expect(await ledgerMismatches(t.app.database.db)).toEqual([]);
  });

  it('writes nothing when a line lacks stock: no order, no movement, no figure moves', async () => {
    const plenty = await newProduct(50);
    const scarce = await newProduct(1);
    const before = {
      kpis: (await t.asAdmin('GET', '/api/order/dashboard-summary')).json().kpis,
      orders: (await t.asAdmin('GET', '/api/order/all-orders?_start=0&_end=1')).json().total,
      moves: (await movements(`product=${plenty._id}`)).length,
    };
    const refused = await place([line(plenty, 2), line(scarce, 2)]);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(`Only 1 left of ${scarce.name} / Black / M`);
    expect((await t.asAdmin('GET', '/api/order/dashboard-summary')).json().kpis).toEqual(before.kpis);
    expect((await t.asAdmin('GET', '/api/order/all-orders?_start=0&_end=1')).json().total).toBe(before.orders);
    expect(await movements(`product=${plenty._id}`)).toHaveLength(before.moves);
    expect(await sku(plenty.variants[0]!.sizes[0]!.sku!)).toMatchObject({ reserved: 0 });
  });

  it('prices lines from the catalogue, computes the totals the dashboard counts, and records who placed it', async () => {
    const product = await newProduct(20, ['M', 'L']);
    const revenue = async () => (await t.asAdmin('GET', '/api/order/dashboard-summary')).json().kpis;
    const before = await revenue();
    const placed = await place([{ ...line(product, 1), price: 1 }, line(product, 1, 'Black', 'L')], {
      paymentMethod: 'cod',
      advancePaid: 100,
      note: 'Called at 10:05',
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json().order as Order;
    // 2 × 500 = 1000 ships free; 5 % tax.
    expect(order).toMatchObject({
      shippingPrice: 0,
      taxPrice: 50,
      totalPrice: 1050,
      advancePaid: 100,
      remainingCOD: 950,
    });
    expect(order.user).toMatchObject({ fullname: CUSTOMER.fullname, email: CUSTOMER.email });
    expect(order.history).toMatchObject([
      { type: 'note', text: 'Called at 10:05', by: { fullname: expect.any(String) } },
    ]);
    const after = await revenue();
    expect(JSON.stringify(after)).not.toBe(JSON.stringify(before));
    const audited = (await t.asAdmin('GET', `/api/audit?resource=orders&recordId=${order._id}&_start=0&_end=5`)).json();
    expect(audited.events).toMatchObject([{ action: 'create', actor: { role: 'admin' } }]);
  });

  it('refuses what it cannot place with a 400 naming the field', async () => {
    const product = await newProduct(5);
    const cases: [unknown[], Record<string, unknown>, string][] = [
      [[], {}, 'An order needs at least one line'],
      [[line(product, 1, 'Purple')], {}, `orderItems.0.color: ${product.name} has no Purple`],
      [[line(product, 1, 'Black', 'S')], {}, `orderItems.0.size: ${product.name} / Black has no size S`],
      [[{ ...line(product, 1), product: UNKNOWN_ID }], {}, 'orderItems.0.product: there is no such product'],
      [[line(product, 0)], {}, 'must be at least 1'],
      [[line(product, 1)], { customer: UNKNOWN_ID }, 'customer: there is no customer with this id'],
      [[line(product, 1)], { advancePaid: 10 }, 'advancePaid: only a cash-on-delivery order takes an advance'],
      [[line(product, 1)], { draft: 'yes' }, 'draft: must be true or false'],
    ];
    for (const [items, extra, message] of cases) {
      const response = await place(items, extra);
      expect(response.statusCode, message).toBe(400);
      expect(response.json().message).toContain(message);
    }
  });

  it('lets support take an order; a customer token may not use the staff call', async () => {
    const product = await newProduct(5);
    const support = await staffMember(t, 'support');
    expect((await place([line(product, 1)], {}, support.token)).statusCode).toBe(201);
    expect((await place([line(product, 1)], {}, t.customerToken)).statusCode).toBe(403);
  });
});

describe('drafts', () => {
  const kpis = async () => (await t.asAdmin('GET', '/api/order/dashboard-summary')).json();
  const ofOrder = async (id: string) => (await t.asAdmin('GET', `/api/order/order/${id}`)).json().order as Order;

  it('saves a draft that reserves nothing and counts in no figure, then places it: pending, reserved, counted', async () => {
    const product = await newProduct(5);
    const code = product.variants[0]!.sizes[0]!.sku!;
    const figures = await kpis();
    const saved = await place([line(product, 2)], { draft: true });
    expect(saved.statusCode, saved.body).toBe(201);
    expect(saved.json()).toMatchObject({ success: true, message: 'Draft saved', order: { status: 'draft' } });
    const draft = saved.json().order as Order;
    expect(await sku(code)).toMatchObject({ countInStock: 5, reserved: 0, available: 5 });
    expect(await movements(`order=${draft._id}`)).toEqual([]);
    expect(await kpis()).toEqual(figures);
    const drafts = (await t.asAdmin('GET', '/api/order/all-orders?status=draft&_start=0&_end=50')).json();
    expect(drafts.orders.map((order: Order) => order._id)).toContain(draft._id);

    // A draft's status is not changed by the status calls: it is placed.
    const moved = await setStatus(draft._id, 'shipped');
    expect([moved.statusCode, moved.json().message]).toEqual([
      409,
      `Order #${draft._id.slice(-6)} is a draft: place it first`,
    ]);
    const bulk = await t.asAdmin('POST', '/api/order/bulk-status', { ids: [draft._id], status: 'processing' });
    expect(bulk.json().failed).toEqual([
      { _id: draft._id, message: `Order #${draft._id.slice(-6)} is a draft: place it first` },
    ]);

    const placed = await t.asAdmin('POST', `/api/order/order/${draft._id}/place`);
    expect(placed.statusCode, placed.body).toBe(200);
    expect(placed.json()).toMatchObject({ success: true, message: 'Order placed', order: { status: 'pending' } });
    expect(await sku(code)).toMatchObject({ countInStock: 5, reserved: 2, available: 3 });
    expect(await movements(`order=${draft._id}`)).toMatchObject([
      { field: 'reserved', delta: 2, reason: 'order_placed' },
    ]);
    const after = await kpis();
    const revenue = (summary: { kpis: { title: string; value: number }[] }) =>
      summary.kpis.find((kpi) => kpi.title === 'Total Revenue')!.value;
    expect(revenue(after)).toBeCloseTo(revenue(figures) + draft.totalPrice, 2);
    expect((await ofOrder(draft._id)).history!.at(-1)).toMatchObject({ type: 'status', from: 'draft', to: 'pending' });

    const again = await t.asAdmin('POST', `/api/order/order/${draft._id}/place`);
    expect([again.statusCode, again.json().message]).toEqual([
      409,
      `Order #${draft._id.slice(-6)} is not a draft: it was placed already`,
    ]);
    expect((await t.asAdmin('POST', `/api/order/order/${UNKNOWN_ID}/place`)).statusCode).toBe(404);
    expect(await ledgerMismatches(t.app.database.db)).toEqual([]);
  });

  it('keeps a draft whose units went meanwhile a draft, and says which SKU is short (409)', async () => {
    const product = await newProduct(3);
    const code = product.variants[0]!.sizes[0]!.sku!;
    const draft = (await place([line(product, 3)], { draft: true })).json().order as Order;
    expect((await place([line(product, 2)])).statusCode).toBe(201);
    const refused = await t.asAdmin('POST', `/api/order/order/${draft._id}/place`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: `Only 1 left of ${product.name} / Black / M`, sku: code, available: 1 });
    expect((await ofOrder(draft._id)).status).toBe('draft');
    expect(await sku(code)).toMatchObject({ reserved: 2, available: 1 });
  });
});

describe('a customer placing their own order', () => {
  it('places the given lines, or else the cart (which it empties), as the signed-in customer', async () => {
    const product = await newProduct(10, ['M', 'L']);
    const own = (body: Record<string, unknown>, token = t.customerToken) =>
      t.call('POST', '/api/order/place', {
        token,
        body: { shippingAddress: SHIP_TO, paymentMethod: 'cod', ...body },
      });
    const given = await own({ orderItems: [line(product, 2)], customer: UNKNOWN_ID, paymentStatus: 'paid' });
    expect(given.statusCode, given.body).toBe(201);
    expect(given.json().order).toMatchObject({
      user: { email: 'customer@example.com' },
      paymentResult: { status: 'pending' },
    });

    const cart = [{ productId: product._id, name: product.name, color: 'Black', size: 'L', quantity: 3 }];
    await t.app.database.db.execute(
      sql`update users set cart_data = ${JSON.stringify(cart)}::jsonb where email = 'customer@example.com'`,
    );
    const fromCart = await own({});
    expect(fromCart.statusCode, fromCart.body).toBe(201);
    expect(fromCart.json().order.orderItems).toMatchObject([{ size: 'L', qty: 3 }]);
    expect((await t.call('GET', '/api/auth/me', { token: t.customerToken })).json().user.cartData).toEqual([]);
    expect((await own({})).json().message).toBe('orderItems: the cart is empty; give the lines to order');
    expect((await own({ orderItems: [line(product, 1)] }, t.adminToken)).statusCode).toBe(403);
    expect(await sku(product.variants[0]!.sizes[1]!.sku!)).toMatchObject({ reserved: 3 });
  });
});

describe('coupons at placement', () => {
  const coupon = async (fields: Record<string, unknown>) => {
    const code = `STOCK${++serial}`;
    const response = await t.asAdmin('POST', '/api/coupon/add', {
      code,
      discountType: 'percentage',
      discountValue: 10,
      ...fields,
    });
    expect(response.statusCode, response.body).toBe(201);
    return code;
  };

  it('applies each rule: accepted within it, refused with a 400 naming it', async () => {
    const product = await newProduct(100);
    const order = (code: string, qty = 2) => place([line(product, qty)], { couponCode: code });
    const ok = await order(await coupon({}));
    expect(ok.json().order).toMatchObject({ discount: 100, taxPrice: 45, totalPrice: 945 });

    const expectRefused = async (code: string, message: string, qty = 2) => {
      const response = await order(code, qty);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(`couponCode: coupon ${code} ${message}`);
    };
    await expectRefused(await coupon({ isActive: false }), 'is not active');
    await expectRefused(await coupon({ expiresAt: '2020-01-01' }), 'has expired');
    const minimum = await coupon({ minOrderAmount: 1500 });
    await expectRefused(minimum, 'needs an order of at least 1500');
    expect((await order(minimum, 3)).json().order.discount).toBe(150);
    await expectRefused(
      await coupon({ applicableCategories: ['Women T-Shirts'] }),
      'applies to none of these products (its categories and collections)',
    );
    expect((await order(await coupon({ applicableCategories: ['Oversized'] }))).json().order.discount).toBe(100);
    expect((await order(await coupon({ applicableCollections: ['Wild life collection'] }))).json().order.discount).toBe(
      100,
    );
    expect((await order(await coupon({ discountValue: 50, maxDiscount: 120 }))).json().order.discount).toBe(120);
    expect((await order(await coupon({ discountType: 'flat', discountValue: 5000 }))).json().order.discount).toBe(1000);
    const unknown = await order('NOSUCHCODE');
    expect(unknown.json().message).toBe('couponCode: there is no coupon NOSUCHCODE');
  });
});

describe('adjustments', () => {
  it('adjusts by a delta or to a counted quantity, never below what is reserved, each a ledger row', async () => {
    const product = await newProduct(6);
    const code = product.variants[0]!.sizes[0]!.sku!;
    await place([line(product, 4)]);
    const adjust = (body: Record<string, unknown>, token = t.adminToken) =>
      t.call('POST', '/api/stock/adjust', { token, body: { sku: code, reason: 'adjustment', ...body } });
    expect((await adjust({ delta: -1, reason: 'damaged', note: 'Torn seam' })).json().sku).toMatchObject({
      countInStock: 5,
      reserved: 4,
      available: 1,
    });
    expect((await adjust({ counted: 12, reason: 'stocktake' })).json().sku).toMatchObject({ countInStock: 12 });
    const below = await adjust({ counted: 3 });
    expect(below.statusCode).toBe(409);
    expect(below.json().message).toBe(`${code}: 4 units are reserved by open orders, so on hand cannot go below that`);
    expect((await adjust({ delta: 1, counted: 2 })).statusCode).toBe(400);
    expect((await adjust({ delta: 1, reason: 'found-it' })).statusCode).toBe(400);
    expect(
      (
        await t.call('POST', '/api/stock/adjust', {
          token: t.adminToken,
          body: { sku: 'NOPE', delta: 1, reason: 'found' },
        })
      ).statusCode,
    ).toBe(404);
    const support = await staffMember(t, 'support');
    expect((await adjust({ delta: 1 }, support.token)).statusCode).toBe(403);
    expect((await t.call('GET', '/api/stock?_start=0&_end=1', { token: support.token })).statusCode).toBe(200);
    expect((await movements(`sku=${code}`)).map((m) => [m.reason, m.delta, m.note])).toEqual([
      ['product_form', 6, null],
      ['order_placed', 4, null],
      ['damaged', -1, 'Torn seam'],
      ['stocktake', 7, null],
    ]);
  });

  it('opens one low-stock alert per SKU when available falls to its line, and re-arms after a restock', async () => {
    const product = await newProduct(60);
    const code = product.variants[0]!.sizes[0]!.sku!;
    const open = async () =>
      ((await t.asAdmin('GET', '/api/stock/alerts')).json().alerts as { sku: string }[]).filter((a) => a.sku === code);
    await place([line(product, 5)]);
    expect(await open()).toEqual([]);
    await place([line(product, 6)]);
    await place([line(product, 1)]);
    expect(await open()).toHaveLength(1);
    await t.call('POST', '/api/stock/adjust', { token: t.adminToken, body: { sku: code, delta: 40, reason: 'found' } });
    expect(await open()).toEqual([]);
    await t.call('POST', '/api/stock/adjust', {
      token: t.adminToken,
      body: { sku: code, delta: -40, reason: 'damaged' },
    });
    expect(await open()).toHaveLength(1);
  });

  it('lists SKUs filtered to the low or the sold-out, sorted by availability, and as CSV', async () => {
    const low = await t.asAdmin('GET', '/api/stock?low=true&_sort=available&_order=asc&_start=0&_end=10');
    const skus = low.json().skus as StockSku[];
    expect(skus.length).toBeGreaterThan(0);
    for (const row of skus) expect(row.available).toBeLessThanOrEqual(row.lowStockAt);
    expect(skus.map((row) => row.available)).toEqual([...skus.map((row) => row.available)].sort((a, b) => a - b));
    const out = (await t.asAdmin('GET', '/api/stock?out=true&_start=0&_end=10')).json().skus as StockSku[];
    for (const row of out) expect(row.available).toBe(0);
    const csv = await t.asAdmin('GET', '/api/stock?format=csv&out=true');
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.split('\n')[0]).toContain('SKU');
    // Every SKU once, in batches walked by an expression's order (available, then the SKU).
    const total = (await t.asAdmin('GET', '/api/stock?_start=0&_end=1')).json().total as number;
    expect(total).toBeGreaterThan(500);
    const lines = (await t.asAdmin('GET', '/api/stock?format=csv&_sort=available&_order=desc')).body
      .trim()
      .split(/\r?\n/);
    const codes = lines.slice(1).map((line) => line.split(',')[0]);
    expect(new Set(codes).size).toBe(total);
  });
});

describe('the ledger', () => {
  it('equals every SKU’s units after any sequence of placements, status changes, adjustments and product edits', async () => {
    const product = await newProduct(6, ['M', 'L']);
    const orders: string[] = [];
    const step = fc.oneof(
      fc.record({
        kind: fc.constant('place' as const),
        size: fc.constantFrom('M', 'L'),
        qty: fc.integer({ min: 1, max: 4 }),
      }),
      fc.record({ kind: fc.constant('status' as const), pick: fc.nat(20), status: fc.constantFrom(...ORDER_STATUSES) }),
      fc.record({
        kind: fc.constant('adjust' as const),
        size: fc.constantFrom('M', 'L'),
        delta: fc.integer({ min: -5, max: 5 }),
      }),
      fc.record({ kind: fc.constant('edit' as const), size: fc.constantFrom('M', 'L'), count: fc.nat(12) }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 8 }), async (steps) => {
        for (const s of steps) {
          let response;
          if (s.kind === 'place') {
            response = await place([line(product, s.qty, 'Black', s.size)]);
            if (response.statusCode === 201) orders.push(response.json().order._id);
          } else if (s.kind === 'status') {
            if (orders.length === 0) continue;
            response = await setStatus(orders[s.pick % orders.length]!, s.status);
          } else if (s.kind === 'adjust') {
            if (s.delta === 0) continue;
            const code = product.variants[0]!.sizes.find((size) => size.size === s.size)!.sku!;
            response = await t.asAdmin('POST', '/api/stock/adjust', {
              sku: code,
              delta: s.delta,
              reason: 'adjustment',
            });
          } else {
            const now = (await t.asAdmin('GET', `/api/product/get-product-details/${product._id}`)).json()
              .product as Product;
            const sizes = now.variants[0]!.sizes.map((size) =>
              size.size === s.size ? { ...size, countInStock: s.count } : size,
            );
            response = await t.asAdmin('PUT', `/api/product/update-product/${product._id}`, {
              ...now,
              variants: [{ ...now.variants[0], sizes }],
            });
          }
          // A refusal is a 4xx with a message and moves nothing; anything else is a success.
          expect([200, 201, 400, 409], response.body).toContain(response.statusCode);
          expect(await ledgerMismatches(t.app.database.db)).toEqual([]);
        }
      }),
      { numRuns: 12 },
    );
  });
});

describe('the store’s low-stock line', () => {
  it('is LOW_STOCK_AT for a SKU without its own, and refuses a line that is no count', async () => {
    expect(() => loadConfig({ DATA_DIR: scratchDir('low-stock'), LOW_STOCK_AT: 'ten' })).toThrow(
      'LOW_STOCK_AT must be a whole number of units from 0 to 1000000',
    );
    // Last in the file: the line is the process's, and this app sets it for every app in it.
    const other = await startApp({ lowStockAt: 7 });
    try {
      const { skus } = (await other.call('GET', '/api/stock?_start=0&_end=3', { token: other.adminToken })).json();
      expect((skus as StockSku[]).map((row) => row.lowStockAt)).toEqual([7, 7, 7]);
    } finally {
      await other.close();
    }
  });
});
