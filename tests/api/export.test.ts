import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  couponsContract,
  customersContract,
  ordersContract,
  productsContract,
  type Coupon,
  type Order,
  type Product,
  type SessionUser,
} from '../../src/domain';
import { coupons, orders, products, users } from '../../src/server/db/schema';
import { cursorColumns, listInBatches, parseListQuery, type ListQuery } from '../../src/server/list-query';
import { servedCoupons } from '../../src/server/resources/coupons';
import { servedCustomers } from '../../src/server/resources/customers';
import { orderListSpec } from '../../src/server/services/orders';
import { productListSpec } from '../../src/server/services/products';
import { staffMember, startApp, type TestApp } from './helpers';

/**
 * `?format=csv` on the four lists staff export: the grid's rows (its search, filters and sort, every
 * page) as a spreadsheet reads them, streamed in keyset batches.
 */

let t: TestApp;
beforeAll(async () => {
  t = await startApp();
});
afterAll(() => t.close());

const get = (url: string, token = t.adminToken) => t.call('GET', url, { token });

/** RFC 4180, strictly: quoted fields may hold commas, quotes (doubled) and line breaks; lines end with CRLF. */
function parseCsv(text: string): string[][] {
  expect(text.startsWith('\uFEFF'), 'the file starts with the UTF-8 byte order mark').toBe(true);
  const body = text.slice(1);
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let i = 0;
  while (i < body.length) {
    if (body[i] === '"') {
      i++;
      for (;;) {
        const quote = body.indexOf('"', i);
        if (quote < 0) throw new Error('unterminated quoted field');
        field += body.slice(i, quote);
        i = quote + 1;
        if (body[i] !== '"') break;
        field += '"';
        i++;
      }
      if (i < body.length && body[i] !== ',' && body[i] !== '\r') throw new Error(`text after a quoted field at ${i}`);
    } else {
      while (i < body.length && body[i] !== ',' && body[i] !== '\r') {
        if (body[i] === '\n' || body[i] === '"') throw new Error(`a bare ${JSON.stringify(body[i])} at ${i}`);
        field += body[i++];
      }
    }
    if (body[i] === ',') {
      row.push(field);
      field = '';
      i++;
    } else {
      if (body.slice(i, i + 2) !== '\r\n') throw new Error(`a line that does not end with CRLF at ${i}`);
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i += 2;
    }
  }
  return rows;
}

/** The file's rows as objects by header, after checking the download's headers. */
function csvRecords(response: LightMyRequestResponse, name: string): Record<string, string>[] {
  expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
  expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
  expect(response.headers['content-disposition']).toBe(
    `attachment; filename="${name}-${new Date().toISOString().slice(0, 10)}.csv"`,
  );
  const [header, ...lines] = parseCsv(response.body);
  for (const line of lines) expect(line).toHaveLength(header!.length);
  return lines.map((line) => Object.fromEntries(header!.map((column, i) => [column, line[i]!])));
}

const headerOf = (response: LightMyRequestResponse) => parseCsv(response.body)[0];

