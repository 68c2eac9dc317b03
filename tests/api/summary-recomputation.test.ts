import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { ORDER_STATUSES, PRODUCT_CATEGORIES, countsAsSale, type Address, type OrderStatus } from '../../src/domain';
import { RETURN_RESOLUTIONS } from '../../src/domain/returns';
import { openDatabase, type Database, type Db } from '../../src/server/db/client';
import { newId } from '../../src/server/db/ids';
import { orderItems, orders } from '../../src/server/db/schema';
import { placeDraft, updateOrderStatus, type OrderAuthor } from '../../src/server/services/orders';
import { stockShortage } from '../../src/server/services/stock';
import { createOrder } from '../../src/server/services/order-placement';
import { editOrderItems } from '../../src/server/services/order-edits';
import {
  closeReturn,
  createReturn,
  receiveReturn,
  refundReturn,
  rejectReturn,
} from '../../src/server/services/returns';
import { HttpError } from '../../src/server/errors';
import pg from 'pg';
import { ledgerMismatches, startApp, type TestApp } from './helpers';
import { recomputed, rows, stored } from './sales-summaries';
import { databaseUrl } from './store';
import { keptStore } from './kept-stores';

/**
 * The sales summaries the dashboard reads (sales_days, sales_day_categories, sales_month_customers,
 * sales_months, order_counts) must always equal a recomputation from the orders themselves, whatever
 * sequence of writes came before: new orders, status changes, cancellations, re-dated and re-priced
 * orders, edited lines, deleted orders, products and customers.
 */

const DAY = 24 * 60 * 60 * 1000;
const address: Address = {
  name: 'A',
  address: '1 Road',
  city: 'Pune',
  state: 'MH',
  pincode: '411001',
  country: 'India',
  phone: '1',
};

/** One write, its targets picked by position among what exists when it runs. */
type Write =
  | {
      kind: 'newOrder';
      user: number;
      status: OrderStatus;
      daysAgo: number;
      total: number;
      lines: { product: number | null; qty: number; price: number }[];
    }
  | { kind: 'place'; user: number; product: number; qty: number; draft: boolean }
  | { kind: 'placeDraft'; order: number }
  | { kind: 'status'; order: number; status: OrderStatus }
  | { kind: 'cancel'; order: number }
  | { kind: 'redate'; order: number; daysAgo: number }
  | { kind: 'reprice'; order: number; total: number }
  | { kind: 'deleteOrder'; order: number }
  | { kind: 'editLine'; order: number; qty: number; price: number }
  | { kind: 'addLine'; order: number; product: number; qty: number; price: number }
  | { kind: 'deleteLine'; order: number }
  | { kind: 'recategorise'; product: number; categories: string[] }
  | { kind: 'deleteProduct'; product: number }
  | { kind: 'deleteCustomer'; user: number };

const pick = fc.nat(10_000);
const money = fc.integer({ min: 1, max: 500_000 }).map((paise) => paise / 100);
const status = fc.constantFrom(...ORDER_STATUSES);
const daysAgo = fc.integer({ min: 0, max: 500 });
const write: fc.Arbitrary<Write> = fc.oneof(
  fc.record({
    kind: fc.constant('newOrder' as const),
    user: pick,
    status,
    daysAgo,
    total: money,
    lines: fc.array(
      fc.record({ product: fc.option(pick, { nil: null }), qty: fc.integer({ min: 1, max: 5 }), price: money }),
      {
        minLength: 1,
        maxLength: 3,
      },
    ),
  }),
  fc.record({
    kind: fc.constant('place' as const),
    user: pick,
    product: pick,
    qty: fc.integer({ min: 1, max: 5 }),
    draft: fc.boolean(),
  }),
  fc.record({ kind: fc.constant('placeDraft' as const), order: pick }),
  fc.record({ kind: fc.constant('status' as const), order: pick, status }),
  fc.record({ kind: fc.constant('cancel' as const), order: pick }),
  fc.record({ kind: fc.constant('redate' as const), order: pick, daysAgo }),
  fc.record({ kind: fc.constant('reprice' as const), order: pick, total: money }),
  fc.record({ kind: fc.constant('deleteOrder' as const), order: pick }),
  fc.record({ kind: fc.constant('editLine' as const), order: pick, qty: fc.integer({ min: 1, max: 5 }), price: money }),
  fc.record({
    kind: fc.constant('addLine' as const),
    order: pick,
    product: pick,
    qty: fc.integer({ min: 1, max: 5 }),
    price: money,
  }),
  fc.record({ kind: fc.constant('deleteLine' as const), order: pick }),
  fc.record({
    kind: fc.constant('recategorise' as const),
    product: pick,
    categories: fc.subarray([...PRODUCT_CATEGORIES, 'Limited']),
  }),
  fc.record({ kind: fc.constant('deleteProduct' as const), product: pick }),
  fc.record({ kind: fc.constant('deleteCustomer' as const), user: pick }),
);

