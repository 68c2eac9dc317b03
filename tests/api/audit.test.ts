import type { LightMyRequestResponse } from 'fastify';
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEvent, StockSku } from '../../src/domain';
import { DEFAULT_ADMIN, loadConfig } from '../../src/server/config';
import { auditEvents } from '../../src/server/db/schema';
import { isWritable, type WritableResource } from '../../src/server/resource-routes';
import { serverResources } from '../../src/server/resources';
import { pruneAudit } from '../../src/server/services/audit';
import { STAFF_PASSWORD, UNKNOWN_ID, scratchDir, staffMember, startApp, type TestApp } from './helpers';

/**
 * The audit log: every route that changes something records each record it changed, in the change's
 * transaction, with who, what and which fields; a refused call records nothing; the log cannot be
 * rewritten; admins read it at GET /api/audit.
 */

let t: TestApp;
let adminId: string;
let customerId: string;
beforeAll(async () => {
  t = await startApp();
  adminId = (await t.call('GET', '/api/auth/me', { token: t.adminToken })).json().user._id;
  customerId = (await t.call('GET', '/api/auth/me', { token: t.customerToken })).json().user._id;
});
afterAll(() => t.close());

const db = () => t.app.database.db;
const asAdmin = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, body?: unknown) =>
  t.call(method, url, { token: t.adminToken, body });

/** Every row of the log, as the API answers them (test stores are small). */
async function allRows(): Promise<AuditEvent[]> {
  const rows = await db().select().from(auditEvents);
  return rows.map((row) => ({ ...row, _id: row.id }) as unknown as AuditEvent);
}

/** The rows `act` wrote. */
async function rowsOf(act: () => Promise<unknown>): Promise<AuditEvent[]> {
  const before = new Set((await allRows()).map((row) => row._id));
  await act();
  return (await allRows()).filter((row) => !before.has(row._id));
}

interface Expected {
  action: string;
  resource: string;
  recordId: string;
  /** Fields that must be among the row's changes. */
  fields?: string[];
}

/** How the walk drives one route: `valid` sets up what it needs and answers the rows it must write; `refused` calls it with input it refuses. */
interface Driver {
  valid: () => Promise<{ call: () => Promise<LightMyRequestResponse>; expected: Expected[] }>;
  refused: () => Promise<LightMyRequestResponse>;
}

const pick = (body: Record<string, unknown>, key: string | undefined) =>
  (key === undefined ? body : body[key]) as Record<string, unknown>;

/** A declared resource's routes, driven from its example body. */
function resourceDrivers(resource: WritableResource): Record<string, Driver> {
  const { create, update, patch, remove, bulkStatus, bulkRemove } = resource.routes;
  const name = resource.name;
  const make = async () => pick((await asAdmin('POST', create.url, resource.example)).json(), create.key);
  const example = resource.example;
  const field = Object.keys(example).find(
    (key) => typeof example[key] === 'string' && resource.input.safeParse({ ...example, [key]: 'Edited1' }).success,
  )!;
  const at = (url: string, id: string) => url.replace(':id', id);
  const drivers: Record<string, Driver> = {
    [`POST ${create.url}`]: {
      valid: async () => {
        const expected: Expected[] = [{ action: 'create', resource: name, recordId: '', fields: [field] }];
        return {
          call: async () => {
            const response = await asAdmin('POST', create.url, resource.example);
            expected[0]!.recordId = String(pick(response.json(), create.key)._id);
            return response;
          },
          expected,
        };
      },
      refused: () => asAdmin('POST', create.url, {}),
    },
    [`PUT ${update.url}`]: {
      valid: async () => {
        const record = await make();
        return {
          call: () => asAdmin('PUT', at(update.url, String(record._id)), { ...record, [field]: 'Edited1' }),
          expected: [{ action: 'update', resource: name, recordId: String(record._id), fields: [field] }],
        };
      },
      refused: () => asAdmin('PUT', at(update.url, UNKNOWN_ID), resource.example),
    },
    [`DELETE ${remove.url}`]: {
      valid: async () => {
        const record = await make();
        return {
          call: () => asAdmin('DELETE', at(remove.url, String(record._id))),
          expected: [{ action: 'delete', resource: name, recordId: String(record._id), fields: [field] }],
        };
      },
      refused: () => asAdmin('DELETE', at(remove.url, UNKNOWN_ID)),
    },
  };
  if (patch)
    drivers[`PATCH ${patch.url}`] = {
      valid: async () => {
        const record = await make();
        return {
          call: () => asAdmin('PATCH', at(patch.url, String(record._id)), { [field]: 'Patched1' }),
          expected: [{ action: 'update', resource: name, recordId: String(record._id), fields: [field] }],
        };
      },
      refused: () => asAdmin('PATCH', at(patch.url, UNKNOWN_ID), { [field]: 'Patched1' }),
    };
  const bulkOf = (route: { url: string }, body: Record<string, unknown>): Driver => ({
    valid: async () => {
      const ids = [String((await make())._id), String((await make())._id)];
      return {
        call: () => asAdmin('POST', route.url, { ...body, ids: [...ids, UNKNOWN_ID] }),
        expected: ids.map((id) => ({ action: 'bulk', resource: name, recordId: id })),
      };
    },
    // Nothing it was asked for exists: nothing changed, nothing recorded.
    refused: () => asAdmin('POST', route.url, { ...body, ids: [UNKNOWN_ID] }),
  });
  if (bulkStatus) {
    const choice = resource.contract.bulk!.status!.choices.at(-1)!.body;
    drivers[`POST ${bulkStatus.url}`] = bulkOf(bulkStatus, choice);
  }
  if (bulkRemove) drivers[`POST ${bulkRemove.url}`] = bulkOf(bulkRemove, {});
  return drivers;
}