describe('orders as CSV', () => {
  it('exports every order of a status filter: as many rows as the list counts, all of that status', async () => {
    const page = await get('/api/order/all-orders?status=delivered&_start=0&_end=10');
    const total = page.json<{ total: number }>().total;
    expect(total).toBeGreaterThan(10);

    const response = await get('/api/order/all-orders?status=delivered&_start=0&_end=10&format=csv');
    const rows = csvRecords(response, 'orders');
    expect(headerOf(response)).toEqual([
      'Order ID',
      'Order',
      'Ship to',
      'Customer',
      'Email',
      'Status',
      'Payment',
      'Total',
      'Date',
    ]);
    expect(rows).toHaveLength(total);
    expect(response.headers['x-total-count']).toBe(String(total));
    expect(new Set(rows.map((row) => row.Status))).toEqual(new Set(['Delivered']));
  });

  it('holds the rows of the list, in its order, with plain money, ISO dates and labels', async () => {
    const all = (await get('/api/order/all-orders?_sort=totalPrice&_order=asc')).json<{ orders: Order[] }>().orders;
    const rows = csvRecords(await get('/api/order/all-orders?_sort=totalPrice&_order=asc&format=csv'), 'orders');
    expect(rows.map((row) => row['Order ID'])).toEqual(all.map((order) => order._id));
    const order = all.find((o) => o.user !== null && o.totalPrice >= 1000)!;
    const row = rows.find((r) => r['Order ID'] === order._id)!;
    expect(row).toEqual({
      'Order ID': order._id,
      Order: `#${order._id.slice(-6)}`,
      'Ship to': order.shippingAddress.city,
      Customer: order.user!.fullname,
      Email: order.user!.email,
      Status: {
        draft: 'Draft',
        pending: 'Pending',
        processing: 'Processing',
        shipped: 'Shipped',
        delivered: 'Delivered',
        cancelled: 'Cancelled',
      }[order.status],
      Payment: { paid: 'Paid', pending: 'Pending', refunded: 'Refunded' }[order.paymentResult.status],
      Total: order.totalPrice.toFixed(2),
      Date: order.createdAt,
    });
    expect(row.Total).toMatch(/^\d+\.\d\d$/);
    expect(row.Date).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });

  it('honours the search, and answers the whole list whatever page was asked', async () => {
    const email = (await get('/api/order/all-orders?_start=0&_end=1')).json<{ orders: Order[] }>().orders[0]!.user!
      .email;
    const found = (await get(`/api/order/all-orders?q=${encodeURIComponent(email)}`)).json<{ orders: Order[] }>()
      .orders;
    expect(found.length).toBeGreaterThan(1);
    const rows = csvRecords(
      await get(`/api/order/all-orders?q=${encodeURIComponent(email)}&_start=0&_end=1&format=csv`),
      'orders',
    );
    expect(rows.map((row) => row['Order ID'])).toEqual(found.map((order) => order._id));
    expect(new Set(rows.map((row) => row.Email))).toEqual(new Set([email]));
  });

  it('answers a HEAD with the headers and the count, without the file', async () => {
    const response = await t.app.inject({
      method: 'HEAD',
      url: '/api/order/all-orders?status=pending&format=csv',
      headers: { authorization: `Bearer ${t.adminToken}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(Number(response.headers['x-total-count'])).toBeGreaterThan(0);
    expect(response.body).toBe('');
  });
});

describe('products as CSV', () => {
  const NAMES = [
    '=HYPERLINK("http://evil.example","click"), then',
    '+SUM(1,2)',
    '-2+3',
    '@cmd',
    'Quote "this" tee',
    'Tab\tTee',
  ];
  beforeAll(async () => {
    for (const name of NAMES) {
      const created = await t.call('POST', '/api/product/add-product', {
        token: t.adminToken,
        body: { name: `${name} Zebra`, status: 'active', categories: ['Oversized'] },
      });
      expect(created.statusCode).toBe(201);
    }
  });

  it('quotes per RFC 4180 and neutralises what a spreadsheet would run as a formula', async () => {
    const response = await get('/api/product/get-all-products?q=zebra&_sort=name&_order=asc&format=csv');
    const names = csvRecords(response, 'products').map((row) => row.Name);
    expect(names).toEqual(
      NAMES.map((name) => `${name} Zebra`)
        .sort()
        .map((name) => (/^[=+\-@\t]/.test(name) ? `'${name}` : name)),
    );
    // The raw text, as a spreadsheet receives it.
    expect(response.body).toContain(`,"'=HYPERLINK(""http://evil.example"",""click""), then Zebra",`);
    expect(response.body).toContain(`,"'+SUM(1,2) Zebra",`);
    expect(response.body).toContain(`,'-2+3 Zebra,`);
    expect(response.body).toContain(`,"Quote ""this"" tee Zebra",`);
  });

  it("holds the grid's columns for the list as filtered and sorted", async () => {
    const list = (await get('/api/product/get-all-products?category=Oversized&_sort=totalStock&_order=desc')).json<{
      products: Product[];
    }>().products;
    const response = await get(
      '/api/product/get-all-products?category=Oversized&_sort=totalStock&_order=desc&format=csv',
    );
    expect(headerOf(response)).toEqual([
      'Product ID',
      'Name',
      'Image',
      'Categories',
      'Variants',
      'Stock',
      'Status',
      'Created',
    ]);
    const rows = csvRecords(response, 'products');
    expect(rows.map((row) => row['Product ID'])).toEqual(list.map((product) => product._id));
    const product = list.find((p) => p.variants.length > 1 && p.categories.length > 1)!;
    expect(rows.find((row) => row['Product ID'] === product._id)).toMatchObject({
      Categories: product.categories.join('; '),
      Variants: product.variants.map((variant) => variant.color).join('; '),
      Stock: String(product.totalStock),
      Status: { active: 'Active', inactive: 'Inactive', coming_soon: 'Coming Soon' }[product.status],
      Created: product.createdAt,
    });
  });
});

describe('customers and coupons as CSV', () => {
  it('exports the customers list with its filter, sort and columns', async () => {
    const list = (await get('/api/auth/users?role=customer&_sort=email&_order=asc')).json<{ users: SessionUser[] }>()
      .users;
    const response = await get('/api/auth/users?role=customer&_sort=email&_order=asc&format=csv');
    expect(headerOf(response)).toEqual(['Customer ID', 'Name', 'Email', 'Phone', 'Role', 'Cart Items', 'Created']);
    const rows = csvRecords(response, 'customers');
    expect(rows.map((row) => row.Email)).toEqual(list.map((user) => user.email));
    expect(new Set(rows.map((row) => row.Role))).toEqual(new Set(['Customer']));
    expect(rows.some((row) => row['Cart Items'] === 'No items')).toBe(true);
    expect(rows.some((row) => / pcs/.test(row['Cart Items']!))).toBe(true);
  });

  it('exports coupons: a code a spreadsheet would read as a formula neutralised, no expiry left empty, money with 2 decimals', async () => {
    const code = `-CMD${Date.now()}`;
    const added = await t.call('POST', '/api/coupon/add', {
      token: t.adminToken,
      body: {
        code,
        discountType: 'flat',
        discountValue: 150,
        minOrderAmount: 999.5,
        expiresAt: null,
        isActive: false,
        applicableCategories: ['Oversized', 'Regular fit'],
      },
    });
    expect(added.statusCode).toBe(201);
    const response = await get('/api/coupon/allcoupons?isActive=false&format=csv');
    expect(headerOf(response)).toEqual([
      'Code',
      'Type',
      'Value',
      'Min Order',
      'Max Discount',
      'Collections',
      'Categories',
      'Expiry Date',
      'Status',
      'Created',
    ]);
    const rows = csvRecords(response, 'coupons');
    expect(rows.length).toBe((await get('/api/coupon/allcoupons?isActive=false')).json<{ total: number }>().total);
    expect(rows.find((row) => row.Code === `'${code}`)).toEqual({
      Code: `'${code}`,
      Type: 'Flat',
      Value: '150.00',
      'Min Order': '999.50',
      'Max Discount': '',
      Collections: '',
      Categories: 'Oversized; Regular fit',
      'Expiry Date': '',
      Status: 'Inactive',
      Created: added.json<{ coupon: Coupon }>().coupon.createdAt,
    });
  });
});

describe('who may export, and what is refused', () => {
  const EXPORTS = [
    '/api/order/all-orders',
    '/api/product/get-all-products',
    '/api/auth/users',
    '/api/coupon/allcoupons',
  ];

  it.each(EXPORTS)('%s?format=csv: 401 without a token, 403 to a customer, a file to every staff role', async (url) => {
    expect((await t.call('GET', `${url}?format=csv`)).statusCode).toBe(401);
    expect((await get(`${url}?format=csv`, t.customerToken)).statusCode).toBe(403);
    const support = await staffMember(t, 'support');
    expect((await get(`${url}?format=csv`, support.token)).headers['content-type']).toBe('text/csv; charset=utf-8');
  });

  it.each(EXPORTS)('%s answers 400 naming the parameter for another format or a bad filter', async (url) => {
    expect((await get(`${url}?format=xlsx`)).json()).toEqual({ message: 'format: must be csv' });
    expect((await get(`${url}?format=csv&nothing=1`)).json().message).toMatch(/^nothing: unknown filter/);
  });

  it('leaves the JSON list as it was without format', async () => {
    const response = await get('/api/coupon/allcoupons?_start=0&_end=2');
    expect(response.headers['content-type']).toMatch(/application\/json/);
    expect(response.json().coupons).toHaveLength(2);
  });
});

describe('reading a list in keyset batches', () => {
  /** The ids of the whole list, `size` rows per query, as the export reads them. */
  async function batchedIds(
    list: ListQuery,
    table: typeof orders | typeof products | typeof users | typeof coupons,
    size: number,
  ): Promise<string[]> {
    const db = t.app.database.db;
    const select = () => db.select({ cursor: cursorColumns(list) }).from(table as typeof orders);
    const ids: string[] = [];
    let queries = 0;
    for await (const batch of listInBatches(list, select, size)) {
      queries++;
      expect(batch.length).toBeLessThanOrEqual(size);
      ids.push(...batch.map((row) => row.cursor.id));
    }
    expect(queries).toBeGreaterThanOrEqual(Math.floor(ids.length / size));
    return ids;
  }

  beforeAll(async () => {
    // Coupons that never expire between ones that do: a nullable sort key, nulls last going up and first going down.
    for (const expiresAt of [null, '2030-05-01', null, '2031-01-01', null, '2030-05-01']) {
      await t.call('POST', '/api/coupon/add', {
        token: t.adminToken,
        body: {
          code: `KS${Math.random().toString(36).slice(2, 10)}`,
          discountType: 'flat',
          discountValue: 5,
          expiresAt,
        },
      });
    }
  });

  const LISTS = [
    {
      name: 'orders',
      sorts: ordersContract.list.sort,
      url: '/api/order/all-orders',
      key: 'orders',
      spec: orderListSpec,
      table: orders,
      query: { status: ['delivered', 'shipped'] },
    },
    {
      name: 'products',
      sorts: productsContract.list.sort,
      url: '/api/product/get-all-products',
      key: 'products',
      spec: productListSpec,
      table: products,
      query: {},
    },
    {
      name: 'users',
      sorts: customersContract.list.sort,
      url: '/api/auth/users',
      key: 'users',
      spec: servedCustomers.list,
      table: users,
      query: {},
    },
  ] as const;

  for (const { name, sorts, url, key, spec, table, query } of LISTS) {
    for (const sort of sorts) {
      for (const order of ['asc', 'desc'] as const) {
        it(`gives ${name} sorted by ${sort} ${order} exactly as the list does`, async () => {
          const params = new URLSearchParams({ _sort: sort, _order: order });
          for (const [field, values] of Object.entries(query)) for (const value of values) params.append(field, value);
          const body = (await get(`${url}?${params}`)).json<Record<string, { _id: string }[]>>();
          const expected = body[key]!.map((row) => row._id);
          const list = parseListQuery(
            { ...query, _sort: sort, _order: order },
            spec as Parameters<typeof parseListQuery>[1],
          );
          expect(await batchedIds(list, table, 7)).toEqual(expected);
        });
      }
    }
  }

  for (const sort of couponsContract.list.sort) {
    for (const order of ['asc', 'desc'] as const) {
      it(`gives coupons sorted by ${sort} ${order} exactly as the list does, nulls included`, async () => {
        const expected = (await get(`/api/coupon/allcoupons?_sort=${sort}&_order=${order}`))
          .json<{ coupons: Coupon[] }>()
          .coupons.map((c) => c._id);
        const list = parseListQuery({ _sort: sort, _order: order }, servedCoupons.list);
        expect(await batchedIds(list, coupons, 3)).toEqual(expected);
      });
    }
  }
});