/** The rows of each kind a write picks from: customers among the users; orders an edit or a return may take. */
const PICKED_FROM = {
  orders: 'orders',
  products: 'products',
  returns: 'returns',
  users: `users where role = 'customer'`,
  openOrders: `orders where status in ('draft', 'pending', 'processing')`,
  sentOrders: `orders where status in ('shipped', 'delivered')`,
};

async function nth(db: Db, table: keyof typeof PICKED_FROM, n: number): Promise<string | undefined> {
  const from = sql.raw(PICKED_FROM[table]);
  const [row] = await rows(
    db,
    sql`select id from ${from} order by id offset ${n} % greatest((select count(*) from ${from}), 1) limit 1`,
  );
  return row?.id;
}

/** Who the status changes are by (only customers are deleted, so an admin is always there). */
async function anAdmin(db: Db): Promise<OrderAuthor> {
  const [admin] = await rows(db, sql`select id, fullname from users where role = 'admin' order by id limit 1`);
  return {
    actor: { _id: String(admin!.id), fullname: String(admin!.fullname), role: 'admin' },
    requestId: null,
    ip: null,
  };
}

/** A change of status; one the stock refuses (a SKU short of the units, a 409) changes nothing, the summaries included. */
/** A status change, or a draft placed; one the store refuses (a SKU short, a draft moved, a placed order placed again) writes nothing. */
async function moveStatus(db: Db, order: string, status: OrderStatus | 'placed'): Promise<void> {
  try {
    if (status === 'placed') await placeDraft(db, order, await anAdmin(db));
    else await updateOrderStatus(db, order, status, await anAdmin(db));
  } catch (error) {
    if (!stockShortage(error) && !(error instanceof HttpError && error.statusCode === 409)) throw error;
  }
}

async function apply(db: Db, w: Write, now: Date): Promise<void> {
  const ago = (days: number) => new Date(now.getTime() - days * DAY);
  if (w.kind === 'newOrder') {
    const id = newId();
    await db.insert(orders).values({
      id,
      userId: (await nth(db, 'users', w.user)) ?? null,
      status: w.status,
      paymentMethod: 'online',
      paymentStatus: 'paid',
      shippingAddress: address,
      billingAddress: address,
      totalPrice: w.total,
      createdAt: ago(w.daysAgo),
    });
    for (const [position, line] of w.lines.entries()) {
      const productId = line.product === null ? null : ((await nth(db, 'products', line.product)) ?? null);
      await db
        .insert(orderItems)
        .values({ orderId: id, position, productId, name: 'Tee', qty: line.qty, price: line.price, mrp: line.price });
    }
    return;
  }
  if (w.kind === 'place') {
    // An order placed as staff place one (priced, reserved); one the store refuses (a product not on
    // sale, a SKU short) writes nothing.
    const [size] = await rows(
      db,
      sql`select p.id, v.color, s.size from products p join product_variants v on v.product_id = p.id
        join variant_sizes s on s.variant_id = v.id where p.id = ${(await nth(db, 'products', w.product)) ?? ''} limit 1`,
    );
    const customer = await nth(db, 'users', w.user);
    if (!size || !customer) return;
    try {
      await createOrder(
        db,
        {
          customer,
          shippingAddress: address,
          orderItems: [{ product: String(size.id), color: String(size.color), size: String(size.size), qty: w.qty }],
          paymentMethod: 'online',
          paymentStatus: 'paid',
          draft: w.draft,
        },
        await anAdmin(db),
      );
    } catch (error) {
      if (!(error instanceof HttpError) && !stockShortage(error)) throw error;
    }
    return;
  }
  if (w.kind === 'recategorise' || w.kind === 'deleteProduct') {
    const product = await nth(db, 'products', w.product);
    if (!product) return;
    if (w.kind === 'deleteProduct') await rows(db, sql`delete from products where id = ${product}`);
    else await rows(db, sql`update products set categories = ${sql.param(w.categories)}::text[] where id = ${product}`);
    return;
  }
  if (w.kind === 'deleteCustomer') {
    const user = await nth(db, 'users', w.user);
    if (user) await rows(db, sql`delete from users where id = ${user}`);
    return;
  }
  const order = await nth(db, 'orders', w.order);
  if (!order) return;
  switch (w.kind) {
    case 'status':
      await moveStatus(db, order, w.status);
      return;
    case 'placeDraft':
      await moveStatus(db, order, 'placed');
      return;
    case 'cancel':
      await moveStatus(db, order, 'cancelled');
      return;
    case 'redate':
      await rows(
        db,
        sql`update orders set created_at = ${ago(w.daysAgo).toISOString()}::timestamptz where id = ${order}`,
      );
      return;
    case 'reprice':
      await rows(db, sql`update orders set total_price = ${w.total} where id = ${order}`);
      return;
    case 'deleteOrder':
      await rows(db, sql`delete from orders where id = ${order}`);
      return;
    case 'editLine':
      await rows(
        db,
        sql`update order_items set qty = ${w.qty}, price = ${w.price} where order_id = ${order} and position = 0`,
      );
      return;
    case 'addLine':
      await rows(
        db,
        sql`insert into order_items (order_id, position, product_id, name, qty, price, mrp)
            select ${order}, coalesce(max(position) + 1, 0), ${(await nth(db, 'products', w.product)) ?? null}, 'Tee', ${w.qty}, ${w.price}, ${w.price}
            from order_items where order_id = ${order}`,
      );
      return;
    case 'deleteLine':
      await rows(
        db,
        sql`delete from order_items where order_id = ${order} and position = (select min(position) from order_items where order_id = ${order})`,
      );
      return;
  }
}