const PRODUCT = {
  name: 'Audited tee',
  status: 'active',
  categories: ['Oversized'],
  variants: [{ color: 'Black', isMain: true, sizes: [{ size: 'M', price: 499, mrp: 999, countInStock: 12 }] }],
};
const newProduct = async () =>
  (await asAdmin('POST', '/api/product/add-product', PRODUCT)).json().product as { _id: string; updatedAt: string };
const anOrder = async () =>
  (await asAdmin('GET', '/api/order/all-orders?_start=0&_end=2')).json().orders as { _id: string; status: string }[];
const otherStatus = (status: string) => (status === 'processing' ? 'shipped' : 'processing');
/** A new order of one unit of a new product, moved to `status`. */
async function newOrder(status: string) {
  const product = await newProduct();
  const response = await asAdmin('POST', '/api/order/create', {
    customer: { fullname: 'Return Customer', email: `audited-return-${Date.now()}-${Math.random()}@example.com` },
    shippingAddress: { name: 'Return Customer', address: '1 Main Road', city: 'Pune' },
    orderItems: [{ product: product._id, color: 'Black', size: 'M', qty: 2 }],
    paymentMethod: 'online',
    paymentStatus: 'paid',
  });
  const order = response.json().order as { _id: string; updatedAt: string; orderItems: { _id: string }[] };
  if (status !== 'pending') await asAdmin('PUT', `/api/order/update-status/${order._id}`, { status });
  return { product, order, line: order.orderItems[0]!._id };
}
/** A return of one unit of a new delivered order, received when asked. */
async function newReturn(received = false) {
  const { order, line } = await newOrder('delivered');
  const made = await asAdmin('POST', `/api/order/order/${order._id}/returns`, {
    items: [{ line, qty: 1, reason: 'defective', resolution: 'refund' }],
  });
  const id = made.json().return._id as string;
  if (received) await asAdmin('POST', `/api/returns/${id}/receive`, { items: [{ line, disposition: 'damaged' }] });
  return { id, line };
}
const lineOf = (product: { _id: string }, qty: number) => ({ product: product._id, color: 'Black', size: 'M', qty });

