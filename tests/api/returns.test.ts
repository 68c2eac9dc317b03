import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order, Product, StockMovement, StockSku } from '../../src/domain';
import type { OrderEditPreview, ReturnRecord } from '../../src/domain/returns';
import { ledgerMismatches, staffMember, startApp, UNKNOWN_ID, type TestApp } from './helpers';

/**
 * Orders after the sale: edits before shipping (previewed, then applied against the version loaded),
 * returns and size exchanges of shipped orders, refunds never above what was paid, and store credit as a
 * single-use coupon of the customer's. Every unit moves through the stock ledger.
 */

let t: TestApp;
beforeAll(async () => {
  t = await startApp();
});
afterAll(() => t.close());

let serial = 0;
/** A new active product in Black, each size with `stock` units at `prices[size]` (500 unless said). */
async function newProduct(stock: number, sizes = ['M', 'L'], prices: Record<string, number> = {}): Promise<Product> {
  const response = await t.asAdmin('POST', '/api/product/add-product', {
    name: `Return Tee ${++serial}`,
    status: 'active',
    categories: ['Oversized'],
    variants: [
      {
        color: 'Black',
        isMain: true,
        sizes: sizes.map((size) => ({ size, price: prices[size] ?? 500, mrp: 900, countInStock: stock })),
      },
    ],
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().product as Product;
}

const SHIP_TO = { name: 'Asha Rao', address: '12 MG Road', city: 'Bengaluru', pincode: '560001', phone: '1' };
let customers = 0;
const line = (product: Product, qty: number, size = 'M') => ({ product: product._id, color: 'Black', size, qty });
async function place(orderItems: unknown[], extra: Record<string, unknown> = {}): Promise<Order> {
  const response = await t.asAdmin('POST', '/api/order/create', {
    customer: { fullname: 'Return Customer', email: `return.customer.${++customers}@example.com` },
    shippingAddress: SHIP_TO,
    orderItems,
    paymentMethod: 'online',
    paymentStatus: 'paid',
    shippingPrice: 0,
    ...extra,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().order as Order;
}
const setStatus = async (id: string, status: string) =>
  expect((await t.asAdmin('PUT', `/api/order/update-status/${id}`, { status })).statusCode).toBe(200);
const order = async (id: string) => (await t.asAdmin('GET', `/api/order/order/${id}`)).json().order as Order;
const skuOf = async (code: string) =>
  (await t.asAdmin('GET', `/api/stock?q=${encodeURIComponent(code)}&_start=0&_end=5`))
    .json()
    .skus.find((row: StockSku) => row.sku === code) as StockSku;
const skuCode = (product: Product, size: string) => product.variants[0]!.sizes.find((s) => s.size === size)!.sku!;
/** A return of `qty` units of one line of the order, why and for what (`exchangeTo`, `note` beside). */
const requestReturn = (
  id: string,
  line: string | undefined,
  qty: number,
  reason: string,
  resolution: string,
  extra: { exchangeTo?: { size: string }; note?: string } = {},
) =>
  t.asAdmin('POST', `/api/order/order/${id}/returns`, {
    items: [{ line, qty, reason, resolution, ...(extra.exchangeTo && { exchangeTo: extra.exchangeTo }) }],
    note: extra.note,
  });

describe('order lines', () => {
  it('each carry an _id of their own', async () => {
    const product = await newProduct(10);
    const placed = await place([line(product, 1, 'M'), line(product, 2, 'L')]);
    const ids = placed.orderItems.map((item) => item._id);
    expect(ids).toEqual([expect.stringMatching(/^[0-9a-f]{24}$/), expect.stringMatching(/^[0-9a-f]{24}$/)]);
    expect(new Set(ids).size).toBe(2);
  });
});

describe('editing an order before it ships', () => {
  it('previews exactly what the edit then writes, moves the reservations as order_edited and says what changed', async () => {
    const product = await newProduct(10, ['M', 'L'], { M: 500, L: 700 });
    const placed = await place([line(product, 2, 'M')]);
    const body = { orderItems: [line(product, 1, 'M'), line(product, 1, 'L')] };
    const preview = await t.asAdmin('POST', `/api/order/order/${placed._id}/edit/preview`, body);
    expect(preview.statusCode, preview.body).toBe(200);
    const shown = preview.json() as OrderEditPreview;
    expect(shown.before.totalPrice).toBe(placed.totalPrice);
    expect(shown.after.itemsPrice).toBe(1200);
    expect(shown.changes).toEqual([`-1 ${product.name} Black M`, `+1 ${product.name} Black L`]);
    expect(shown.stock).toEqual([
      { sku: skuCode(product, 'L'), change: 1, available: 10, enough: true },
      { sku: skuCode(product, 'M'), change: -1, available: 8, enough: true },
    ]);
    // The preview wrote nothing.
    expect((await order(placed._id)).totalPrice).toBe(placed.totalPrice);

    const edited = await t.asAdmin('PUT', `/api/order/order/${placed._id}/items`, {
      ...body,
      updatedAt: placed.updatedAt,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const after = edited.json().order as Order;
    expect(after.totalPrice).toBe(shown.after.totalPrice);
    expect(after.taxPrice).toBe(shown.after.taxPrice);
    expect(after.orderItems.map(({ size, qty, price }) => ({ size, qty, price }))).toEqual([
      { size: 'M', qty: 1, price: 500 },
      { size: 'L', qty: 1, price: 700 },
    ]);
    // The kept line keeps its id.
    expect(after.orderItems[0]!._id).toBe(placed.orderItems[0]!._id);
    expect(after.history!.at(-1)).toMatchObject({ type: 'edit', text: shown.changes.join(', ') });
    expect(await skuOf(skuCode(product, 'M'))).toMatchObject({ reserved: 1, available: 9 });
    expect(await skuOf(skuCode(product, 'L'))).toMatchObject({ reserved: 1, available: 9 });
    const moved = (await t.asAdmin('GET', `/api/stock/movements?order=${placed._id}&reason=order_edited`)).json()
      .movements as StockMovement[];
    expect(moved.map(({ sku, delta }) => ({ sku, delta })).sort((a, b) => a.sku.localeCompare(b.sku))).toEqual([
      { sku: skuCode(product, 'L'), delta: 1 },
      { sku: skuCode(product, 'M'), delta: -1 },
    ]);
    expect(await ledgerMismatches(t.app.database.db)).toEqual([]);
  });

  it('refuses a stale edit, a SKU short of units and a shipped order with a 409, writing nothing', async () => {
    const product = await newProduct(3);
    const placed = await place([line(product, 1)]);
    const stale = await t.asAdmin('PUT', `/api/order/order/${placed._id}/items`, {
      orderItems: [line(product, 2)],
      updatedAt: new Date(Date.parse(placed.updatedAt) - 1000).toISOString(),
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toMatch(/changed since you loaded it/);

    const short = await t.asAdmin('PUT', `/api/order/order/${placed._id}/items`, {
      orderItems: [line(product, 5)],
      updatedAt: placed.updatedAt,
    });
    expect(short.statusCode).toBe(409);
    expect(short.json()).toMatchObject({ sku: skuCode(product, 'M'), field: 'orderItems.0.qty' });
    expect((await order(placed._id)).orderItems[0]!.qty).toBe(1);
    expect(await skuOf(skuCode(product, 'M'))).toMatchObject({ reserved: 1 });

    await setStatus(placed._id, 'shipped');
    const shipped = await t.asAdmin('POST', `/api/order/order/${placed._id}/edit/preview`, {
      orderItems: [line(product, 1)],
    });
    expect(shipped.statusCode).toBe(409);
    expect(shipped.json().message).toBe('Shipped orders cannot be edited');
    expect(
      (await t.asAdmin('POST', `/api/order/order/${UNKNOWN_ID}/edit/preview`, { orderItems: [line(product, 1)] }))
        .statusCode,
    ).toBe(404);
    expect(
      (await t.asAdmin('POST', `/api/order/order/${placed._id}/edit/preview`, { orderItems: [] })).statusCode,
    ).toBe(400);
  });
});

describe('returns and exchanges', () => {
  it('exchanges M for L on a delivered order: L reserved at once on a free replacement order, M restocked when received', async () => {
    const product = await newProduct(5);
    const placed = await place([line(product, 1, 'M')]);
    await setStatus(placed._id, 'delivered');
    const m = skuCode(product, 'M');
    const l = skuCode(product, 'L');
    expect(await skuOf(m)).toMatchObject({ countInStock: 4 });

    const asked = await requestReturn(placed._id, placed.orderItems[0]!._id, 1, 'too_small', 'exchange', {
      exchangeTo: { size: 'L' },
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const made = asked.json().return as ReturnRecord;
    expect(made).toMatchObject({ status: 'requested', refundDue: 0, qty: 1, reasons: ['too_small'] });
    expect(made.items[0]).toMatchObject({ size: 'M', exchangeTo: { size: 'L', sku: l }, amount: 500 });
    const replacement = await order(made.exchangeOrder!._id);
    expect(replacement).toMatchObject({ status: 'pending', totalPrice: 0, exchangeFor: placed._id });
    expect(await skuOf(l)).toMatchObject({ reserved: 1 });
    expect((await order(placed._id)).history!.at(-1)).toMatchObject({ type: 'return' });

    const received = await t.asAdmin('POST', `/api/returns/${made._id}/receive`, {
      items: [{ line: placed.orderItems[0]!._id, disposition: 'restock' }],
    });
    expect(received.statusCode, received.body).toBe(200);
    expect(received.json().return.status).toBe('received');
    expect(await skuOf(m)).toMatchObject({ countInStock: 5 });
    const restocked = (await t.asAdmin('GET', `/api/stock/movements?sku=${m}&reason=return_restocked`)).json()
      .movements as StockMovement[];
    expect(restocked).toMatchObject([{ delta: 1, order: placed._id }]);
    expect((await t.asAdmin('POST', `/api/returns/${made._id}/close`)).json().return.status).toBe('closed');
    // The product's return rate by size: of the M shipped in the last 90 days, all came back.
    const details = (await t.asAdmin('GET', `/api/product/get-product-details/${product._id}`)).json();
    expect(details.returnRates).toEqual([{ size: 'M', sold: 1, returned: 1, rate: 1 }]);
    expect(await ledgerMismatches(t.app.database.db)).toEqual([]);
  });

  it('refuses an exchange for a size with no units (409 naming the SKU) and over-returning a line (400), writing nothing', async () => {
    const product = await newProduct(1);
    const placed = await place([line(product, 1, 'L')]);
    const other = await place([line(product, 1, 'M')]);
    await setStatus(placed._id, 'shipped');
    const lineId = placed.orderItems[0]!._id;
    const short = await requestReturn(placed._id, lineId, 1, 'too_large', 'exchange', { exchangeTo: { size: 'M' } });
    expect(short.statusCode, short.body).toBe(409);
    expect(short.json()).toMatchObject({ sku: skuCode(product, 'M'), field: 'items.0.exchangeTo' });
    const none = (await t.asAdmin('GET', `/api/returns?order=${placed._id}`)).json();
    expect(none.total).toBe(0);
    expect(
      (await t.asAdmin('GET', `/api/order/all-orders?user=${placed.user!._id}&_start=0&_end=10`)).json().orders,
    ).toHaveLength(1);

    const over = await requestReturn(placed._id, lineId, 2, 'defective', 'refund');
    expect(over.statusCode).toBe(400);
    expect(over.json().message).toMatch(/^items\.0\.qty: at most 1 /);
    const pending = await requestReturn(other._id, other.orderItems[0]!._id, 1, 'other', 'refund');
    expect(pending.statusCode).toBe(409);
    const missing = await requestReturn(placed._id, UNKNOWN_ID, 1, 'other', 'refund');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toMatch(/^items\.0\.line/);
  });

  it('refunds what was paid for the units, less their share of the coupon, and never more than was paid (422)', async () => {
    const product = await newProduct(10);
    const code = `RET${Date.now().toString(36).toUpperCase()}`;
    const coupon = await t.asAdmin('POST', '/api/coupon/add', {
      code,
      discountType: 'percentage',
      discountValue: 10,
      minOrderAmount: 0,
      expiresAt: '2999-01-01T00:00:00.000Z',
      isActive: true,
    });
    expect(coupon.statusCode, coupon.body).toBe(201);
    const placed = await place([line(product, 2, 'M')], { couponCode: code });
    expect(placed.discount).toBe(100);
    await setStatus(placed._id, 'delivered');
    const lineId = placed.orderItems[0]!._id;
    const first = (await requestReturn(placed._id, lineId, 1, 'changed_mind', 'refund')).json().return as ReturnRecord;
    expect(first.refundDue).toBe(450);
    const monthSales = async () =>
      (await t.asAdmin('GET', '/api/order/monthly-sales')).json().data.at(-1).sales as number;
    const salesBefore = await monthSales();
    const refunded = await t.asAdmin('POST', `/api/returns/${first._id}/refund`);
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(refunded.json().return.refunded).toBe(450);
    // A refund comes off the revenue of the month it is made in.
    expect(await monthSales()).toBeCloseTo(salesBefore - 450, 2);
    expect((await t.asAdmin('POST', `/api/returns/${first._id}/refund`)).statusCode).toBe(409);
    expect(await order(placed._id)).toMatchObject({ refunded: 450, paymentResult: { status: 'paid' } });

    // What was paid, less what went back, bounds the next refund: knock the paid total down to make it short.
    const second = (await requestReturn(placed._id, lineId, 1, 'defective', 'refund')).json().return as ReturnRecord;
    const { db } = t.app.database;
    const { sql } = await import('drizzle-orm');
    await db.execute(sql`update orders set total_price = 800 where id = ${placed._id}`);
    const over = await t.asAdmin('POST', `/api/returns/${second._id}/refund`);
    expect(over.statusCode).toBe(422);
    expect(over.json().message).toMatch(/₹900\.00.*₹800\.00/);
    await db.execute(sql`update orders set total_price = ${placed.totalPrice} where id = ${placed._id}`);
    const rest = await t.asAdmin('POST', `/api/returns/${second._id}/refund`);
    expect(rest.statusCode, rest.body).toBe(200);
    expect((await order(placed._id)).refunded).toBe(900);
  });

  it('refunds a cash-on-delivery order only what was collected: its advance until the rest is paid', async () => {
    const product = await newProduct(10);
    const placed = await place([line(product, 2, 'M')], {
      paymentMethod: 'cod',
      paymentStatus: 'pending',
      advancePaid: 200,
    });
    // Two units of ₹500 and the cash-on-delivery fee of ₹50.
    expect(placed).toMatchObject({ totalPrice: 1050, advancePaid: 200, remainingCOD: 850 });
    await setStatus(placed._id, 'delivered');
    const lineId = placed.orderItems[0]!._id;
    const first = (await requestReturn(placed._id, lineId, 1, 'changed_mind', 'refund')).json().return as ReturnRecord;
    expect(first.refundDue).toBe(500);
    // ₹500 due, ₹200 collected: refused, naming both, and nothing paid back.
    const over = await t.asAdmin('POST', `/api/returns/${first._id}/refund`);
    expect(over.statusCode).toBe(422);
    expect(over.json().message).toMatch(/₹500\.00.*₹200\.00/);
    expect(await order(placed._id)).toMatchObject({ refunded: 0, paymentResult: { status: 'pending' } });

    // The same order paid in full on delivery refunds both units; the fee stays paid, so the order is not all refunded.
    const paid = await place([line(product, 2, 'M')], { paymentMethod: 'cod', paymentStatus: 'paid' });
    await setStatus(paid._id, 'delivered');
    const both = (await requestReturn(paid._id, paid.orderItems[0]!._id, 2, 'defective', 'refund')).json()
      .return as ReturnRecord;
    const refunded = await t.asAdmin('POST', `/api/returns/${both._id}/refund`);
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(await order(paid._id)).toMatchObject({ refunded: 1000, paymentResult: { status: 'paid' } });
  });

  it('issues store credit as a single-use coupon bound to the customer', async () => {
    const product = await newProduct(10);
    const placed = await place([line(product, 1, 'M')]);
    await setStatus(placed._id, 'delivered');
    const made = (
      await requestReturn(placed._id, placed.orderItems[0]!._id, 1, 'colour_not_as_shown', 'store_credit')
    ).json().return as ReturnRecord;
    const credited = (await t.asAdmin('POST', `/api/returns/${made._id}/refund`)).json().return as ReturnRecord;
    expect(credited.storeCredit).toMatchObject({ code: expect.stringMatching(/^CREDIT-/), amount: 500 });
    const code = credited.storeCredit!.code;

    const stranger = await t.asAdmin('POST', '/api/order/create', {
      customer: { fullname: 'Someone Else', email: `someone.else.${Date.now()}@example.com` },
      shippingAddress: SHIP_TO,
      orderItems: [line(product, 1)],
      paymentMethod: 'online',
      couponCode: code,
    });
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json().message).toMatch(/another customer/);
    const own = await t.asAdmin('POST', '/api/order/create', {
      customer: placed.user!._id,
      shippingAddress: SHIP_TO,
      orderItems: [line(product, 2)],
      paymentMethod: 'online',
      couponCode: code,
    });
    expect(own.statusCode, own.body).toBe(201);
    expect(own.json().order.discount).toBe(500);
    const again = await t.asAdmin('POST', '/api/order/create', {
      customer: placed.user!._id,
      shippingAddress: SHIP_TO,
      orderItems: [line(product, 2)],
      paymentMethod: 'online',
      couponCode: code,
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toMatch(/used already/);
  });

  it('lists returns with their filters and search, as CSV too, rejects with a reason and freeing the exchange, and lets support read but not refund', async () => {
    const product = await newProduct(10);
    const placed = await place([line(product, 2, 'M')]);
    await setStatus(placed._id, 'shipped');
    const made = (
      await requestReturn(placed._id, placed.orderItems[0]!._id, 1, 'too_small', 'exchange', {
        exchangeTo: { size: 'L' },
        note: 'Customer called',
      })
    ).json().return as ReturnRecord;
    const listed = (
      await t.asAdmin(
        'GET',
        `/api/returns?reason=too_small&resolution=exchange&status=requested&q=${placed._id.slice(-6)}&_start=0&_end=10`,
      )
    ).json();
    expect(listed.returns.map((row: ReturnRecord) => row._id)).toEqual([made._id]);
    expect((await t.asAdmin('GET', `/api/returns?reason=defective&q=${placed._id.slice(-6)}`)).json().total).toBe(0);
    expect((await t.asAdmin('GET', '/api/returns?reason=wrong')).statusCode).toBe(400);
    const csv = await t.asAdmin('GET', `/api/returns?format=csv&order=${placed._id}`);
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('Return ID,Order ID,Customer,Status');
    expect(csv.body).toContain(made._id);

    const support = await staffMember(t, 'support');
    expect((await t.call('GET', `/api/returns/${made._id}`, { token: support.token })).statusCode).toBe(200);
    expect((await t.call('POST', `/api/returns/${made._id}/refund`, { token: support.token })).statusCode).toBe(403);
    expect((await t.call('GET', '/api/returns', { token: t.customerToken })).statusCode).toBe(403);

    expect((await t.asAdmin('POST', `/api/returns/${made._id}/reject`, {})).statusCode).toBe(400);
    const rejected = await t.asAdmin('POST', `/api/returns/${made._id}/reject`, { reason: 'Worn and washed' });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json().return).toMatchObject({ status: 'rejected', rejectReason: 'Worn and washed' });
    expect((await order(made.exchangeOrder!._id)).status).toBe('cancelled');
    expect(await skuOf(skuCode(product, 'L'))).toMatchObject({ reserved: 0 });
    expect((await t.asAdmin('POST', `/api/returns/${made._id}/close`)).statusCode).toBe(409);
    expect((await t.asAdmin('GET', `/api/returns/${UNKNOWN_ID}`)).statusCode).toBe(404);
  });
});