/** One of the store's own calls after the sale, its targets picked by position among what exists then. */
type StoreStep =
  | { kind: 'place'; user: number; product: number; qty: number; draft: boolean }
  | { kind: 'placeDraft'; order: number }
  | { kind: 'status'; order: number; status: OrderStatus }
  | { kind: 'edit'; order: number; qty: number }
  | { kind: 'return'; order: number; qty: number; resolution: (typeof RETURN_RESOLUTIONS)[number] }
  | { kind: 'receive' | 'refund' | 'reject' | 'close'; ret: number; restock: boolean };

const step: fc.Arbitrary<StoreStep> = fc.oneof(
  write.filter((w): w is Extract<Write, { kind: 'place' | 'placeDraft' | 'status' }> =>
    ['place', 'placeDraft', 'status'].includes(w.kind),
  ),
  fc.record({ kind: fc.constant('edit' as const), order: pick, qty: fc.integer({ min: 1, max: 4 }) }),
  fc.record({
    kind: fc.constant('return' as const),
    order: pick,
    qty: fc.integer({ min: 1, max: 3 }),
    resolution: fc.constantFrom(...RETURN_RESOLUTIONS),
  }),
  fc.record({
    kind: fc.constantFrom('receive' as const, 'refund' as const, 'reject' as const, 'close' as const),
    ret: pick,
    restock: fc.boolean(),
  }),
);

/** Runs one step through the services; what the store refuses (a 4xx, a SKU short) writes nothing. */
async function applyStep(db: Db, w: StoreStep, now: Date): Promise<void> {
  if (w.kind === 'place' || w.kind === 'placeDraft' || w.kind === 'status') return apply(db, w, now);
  const by = await anAdmin(db);
  try {
    if (w.kind === 'edit' || w.kind === 'return') {
      const order = await nth(db, w.kind === 'edit' ? 'openOrders' : 'sentOrders', w.order);
      if (!order) return;
      const [found] = await rows(db, sql`select updated_at from orders where id = ${order}`);
      const lines = await rows(
        db,
        sql`select i.id, i.product_id, i.color, i.size, i.qty,
          (select s.size from product_variants v join variant_sizes s on s.variant_id = v.id
           where v.product_id = i.product_id and lower(v.color) = lower(i.color) and lower(s.size) <> lower(i.size) limit 1) as other
        from order_items i where i.order_id = ${order} order by i.position`,
      );
      const first = lines[0];
      if (!first) return;
      if (w.kind === 'edit') {
        const orderItems = lines.map((line, index) => ({
          product: String(line.product_id),
          color: String(line.color),
          size: String(line.size),
          qty: index === 0 ? w.qty : Number(line.qty),
        }));
        const updatedAt = new Date(String(found!.updated_at)).toISOString();
        await editOrderItems(db, order, { orderItems, updatedAt }, by);
        return;
      }
      const exchangeTo = w.resolution === 'exchange' ? { size: String(first.other ?? first.size) } : undefined;
      await createReturn(
        db,
        order,
        { items: [{ line: String(first.id), qty: w.qty, reason: 'too_small', resolution: w.resolution, exchangeTo }] },
        by,
      );
      return;
    }
    const ret = await nth(db, 'returns', w.ret);
    if (!ret) return;
    if (w.kind === 'receive') {
      const lines = await rows(db, sql`select line_id from return_items where return_id = ${ret}`);
      const disposition = w.restock ? ('restock' as const) : ('damaged' as const);
      await receiveReturn(db, ret, { items: lines.map((line) => ({ line: String(line.line_id), disposition })) }, by);
    } else if (w.kind === 'refund') await refundReturn(db, ret, by);
    else if (w.kind === 'reject') await rejectReturn(db, ret, 'Not as sent', by);
    else await closeReturn(db, ret, by);
  } catch (error) {
    if (!(error instanceof HttpError && error.statusCode < 500) && !stockShortage(error)) throw error;
  }
}