/** The routes no declaration describes: each driven by hand. A route missing here fails the walk. */
const HAND_DRIVERS: Record<string, Driver> = {
  'POST /api/auth/login': {
    valid: async () => ({
      call: () =>
        t.call('POST', '/api/auth/login', { body: { email: DEFAULT_ADMIN.email, password: DEFAULT_ADMIN.password } }),
      expected: [{ action: 'sign_in', resource: 'sessions', recordId: adminId }],
    }),
    refused: () => t.call('POST', '/api/auth/login', { body: { email: 'not-an-email' } }),
  },
  'POST /api/auth/logout': {
    valid: async () => {
      const token = (
        await t.call('POST', '/api/auth/login', {
          body: { email: DEFAULT_ADMIN.email, password: DEFAULT_ADMIN.password },
        })
      ).json().token;
      return {
        call: () => t.call('POST', '/api/auth/logout', { token }),
        expected: [{ action: 'sign_out', resource: 'sessions', recordId: adminId }],
      };
    },
    refused: () => t.call('POST', '/api/auth/logout', { token: 'not-a-token' }),
  },
  'POST /api/auth/change-password': {
    valid: async () => {
      const member = await staffMember(t, 'support');
      return {
        call: () =>
          t.call('POST', '/api/auth/change-password', {
            token: member.token,
            body: { currentPassword: STAFF_PASSWORD, newPassword: 'another-long-password-9' },
          }),
        expected: [{ action: 'password_change', resource: 'staff', recordId: member.id, fields: ['password'] }],
      };
    },
    refused: () =>
      t.call('POST', '/api/auth/change-password', {
        token: t.adminToken,
        body: { currentPassword: 'wrong-password-1', newPassword: 'another-long-password-9' },
      }),
  },
  'POST /api/product/add-product': {
    valid: async () => {
      const expected: Expected[] = [
        { action: 'create', resource: 'products', recordId: '', fields: ['name', 'variants'] },
      ];
      return {
        call: async () => {
          const response = await asAdmin('POST', '/api/product/add-product', PRODUCT);
          expected[0]!.recordId = response.json().product._id;
          return response;
        },
        expected,
      };
    },
    refused: () => asAdmin('POST', '/api/product/add-product', { name: '' }),
  },
  'PUT /api/product/update-product/:id': {
    valid: async () => {
      const product = await newProduct();
      const variants = [{ ...PRODUCT.variants[0]!, sizes: [{ ...PRODUCT.variants[0]!.sizes[0]!, price: 549 }] }];
      return {
        call: () => asAdmin('PUT', `/api/product/update-product/${product._id}`, { ...PRODUCT, variants }),
        expected: [{ action: 'update', resource: 'products', recordId: product._id, fields: ['variants'] }],
      };
    },
    refused: () => asAdmin('PUT', `/api/product/update-product/${UNKNOWN_ID}`, PRODUCT),
  },
  'DELETE /api/product/delete-product/:id': {
    valid: async () => {
      const product = await newProduct();
      return {
        call: () => asAdmin('DELETE', `/api/product/delete-product/${product._id}`),
        expected: [{ action: 'delete', resource: 'products', recordId: product._id, fields: ['name'] }],
      };
    },
    refused: () => asAdmin('DELETE', `/api/product/delete-product/${UNKNOWN_ID}`),
  },
  'POST /api/product/bulk-status': {
    valid: async () => {
      const ids = [(await newProduct())._id, (await newProduct())._id];
      return {
        call: () => asAdmin('POST', '/api/product/bulk-status', { ids: [...ids, UNKNOWN_ID], status: 'inactive' }),
        expected: ids.map((id) => ({ action: 'bulk', resource: 'products', recordId: id, fields: ['status'] })),
      };
    },
    refused: () => asAdmin('POST', '/api/product/bulk-status', { ids: [UNKNOWN_ID], status: 'inactive' }),
  },
  'POST /api/product/bulk-delete': {
    valid: async () => {
      const ids = [(await newProduct())._id, (await newProduct())._id];
      return {
        call: () => asAdmin('POST', '/api/product/bulk-delete', { ids: [...ids, UNKNOWN_ID] }),
        expected: ids.map((id) => ({ action: 'bulk', resource: 'products', recordId: id, fields: ['name'] })),
      };
    },
    refused: () => asAdmin('POST', '/api/product/bulk-delete', { ids: [UNKNOWN_ID] }),
  },
  'POST /api/product/skus/batch': {
    valid: async () => {
      const product = await newProduct();
      const [sku] = (await asAdmin('GET', `/api/stock?product=${product._id}`)).json().skus as StockSku[];
      const change = {
        sku: sku!.sku,
        updatedAt: sku!.updatedAt,
        price: sku!.price + 1,
        countInStock: sku!.countInStock + 2,
      };
      return {
        call: () => asAdmin('POST', '/api/product/skus/batch', { changes: [change] }),
        expected: [
          { action: 'update', resource: 'products', recordId: product._id, fields: ['variants'] },
          { action: 'update', resource: 'stock', recordId: sku!.sku, fields: ['countInStock'] },
        ],
      };
    },
    refused: () =>
      asAdmin('POST', '/api/product/skus/batch', {
        changes: [{ sku: 'NO-SUCH-SKU', updatedAt: new Date().toISOString(), price: -1 }],
      }),
  },
  'PUT /api/order/update-status/:id': {
    valid: async () => {
      const [order] = await anOrder();
      return {
        call: () => asAdmin('PUT', `/api/order/update-status/${order!._id}`, { status: otherStatus(order!.status) }),
        expected: [{ action: 'status', resource: 'orders', recordId: order!._id, fields: ['status'] }],
      };
    },
    refused: () => asAdmin('PUT', `/api/order/update-status/${UNKNOWN_ID}`, { status: 'shipped' }),
  },
  'POST /api/order/bulk-status': {
    valid: async () => {
      const orders = await anOrder();
      const moved = orders.filter((order) => order.status !== 'delivered');
      return {
        call: () =>
          asAdmin('POST', '/api/order/bulk-status', {
            ids: [...orders.map((o) => o._id), UNKNOWN_ID],
            status: 'delivered',
          }),
        expected: moved.map((order) => ({
          action: 'bulk',
          resource: 'orders',
          recordId: order._id,
          fields: ['status'],
        })),
      };
    },
    refused: () => asAdmin('POST', '/api/order/bulk-status', { ids: [UNKNOWN_ID], status: 'delivered' }),
  },
  'POST /api/order/order/:id/notes': {
    valid: async () => {
      const [order] = await anOrder();
      return {
        call: () => asAdmin('POST', `/api/order/order/${order!._id}/notes`, { text: 'Customer called' }),
        expected: [{ action: 'note', resource: 'orders', recordId: order!._id, fields: ['note'] }],
      };
    },
    refused: () => asAdmin('POST', `/api/order/order/${UNKNOWN_ID}/notes`, { text: 'Nobody' }),
  },
  'POST /api/order/create': {
    valid: async () => {
      const product = await newProduct();
      const expected: Expected[] = [
        { action: 'create', resource: 'users', recordId: '', fields: ['email'] },
        { action: 'create', resource: 'orders', recordId: '', fields: ['totalPrice'] },
      ];
      return {
        call: async () => {
          const response = await asAdmin('POST', '/api/order/create', {
            customer: { fullname: 'Audited Customer', email: `audited-${Date.now()}@example.com` },
            shippingAddress: { name: 'Audited Customer', address: '1 Main Road', city: 'Pune' },
            orderItems: [{ product: product._id, color: 'Black', size: 'M', qty: 1 }],
            paymentMethod: 'online',
          });
          const order = response.json().order as { _id: string; user: { _id: string } };
          expected[0]!.recordId = order.user._id;
          expected[1]!.recordId = order._id;
          return response;
        },
        expected,
      };
    },
    refused: () =>
      asAdmin('POST', '/api/order/create', {
        customer: { fullname: 'Nobody', email: 'nobody-refused@example.com' },
        shippingAddress: { name: 'Nobody', address: '1 Main Road', city: 'Pune' },
        orderItems: [{ product: UNKNOWN_ID, color: 'Black', size: 'M', qty: 1 }],
        paymentMethod: 'online',
      }),
  },
  'POST /api/order/order/:id/place': {
    valid: async () => {
      const product = await newProduct();
      const draft = await asAdmin('POST', '/api/order/create', {
        customer: { fullname: 'Draft Customer', email: 'draft.customer@example.com' },
        shippingAddress: { name: 'A Customer', address: '1 Main Road', city: 'Pune' },
        orderItems: [{ product: product._id, color: 'Black', size: 'M', qty: 1 }],
        paymentMethod: 'cod',
        draft: true,
      });
      const id = draft.json().order._id as string;
      return {
        call: () => asAdmin('POST', `/api/order/order/${id}/place`),
        expected: [{ action: 'status', resource: 'orders', recordId: id, fields: ['status'] }],
      };
    },
    refused: () => asAdmin('POST', `/api/order/order/${UNKNOWN_ID}/place`),
  },
  // A preview writes nothing, so it records nothing.
  // "I have this record open": told to the other sessions, recorded nowhere.
  'POST /api/events/presence': {
    valid: async () => ({
      call: () => asAdmin('POST', '/api/events/presence', { resource: 'coupons', id: 'any', editing: true }),
      expected: [],
    }),
    refused: () => asAdmin('POST', '/api/events/presence', { resource: 'coupons', id: 'any' }),
  },
  // Each person's own bell: what they have read and which kinds they receive, not the store's data.
  'POST /api/notifications/read': {
    valid: async () => ({ call: () => asAdmin('POST', '/api/notifications/read', { all: true }), expected: [] }),
    refused: () => asAdmin('POST', '/api/notifications/read', { all: false }),
  },
  'PUT /api/notifications/settings': {
    valid: async () => ({
      call: () => asAdmin('PUT', '/api/notifications/settings', { kinds: ['orders', 'sign_ins'] }),
      expected: [],
    }),
    refused: () => asAdmin('PUT', '/api/notifications/settings', { kinds: ['nope'] }),
  },
  'POST /api/order/order/:id/edit/preview': {
    valid: async () => {
      const { product, order } = await newOrder('pending');
      return {
        call: () => asAdmin('POST', `/api/order/order/${order._id}/edit/preview`, { orderItems: [lineOf(product, 1)] }),
        expected: [],
      };
    },
    refused: () => asAdmin('POST', `/api/order/order/${UNKNOWN_ID}/edit/preview`, { orderItems: [] }),
  },
  'PUT /api/order/order/:id/items': {
    valid: async () => {
      const { product, order } = await newOrder('pending');
      return {
        call: () =>
          asAdmin('PUT', `/api/order/order/${order._id}/items`, {
            orderItems: [lineOf(product, 1)],
            updatedAt: order.updatedAt,
          }),
        expected: [{ action: 'update', resource: 'orders', recordId: order._id, fields: ['orderItems', 'totalPrice'] }],
      };
    },
    refused: () => asAdmin('PUT', `/api/order/order/${UNKNOWN_ID}/items`, { orderItems: [] }),
  },
  'POST /api/order/order/:id/returns': {
    valid: async () => {
      const { order, line } = await newOrder('delivered');
      const expected: Expected[] = [{ action: 'create', resource: 'returns', recordId: '', fields: ['items'] }];
      return {
        call: async () => {
          const response = await asAdmin('POST', `/api/order/order/${order._id}/returns`, {
            items: [{ line, qty: 1, reason: 'too_small', resolution: 'refund' }],
          });
          expected[0]!.recordId = response.json().return._id;
          return response;
        },
        expected,
      };
    },
    refused: () => asAdmin('POST', `/api/order/order/${UNKNOWN_ID}/returns`, { items: [] }),
  },
  'POST /api/returns/:id/receive': {
    valid: async () => {
      const { id, line } = await newReturn();
      return {
        call: () => asAdmin('POST', `/api/returns/${id}/receive`, { items: [{ line, disposition: 'restock' }] }),
        expected: [{ action: 'status', resource: 'returns', recordId: id, fields: ['status'] }],
      };
    },
    refused: () => asAdmin('POST', `/api/returns/${UNKNOWN_ID}/receive`, { items: [] }),
  },
  'POST /api/returns/:id/refund': {
    valid: async () => {
      const { id } = await newReturn();
      return {
        call: () => asAdmin('POST', `/api/returns/${id}/refund`),
        expected: [{ action: 'update', resource: 'returns', recordId: id, fields: ['refunded'] }],
      };
    },
    refused: () => asAdmin('POST', `/api/returns/${UNKNOWN_ID}/refund`),
  },
  'POST /api/returns/:id/close': {
    valid: async () => {
      const { id } = await newReturn(true);
      return {
        call: () => asAdmin('POST', `/api/returns/${id}/close`),
        expected: [{ action: 'status', resource: 'returns', recordId: id, fields: ['status'] }],
      };
    },
    refused: () => asAdmin('POST', `/api/returns/${UNKNOWN_ID}/close`),
  },
  'POST /api/returns/:id/reject': {
    valid: async () => {
      const { id } = await newReturn();
      return {
        call: () => asAdmin('POST', `/api/returns/${id}/reject`, { reason: 'Worn' }),
        expected: [{ action: 'status', resource: 'returns', recordId: id, fields: ['status'] }],
      };
    },
    refused: () => asAdmin('POST', `/api/returns/${UNKNOWN_ID}/reject`, { reason: 'Worn' }),
  },
  'POST /api/order/place': {
    valid: async () => {
      const product = await newProduct();
      const expected: Expected[] = [{ action: 'create', resource: 'orders', recordId: '', fields: ['totalPrice'] }];
      return {
        call: async () => {
          const response = await t.call('POST', '/api/order/place', {
            token: t.customerToken,
            body: {
              shippingAddress: { name: 'A Customer', address: '1 Main Road', city: 'Pune' },
              orderItems: [{ product: product._id, color: 'Black', size: 'M', qty: 1 }],
              paymentMethod: 'cod',
            },
          });
          expected[0]!.recordId = response.json().order._id;
          return response;
        },
        expected,
      };
    },
    refused: () =>
      t.call('POST', '/api/order/place', {
        token: t.customerToken,
        body: {
          shippingAddress: { name: 'A Customer', address: '1 Main Road', city: 'Pune' },
          orderItems: [{ product: UNKNOWN_ID, color: 'Black', size: 'M', qty: 1 }],
          paymentMethod: 'cod',
        },
      }),
  },
  'POST /api/stock/adjust': {
    valid: async () => {
      const product = (await asAdmin('GET', `/api/product/get-product-details/${(await newProduct())._id}`)).json()
        .product as { variants: { sizes: { sku: string }[] }[] };
      const sku = product.variants[0]!.sizes[0]!.sku;
      return {
        call: () => asAdmin('POST', '/api/stock/adjust', { sku, delta: 3, reason: 'found' }),
        expected: [{ action: 'update', resource: 'stock', recordId: sku, fields: ['countInStock'] }],
      };
    },
    refused: () => asAdmin('POST', '/api/stock/adjust', { sku: 'NO-SUCH-SKU', delta: 3, reason: 'found' }),
  },
  'POST /api/staff/:id/unlock': {
    valid: async () => {
      const member = await staffMember(t, 'manager');
      return {
        call: () => asAdmin('POST', `/api/staff/${member.id}/unlock`),
        expected: [{ action: 'unlock', resource: 'staff', recordId: member.id }],
      };
    },
    refused: () => asAdmin('POST', `/api/staff/${UNKNOWN_ID}/unlock`),
  },
  'POST /api/uploads': {
    valid: async () => {
      const png = Buffer.from(
        'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
        'base64',
      );
      const boundary = '----audit';
      const payload = Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
        ),
        png,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      const expected: Expected[] = [{ action: 'upload', resource: 'uploads', recordId: '' }];
      return {
        call: async () => {
          const response = await t.app.inject({
            method: 'POST',
            url: '/api/uploads',
            headers: {
              authorization: `Bearer ${t.adminToken}`,
              'content-type': `multipart/form-data; boundary=${boundary}`,
            },
            payload,
          });
          expected[0]!.recordId = response.json().secure_url.replace('/uploads/', '');
          return response;
        },
        expected,
      };
    },
    refused: () => asAdmin('POST', '/api/uploads', { file: 'not multipart' }),
  },
};

/** POST /api/product/import of a new product's SKU at a new price (a dry run), and that product. */
async function priceImport() {
  const product = await newProduct();
  const { variants } = (await asAdmin('GET', `/api/product/get-product-details/${product._id}`)).json().product;
  const boundary = '----audit-import';
  const call = () =>
    t.app.inject({
      method: 'POST',
      url: '/api/product/import',
      headers: { authorization: `Bearer ${t.adminToken}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload:
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="prices.csv"\r\n\r\n` +
        `sku,price\r\n${variants[0].sizes[0].sku},555\r\n\r\n--${boundary}--\r\n`,
    });
  return { call, product };
}
const importedPrice = async () => {
  const { call, product } = await priceImport();
  return { importId: (await call()).json().importId as string, product };
};

HAND_DRIVERS['POST /api/product/import'] = {
  // A dry run writes nothing: no catalogue change, no audit row.
  valid: async () => ({ call: (await priceImport()).call, expected: [] }),
  refused: () => asAdmin('POST', '/api/product/import', { file: 'not multipart' }),
};
HAND_DRIVERS['POST /api/product/import/:id/commit'] = {
  valid: async () => {
    const { importId, product } = await importedPrice();
    return {
      call: () => asAdmin('POST', `/api/product/import/${importId}/commit`),
      expected: [{ action: 'update', resource: 'products', recordId: product._id, fields: ['variants'] }],
    };
  },
  refused: () => asAdmin('POST', `/api/product/import/${UNKNOWN_ID}/commit`),
};
HAND_DRIVERS['POST /api/product/import/:id/undo'] = {
  valid: async () => {
    const { importId, product } = await importedPrice();
    await asAdmin('POST', `/api/product/import/${importId}/commit`);
    return {
      call: () => asAdmin('POST', `/api/product/import/${importId}/undo`),
      expected: [{ action: 'update', resource: 'products', recordId: product._id, fields: ['variants'] }],
    };
  },
  refused: () => asAdmin('POST', `/api/product/import/${UNKNOWN_ID}/undo`),
};

/** The id of the newest event about a record. */
async function newestEvent(resource: string, recordId: string): Promise<AuditEvent> {
  return (await asAdmin('GET', `/api/audit?resource=${resource}&recordId=${recordId}&_start=0&_end=1`)).json()
    .events[0];
}

HAND_DRIVERS['POST /api/audit/:id/restore'] = {
  valid: async () => {
    const product = await newProduct();
    const created = await newestEvent('products', product._id);
    const renamed = (
      await asAdmin('PUT', `/api/product/update-product/${product._id}`, { ...PRODUCT, name: 'Renamed for restore' })
    ).json().product;
    return {
      call: () => asAdmin('POST', `/api/audit/${created._id}/restore`, { updatedAt: renamed.updatedAt }),
      expected: [{ action: 'restore', resource: 'products', recordId: product._id, fields: ['name'] }],
    };
  },
  refused: () => asAdmin('POST', `/api/audit/${UNKNOWN_ID}/restore`, {}),
};

/** A coupon deleted into the trash, for the trash's routes. */
async function trashedCoupon(): Promise<string> {
  const coupon = await pick((await asAdmin('POST', '/api/coupon/add', couponsExample())).json(), 'coupon');
  await asAdmin('DELETE', `/api/coupon/coupon/${coupon._id}`);
  return String(coupon._id);
}
const couponsExample = () => serverResources.find((resource) => resource.name === 'coupons')!.example;

HAND_DRIVERS['POST /api/trash/:resource/:recordId/restore'] = {
  valid: async () => {
    const id = await trashedCoupon();
    return {
      call: () => asAdmin('POST', `/api/trash/coupons/${id}/restore`),
      expected: [{ action: 'restore', resource: 'coupons', recordId: id }],
    };
  },
  refused: () => asAdmin('POST', `/api/trash/coupons/${UNKNOWN_ID}/restore`),
};
HAND_DRIVERS['DELETE /api/trash/:resource/:recordId'] = {
  valid: async () => {
    const id = await trashedCoupon();
    return {
      call: () => asAdmin('DELETE', `/api/trash/coupons/${id}`),
      expected: [{ action: 'purge', resource: 'coupons', recordId: id }],
    };
  },
  refused: () => asAdmin('DELETE', `/api/trash/coupons/${UNKNOWN_ID}`),
};

const DRIVERS: Record<string, Driver> = {
  ...HAND_DRIVERS,
  ...Object.assign({}, ...serverResources.filter(isWritable).map(resourceDrivers)),
};

describe('every mutating route the server registers', () => {
  const mutating = () =>
    t.app.registeredRoutes.filter(
      (route) => route.url.startsWith('/api') && !['GET', 'HEAD', 'OPTIONS'].includes(route.method),
    );

  it('has a driver here: a route added later fails this walk until its audit rows are checked', () => {
    const missing = mutating()
      .map((route) => `${route.method} ${route.url}`)
      .filter((label) => !DRIVERS[label]);
    expect(missing).toEqual([]);
    expect(mutating().length).toBeGreaterThan(20);
  });

  it('writes one row per changed record, with the admin, the action, the resource, the id and the fields', async () => {
    const problems: string[] = [];
    for (const route of mutating()) {
      const label = `${route.method} ${route.url}`;
      const driver = DRIVERS[label];
      if (!driver) continue;
      const { call, expected } = await driver.valid();
      let status = 0;
      const rows = await rowsOf(async () => (status = (await call()).statusCode));
      if (status >= 300) {
        problems.push(`${label}: answered ${status}`);
        continue;
      }
      const got = rows.map((row) => `${row.action} ${row.resource} ${row.recordId}`).sort();
      const want = expected.map((row) => `${row.action} ${row.resource} ${row.recordId}`).sort();
      if (JSON.stringify(got) !== JSON.stringify(want))
        problems.push(`${label}: wrote ${JSON.stringify(got)}, expected ${JSON.stringify(want)}`);
      for (const row of rows) {
        const wanted = expected.find((e) => e.recordId === row.recordId && e.action === row.action);
        const actor = (row as unknown as { actorId: string }).actorId;
        const signedIn =
          label === 'POST /api/auth/change-password'
            ? row.recordId
            : label === 'POST /api/order/place'
              ? customerId
              : adminId;
        if (actor !== signedIn) problems.push(`${label}: actor ${actor}, expected ${signedIn}`);
        for (const field of wanted?.fields ?? [])
          if (!(field in row.changes))
            problems.push(`${label}: ${field} not among the changes ${Object.keys(row.changes)}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('writes nothing for a call it refuses (400, 401, 403, 404, 409)', async () => {
    const support = await staffMember(t, 'support');
    const problems: string[] = [];
    for (const route of mutating()) {
      const label = `${route.method} ${route.url}`;
      const driver = DRIVERS[label];
      if (!driver) continue;
      let status = 0;
      const rows = await rowsOf(async () => (status = (await driver.refused()).statusCode));
      // A failed sign-in is itself worth a row: it is the one refusal recorded (below).
      if (rows.length > 0) problems.push(`${label} (${status}): wrote ${rows.map((row) => row.action)}`);
      if (status < 400 && !label.includes('bulk')) problems.push(`${label}: the refused call answered ${status}`);
      // Support may not write: a 403 records nothing either.
      if (
        route.access !== 'read' &&
        route.access !== 'orderStatus' &&
        route.access !== 'public' &&
        route.access !== 'signedIn' &&
        route.access !== 'staff'
      ) {
        const forbidden = await rowsOf(() =>
          t.call(route.method as 'POST', route.url.replace(':id', UNKNOWN_ID), { token: support.token, body: {} }),
        );
        if (forbidden.length > 0) problems.push(`${label} as support: wrote ${forbidden.map((row) => row.action)}`);
      }
    }
    expect(problems).toEqual([]);
  });
});

describe('sign-in attempts', () => {
  it('records a failed sign-in with the email tried, never the password', async () => {
    const rows = await rowsOf(() =>
      t.call('POST', '/api/auth/login', { body: { email: 'nobody@example.com', password: 'guess-Secret-123' } }),
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ action: 'sign_in_failed', resource: 'sessions', note: 'nobody@example.com' });
    expect(JSON.stringify(rows[0])).not.toContain('guess-Secret-123');
  });

  it('hides a new password as the fact that it changed', async () => {
    const member = await staffMember(t, 'manager');
    const rows = await rowsOf(() =>
      t.call('POST', '/api/auth/change-password', {
        token: member.token,
        body: { currentPassword: STAFF_PASSWORD, newPassword: 'the-New-password-42' },
      }),
    );
    const text = JSON.stringify(rows);
    expect(text).not.toContain('the-New-password-42');
    expect(text).not.toContain(STAFF_PASSWORD);
    expect(rows.find((row) => row.action === 'password_change')!.changes).toEqual({
      password: ['(hidden)', '(hidden)'],
    });
  });

  it("records a member's new role as a role change, before and after", async () => {
    const member = await staffMember(t, 'support');
    const rows = await rowsOf(() => asAdmin('PATCH', `/api/staff/${member.id}`, { role: 'manager' }));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      action: 'role_change',
      resource: 'staff',
      recordId: member.id,
      changes: { role: ['support', 'manager'] },
    });
  });
});

describe("a record's History and Restore", () => {
  it("shows two staff members' price changes, restores the first version as a new change, and refuses a stale restore", async () => {
    const manager = await staffMember(t, 'manager');
    const product = await newProduct();
    const priced = (price: number) => [
      { ...PRODUCT.variants[0]!, sizes: [{ ...PRODUCT.variants[0]!.sizes[0]!, price }] },
    ];
    const put = (token: string, price: number) =>
      t.call('PUT', `/api/product/update-product/${product._id}`, {
        token,
        body: { ...PRODUCT, variants: priced(price) },
      });
    expect((await put(manager.token, 599)).statusCode).toBe(200);
    const second = await put(t.adminToken, 649);
    const opened = second.json().product.updatedAt as string;

    const history = (await asAdmin('GET', `/api/audit?resource=products&recordId=${product._id}`)).json()
      .events as AuditEvent[];
    expect(history.map((e) => [e.action, e.actor.fullname])).toEqual([
      ['update', 'Store Admin'],
      ['update', 'A manager'],
      ['create', 'Store Admin'],
    ]);
    const price = (variants: unknown) => (variants as typeof PRODUCT.variants)[0]!.sizes[0]!.price;
    expect(history.slice(0, 2).map((e) => e.changes.variants!.map(price))).toEqual([
      [599, 649],
      [499, 599],
    ]);
    expect(history.every((e) => !Number.isNaN(Date.parse(e.at)))).toBe(true);

    // The version the manager's change left: 599, written back as a change of its own.
    const restore = (event: AuditEvent, updatedAt: string) =>
      asAdmin('POST', `/api/audit/${event._id}/restore`, { updatedAt });
    const restored = await restore(history[1]!, opened);
    expect(restored.statusCode).toBe(200);
    expect(restored.json()).toMatchObject({ success: true, message: 'Version restored' });
    const now = (await asAdmin('GET', `/api/product/get-product-details/${product._id}`)).json().product;
    expect(now.variants[0].sizes[0].price).toBe(599);
    const newest = await newestEvent('products', product._id);
    expect(newest).toMatchObject({ action: 'restore', actor: { fullname: 'Store Admin' } });
    expect(newest.changes.variants!.map(price)).toEqual([649, 599]);

    // A second restore from the History as it was opened (before the first restore): the record moved on.
    const stale = await restore(history[2]!, opened);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toMatch(/changed by someone else/);
    expect(
      (await asAdmin('GET', `/api/product/get-product-details/${product._id}`)).json().product.variants[0].sizes[0]
        .price,
    ).toBe(599);
    // History is never rewritten: the three events and the restore are all there.
    expect((await asAdmin('GET', `/api/audit?resource=products&recordId=${product._id}`)).json().total).toBe(4);
  });

  it('restores coupons and banners the same way, and refuses what has no version to restore', async () => {
    const coupon = (await asAdmin('GET', '/api/coupon/allcoupons?_start=0&_end=1')).json().coupons[0];
    const edited = (await asAdmin('PUT', `/api/coupon/coupon/${coupon._id}`, { ...coupon, minOrderAmount: 777 })).json()
      .coupon;
    const editEvent = await newestEvent('coupons', coupon._id);
    // The demo coupon's first version was never logged: the edit's version is restored after a second edit.
    const again = (await asAdmin('PUT', `/api/coupon/coupon/${coupon._id}`, { ...edited, minOrderAmount: 888 })).json()
      .coupon;
    expect(
      (await asAdmin('POST', `/api/audit/${editEvent._id}/restore`, { updatedAt: again.updatedAt })).statusCode,
    ).toBe(200);
    const back = (await asAdmin('GET', '/api/coupon/allcoupons?_start=0&_end=200'))
      .json()
      .coupons.find((c: { _id: string }) => c._id === coupon._id);
    expect(back.minOrderAmount).toBe(777);

    const signIn = (await asAdmin('GET', '/api/audit?action=sign_in&_start=0&_end=1')).json().events[0];
    expect((await asAdmin('POST', `/api/audit/${signIn._id}/restore`, {})).statusCode).toBe(400);
    const support = await staffMember(t, 'support');
    expect(
      (await t.call('POST', `/api/audit/${editEvent._id}/restore`, { token: support.token, body: {} })).statusCode,
    ).toBe(403);
  });
});

describe('the log cannot be rewritten', () => {
  it('refuses UPDATE, DELETE and TRUNCATE of its rows', async () => {
    const count = async () => (await allRows()).length;
    const before = await count();
    expect(before).toBeGreaterThan(0);
    // What the database says (Drizzle wraps it as the failed query's cause).
    const refusal = (query: SQL) =>
      db()
        .execute(query)
        .then(
          () => 'ran',
          (error: { cause?: Error; message: string }) => error.cause?.message ?? error.message,
        );
    expect(await refusal(sql`update audit_events set action = 'create'`)).toMatch(/append-only: UPDATE/);
    expect(await refusal(sql`delete from audit_events`)).toMatch(/append-only: DELETE/);
    expect(await refusal(sql`truncate audit_events`)).toMatch(/append-only: TRUNCATE/);
    expect(await count()).toBe(before);
  });

  it('lets the retention upkeep prune only rows older than it keeps, and nothing when it keeps them for ever', async () => {
    const rows = await allRows();
    expect(await pruneAudit(db(), null)).toBe(0);
    // A clock moved 40 days on: a 30-day retention finds every row of this test old.
    const later = new Date(Date.now() + 40 * 86_400_000);
    expect(await pruneAudit(db(), 60, later)).toBe(0);
    expect(await pruneAudit(db(), 30, later)).toBe(rows.length);
    expect(await allRows()).toEqual([]);
  });
});

describe('AUDIT_RETENTION_DAYS', () => {
  const env = (value?: string) => ({
    DATA_DIR: scratchDir('audit'),
    ...(value === undefined ? {} : { AUDIT_RETENTION_DAYS: value }),
  });
  it('keeps every row unless given a number of days, and refuses anything else at start', () => {
    expect(loadConfig(env()).auditRetentionDays).toBeNull();
    expect(loadConfig(env('forever')).auditRetentionDays).toBeNull();
    expect(loadConfig(env('90')).auditRetentionDays).toBe(90);
    for (const bad of ['0', '-1', '1.5', 'a week'])
      expect(() => loadConfig(env(bad))).toThrow('AUDIT_RETENTION_DAYS must be a whole number of days');
    // The log is written unless AUDIT_LOG says off (for the load benchmark's comparison only).
    expect(loadConfig(env()).audit).toBe(true);
    expect(loadConfig({ ...env(), AUDIT_LOG: 'off' }).audit).toBe(false);
  });
});

describe('GET /api/audit', () => {
  let support: Awaited<ReturnType<typeof staffMember>>;
  let manager: Awaited<ReturnType<typeof staffMember>>;
  beforeAll(async () => {
    support = await staffMember(t, 'support');
    manager = await staffMember(t, 'manager');
    // A product edited by the manager, a coupon list exported by the admin.
    const product = await newProduct();
    await t.call('PUT', `/api/product/update-product/${product._id}`, {
      token: manager.token,
      body: { ...PRODUCT, name: 'Renamed tee' },
    });
    await asAdmin('GET', '/api/coupon/allcoupons?format=csv&isActive=true');
  });

  it('answers admins only: support and managers get 403', async () => {
    expect((await t.call('GET', '/api/audit', { token: support.token })).statusCode).toBe(403);
    expect((await t.call('GET', '/api/audit', { token: manager.token })).statusCode).toBe(403);
    expect((await t.call('GET', '/api/audit')).statusCode).toBe(401);
    // The console hides Activity from the same answer.
    const me = (await t.call('GET', '/api/auth/me', { token: support.token })).json();
    expect(me.resourceAccess.audit).toMatchObject({ read: 'team' });
  });

  it('pages newest first with the total, and filters by actor, resource, record, action and time', async () => {
    const page = await asAdmin('GET', '/api/audit?_start=0&_end=2');
    expect(page.statusCode).toBe(200);
    const body = page.json<{ events: AuditEvent[]; total: number }>();
    expect(body.events).toHaveLength(2);
    expect(Number(page.headers['x-total-count'])).toBe(body.total);
    expect(body.events[0]!.at >= body.events[1]!.at).toBe(true);

    const byManager = (await asAdmin('GET', `/api/audit?actor=${manager.id}&_start=0&_end=10`)).json();
    expect(byManager.events.map((e: AuditEvent) => [e.action, e.resource, e.actor.fullname])).toEqual([
      ['update', 'products', 'A manager'],
      ['sign_in', 'sessions', 'A manager'],
    ]);
    const renamed = byManager.events[0] as AuditEvent;
    expect(renamed.changes.name).toEqual(['Audited tee', 'Renamed tee']);
    const record = (
      await asAdmin('GET', `/api/audit?resource=products&recordId=${renamed.recordId}&_start=0&_end=10`)
    ).json();
    expect(record.events.map((e: AuditEvent) => e.action)).toEqual(['update', 'create']);
    const exports = (await asAdmin('GET', '/api/audit?action=export&_start=0&_end=10')).json();
    expect(exports.events[0]).toMatchObject({ resource: 'coupons', note: 'format=csv&isActive=true' });
    const future = new Date(Date.now() + 60_000).toISOString();
    expect((await asAdmin('GET', `/api/audit?from=${future}&_start=0&_end=10`)).json().total).toBe(0);
    // A day means the whole of it: from the oldest event's day to the newest's holds them all.
    const oldest = (await asAdmin('GET', '/api/audit?_sort=at&_order=asc&_start=0&_end=1')).json().events[0].at;
    const days = `from=${oldest.slice(0, 10)}&to=${body.events[0]!.at.slice(0, 10)}`;
    expect((await asAdmin('GET', `/api/audit?${days}&_start=0&_end=1`)).json().total).toBe(body.total);
    expect((await asAdmin('GET', `/api/audit?to=${future}&_sort=at&_order=asc&_start=0&_end=1`)).json().total).toBe(
      body.total,
    );
  });

  it('answers 400 naming a bad filter', async () => {
    expect((await asAdmin('GET', '/api/audit?action=nothing')).json().message).toMatch(/^action: /);
    expect((await asAdmin('GET', '/api/audit?from=yesterday')).json().message).toMatch(/^from: /);
    expect((await asAdmin('GET', '/api/audit?_sort=ip')).json().message).toMatch(/^_sort: /);
  });

  it('exports as CSV like the other lists', async () => {
    const response = await asAdmin('GET', `/api/audit?format=csv&actor=${manager.id}`);
    expect(response.headers['content-disposition']).toMatch(/filename="activity-\d{4}-\d{2}-\d{2}\.csv"/);
    const lines = response.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toBe('When,Who,Role,Action,Resource,Record ID,Record,Changes,Note,IP');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain('Updated');
  });
});