/** Orders whose refunds are above what was paid on them: none, ever. */
const overRefunded = (db: Db) =>
  rows(
    db,
    sql`select id from orders where refunded > case when payment_status in ('paid', 'refunded') then total_price
      when payment_method = 'cod' then coalesce(advance_paid, 0) else 0 end`,
  );

class Rollback extends Error {}

let database: Database;
let dropDatabase = async () => {};
beforeAll(async () => {
  const store = inject('testStore');
  if (store.kind === 'pglite') {
    database = await keptStore(store.imagePath);
    return;
  }
  const name = `apparel_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: store.serverUrl });
  await admin.connect();
  await admin.query(`create database ${name} template ${store.template}`);
  database = await openDatabase({ kind: 'postgres', url: databaseUrl(store.serverUrl, name) });
  dropDatabase = async () => {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  };
});
afterAll(async () => {
  await database?.close();
  await dropDatabase();
});

describe('sales summaries', () => {
  it('equal a full recomputation on the freshly seeded store (the seeder rebuilds them in one pass)', async () => {
    const expected = await recomputed(database.db);
    expect(expected.days.length).toBeGreaterThan(100);
    expect(await stored(database.db)).toEqual(expected);
  });

  it('equal a full recomputation after any random sequence of order writes, status changes and cancellations', async () => {
    const now = new Date();
    await fc.assert(
      fc.asyncProperty(fc.array(write, { minLength: 1, maxLength: 12 }), async (writes) => {
        // Each sequence runs in a transaction that is rolled back: every run starts from the seeded store.
        await database.db
          .transaction(async (tx) => {
            for (const w of writes) await apply(tx as unknown as Db, w, now);
            expect(await stored(tx as unknown as Db)).toEqual(await recomputed(tx as unknown as Db));
            throw new Rollback();
          })
          .catch((error: unknown) => {
            if (!(error instanceof Rollback)) throw error;
          });
      }),
      { numRuns: 20 },
    );
  });
});

describe('the store after the sale', () => {
  it('keeps the ledger equal to stock, refunds within what was paid and the summaries exact after every step of placements, edits, status changes, returns, receipts, refunds and exchanges', async () => {
    const now = new Date();
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 8 }), async (steps) => {
        await database.db
          .transaction(async (transaction) => {
            const tx = transaction as unknown as Db;
            for (const w of steps) {
              await applyStep(tx, w, now);
              expect(await ledgerMismatches(tx)).toEqual([]);
              expect(await overRefunded(tx)).toEqual([]);
              expect(await stored(tx)).toEqual(await recomputed(tx));
            }
            throw new Rollback();
          })
          .catch((error: unknown) => {
            if (!(error instanceof Rollback)) throw error;
          });
      }),
      { numRuns: 10 },
    );
  });
});

describe('dashboard routes after writes through the API', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp();
  });
  afterAll(() => t?.close());
  const get = (url: string) => t.call('GET', url, { token: t.adminToken });

  it("a cancellation leaves this month's sales, orders and customers at once, and un-cancelling brings it back", async () => {
    const thisMonth = new Date().toISOString().slice(0, 7);
    const all = (await get('/api/order/all-orders')).json().orders as {
      _id: string;
      status: OrderStatus;
      createdAt: string;
      totalPrice: number;
    }[];
    const target = all.find((o) => o.createdAt.startsWith(thisMonth) && countsAsSale(o.status))!;
    const before = (await get('/api/order/monthly-sales')).json().data.at(-1);

    const cancel = await t.call('PUT', `/api/order/update-status/${target._id}`, {
      token: t.adminToken,
      body: { status: 'cancelled' },
    });
    expect(cancel.statusCode).toBe(200);
    const after = (await get('/api/order/monthly-sales')).json().data.at(-1);
    expect(after.orders).toBe(before.orders - 1);
    expect(after.sales).toBeCloseTo(before.sales - target.totalPrice, 2);
    const summary = (await get('/api/order/dashboard-summary')).json().kpis;
    expect(summary[1].value).toBe(after.orders);

    await t.call('PUT', `/api/order/update-status/${target._id}`, {
      token: t.adminToken,
      body: { status: target.status },
    });
    expect((await get('/api/order/monthly-sales')).json().data.at(-1)).toEqual(before);
  });
});
