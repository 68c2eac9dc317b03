import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { CATEGORY_COLOURS, KPI_TITLES, PRODUCT_CATEGORIES, type Address, type OrderStatus } from '../../src/domain';
import { dumpPglite, openDatabase, type Database, type DatabaseChoice } from '../../src/server/db/client';
import { orderItems, orders, products, users } from '../../src/server/db/schema';
import { clearStore } from '../../src/server/seed/prepare';
import { dashboardKpis, monthlySales, salesByCategory } from '../../src/server/services/dashboard';
import { startApp } from './helpers';
import { databaseUrl, storeImage } from './store';

/**
 * The dashboard aggregates against figures worked out by hand on a small fixed store. "Now" is
 * 15 March 2025, 10:00 UTC, so the 12-month window is April 2024 to March 2025.
 */
const NOW = new Date('2025-03-15T10:00:00Z');

const id = (n: number) => n.toString(16).padStart(24, '0');
const C1 = id(0xc1);
const C2 = id(0xc2);
const C3 = id(0xc3);
const OWL = id(0xa1); // Oversized + Men T-Shirts: its revenue splits in two
const TABBY = id(0xa2); // Regular fit
const PLAIN = id(0xa3); // no category: 'Other'
const HUSKY = id(0xa4); // Men T-Shirts

const address: Address = {
  name: 'A',
  address: '1 Road',
  city: 'Pune',
  state: 'MH',
  pincode: '411001',
  country: 'India',
  phone: '1',
};

interface FixtureOrder {
  n: number;
  user: string;
  status: OrderStatus;
  at: string;
  total: number;
  /** [product (null: deleted), qty, price] */
  items: [string | null, number, number][];
}

/**
 * By month (sales that count, i.e. not cancelled): Apr 2024 350 (1 order, 1 customer); Jan 2025 100
 * (1, 1); Feb 2025 800 + 200 + 500 = 1500 (3, 3); Mar 2025 1050 + 450 + 1500 = 3000 (3 orders, 2
 * customers). By category (item revenue): Other 1500 + 800 + 100 = 2400, Regular fit 400 + 450 + 350
 * = 1200, Men T-Shirts 300 + 100 + 500 = 900, Oversized 300 + 100 = 400; 4900 in all.
 */
const FIXTURE: FixtureOrder[] = [
  // The first instant of March belongs to March; shipping and tax make the total more than its items.
  {
    n: 1,
    user: C1,
    status: 'delivered',
    at: '2025-03-01T00:00:00.000Z',
    total: 1050,
    items: [
      [OWL, 2, 300],
      [TABBY, 1, 400],
    ],
  },
  { n: 2, user: C2, status: 'shipped', at: '2025-03-14T18:30:00.000Z', total: 450, items: [[TABBY, 1, 450]] },
  { n: 3, user: C1, status: 'cancelled', at: '2025-03-10T12:00:00.000Z', total: 5000, items: [[OWL, 10, 500]] },
  { n: 10, user: C1, status: 'delivered', at: '2025-03-15T09:00:00.000Z', total: 1500, items: [[PLAIN, 3, 500]] },
  // The last instant of February belongs to February.
  { n: 4, user: C3, status: 'delivered', at: '2025-02-28T23:59:59.999Z', total: 800, items: [[PLAIN, 2, 400]] },
  { n: 5, user: C2, status: 'pending', at: '2025-02-10T08:00:00.000Z', total: 200, items: [[OWL, 1, 200]] },
  { n: 9, user: C1, status: 'delivered', at: '2025-02-05T08:00:00.000Z', total: 500, items: [[HUSKY, 1, 500]] },
  // The product of this line was deleted since.
  { n: 8, user: C3, status: 'processing', at: '2025-01-20T08:00:00.000Z', total: 100, items: [[null, 1, 100]] },
  // The first instant of the window is in; the last instant before it is out.
  { n: 6, user: C1, status: 'delivered', at: '2024-04-01T00:00:00.000Z', total: 350, items: [[TABBY, 1, 350]] },
  { n: 7, user: C1, status: 'delivered', at: '2024-03-31T23:59:59.999Z', total: 9999, items: [[OWL, 1, 9999]] },
];

/** A copy of the test store (PGlite image or PostgreSQL template), emptied, that an app can then be started on. */
async function openEmptyStore(): Promise<{
  database: Database;
  appDatabase: () => Promise<DatabaseChoice>;
  close: () => Promise<void>;
}> {
  const store = inject('testStore');
  if (store.kind === 'pglite') {
    const database = await openDatabase({ kind: 'pglite', loadDataDir: storeImage(store.imagePath) });
    await clearStore(database);
    return {
      database,
      appDatabase: async () => ({ kind: 'pglite', loadDataDir: await dumpPglite(database) }),
      close: () => database.close(),
    };
  }
  const name = `apparel_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: store.serverUrl });
  await admin.connect();
  await admin.query(`create database ${name} template ${store.template}`);
  const url = databaseUrl(store.serverUrl, name);
  const database = await openDatabase({ kind: 'postgres', url });
  await clearStore(database);
  return {
    database,
    appDatabase: async () => ({ kind: 'postgres', url }),
    close: async () => {
      await database.close();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

async function loadFixture(database: Database): Promise<void> {
  const { db } = database;
  await db.insert(users).values(
    [C1, C2, C3].map((userId, i) => ({
      id: userId,
      fullname: `Customer ${i + 1}`,
      email: `c${i + 1}@example.com`,
      passwordHash: 'unused',
    })),
  );
  await db.insert(products).values([
    { id: OWL, name: 'Owl Tee', status: 'active', categories: ['Oversized', 'Men T-Shirts'] },
    { id: TABBY, name: 'Tabby Tee', status: 'active', categories: ['Regular fit'] },
    { id: PLAIN, name: 'Plain Tee', status: 'active', categories: [] },
    { id: HUSKY, name: 'Husky Tee', status: 'active', categories: ['Men T-Shirts'] },
  ]);
  for (const o of FIXTURE) {
    const at = new Date(o.at);
    await db.insert(orders).values({
      id: id(0x1000 + o.n),
      userId: o.user,
      status: o.status,
      paymentMethod: 'online',
      paymentStatus: o.status === 'cancelled' ? 'refunded' : 'paid',
      shippingAddress: address,
      billingAddress: address,
      totalPrice: o.total,
      createdAt: at,
      updatedAt: at,
    });
    await db.insert(orderItems).values(
      o.items.map(([productId, qty, price], position) => ({
        orderId: id(0x1000 + o.n),
        position,
        productId,
        name: 'Tee',
        qty,
        price,
        mrp: price,
      })),
    );
  }
}

const month = (name: string, sales: number, orderCount: number, customers: number) => ({
  name,
  sales,
  orders: orderCount,
  customers,
});
const quietMonths = [
  'May 2024',
  'Jun 2024',
  'Jul 2024',
  'Aug 2024',
  'Sep 2024',
  'Oct 2024',
  'Nov 2024',
  'Dec 2024',
].map((name) => month(name, 0, 0, 0));

describe('dashboard aggregates on a fixed store', () => {
  let store: Awaited<ReturnType<typeof openEmptyStore>>;
  beforeAll(async () => {
    store = await openEmptyStore();
    await loadFixture(store.database);
  });
  afterAll(() => store.close());

  it('monthly sales: 12 calendar months in UTC, oldest first, cancelled orders left out', async () => {
    expect(await monthlySales(store.database.db, NOW)).toEqual([
      month('Apr 2024', 350, 1, 1),
      ...quietMonths,
      month('Jan 2025', 100, 1, 1),
      month('Feb 2025', 1500, 3, 3),
      month('Mar 2025', 3000, 3, 2),
    ]);
  });

  it('KPIs: this month so far, the change against last month and a 6-month trend', async () => {
    expect(await dashboardKpis(store.database.db, NOW)).toEqual([
      {
        title: KPI_TITLES.revenue,
        format: 'currency',
        value: 3000,
        change: 100,
        changeType: 'increase',
        trend: [0, 0, 0, 100, 1500, 3000],
      },
      {
        title: KPI_TITLES.orders,
        format: 'number',
        value: 3,
        change: 0,
        changeType: 'increase',
        trend: [0, 0, 0, 1, 3, 3],
      },
      {
        title: KPI_TITLES.customers,
        format: 'number',
        value: 2,
        change: -33.3,
        changeType: 'decrease',
        trend: [0, 0, 0, 1, 3, 2],
      },
      {
        title: KPI_TITLES.averageOrderValue,
        format: 'currency',
        value: 1000,
        change: 100,
        changeType: 'increase',
        trend: [0, 0, 0, 100, 500, 1000],
      },
    ]);
  });

  it('KPIs: a first month of sales after an empty one counts as +100 %, an empty month after an empty one as 0 %', async () => {
    const january = await dashboardKpis(store.database.db, new Date('2025-01-31T23:59:59Z'));
    expect(january[0]).toMatchObject({ value: 100, change: 100, changeType: 'increase', trend: [0, 0, 0, 0, 0, 100] });
    const june = await dashboardKpis(store.database.db, new Date('2024-06-10T00:00:00Z'));
    expect(june[0]).toMatchObject({ value: 0, change: 0, changeType: 'increase', trend: [0, 0, 9999, 350, 0, 0] });
  });

  it('sales by category: shares of item revenue over 12 months, splitting multi-category products, summing to exactly 100', async () => {
    const categories = await salesByCategory(store.database.db, NOW);
    // Rounded one by one, 48.98 / 24.49 / 18.37 / 8.16 would make 49.0 + 24.5 + 18.4 + 8.2 = 100.1.
    expect(categories).toEqual([
      { name: 'Other', value: 49, color: CATEGORY_COLOURS[PRODUCT_CATEGORIES.length] },
      { name: 'Regular fit', value: 24.5, color: CATEGORY_COLOURS[PRODUCT_CATEGORIES.indexOf('Regular fit')] },
      { name: 'Men T-Shirts', value: 18.4, color: CATEGORY_COLOURS[PRODUCT_CATEGORIES.indexOf('Men T-Shirts')] },
      { name: 'Oversized', value: 8.1, color: CATEGORY_COLOURS[PRODUCT_CATEGORIES.indexOf('Oversized')] },
    ]);
    expect(categories.reduce((sum, c) => sum + c.value, 0)).toBeCloseTo(100, 9);
  });

  it('sales by category: only months in the window count', async () => {
    // In April 2025 the window starts in May 2024: the April 2024 Tabby order drops out.
    const categories = await salesByCategory(store.database.db, new Date('2025-04-01T00:00:00Z'));
    expect(categories.find((c) => c.name === 'Regular fit')?.value).toBe(18.7); // 850 of 4550
    expect(categories.reduce((sum, c) => sum + c.value, 0)).toBeCloseTo(100, 9);
  });
});

describe('dashboard routes on an empty store', () => {
  let store: Awaited<ReturnType<typeof openEmptyStore>>;
  let app: Awaited<ReturnType<typeof startApp>>;
  beforeAll(async () => {
    store = await openEmptyStore();
    app = await startApp({ database: await store.appDatabase() });
  });
  afterAll(async () => {
    await app?.close();
    await store?.close();
  });
  const get = (url: string) => app.call('GET', url, { token: app.adminToken });

  it('monthly-sales answers 12 months of zeros ending with the current month', async () => {
    const response = await get('/api/order/monthly-sales');
    expect(response.statusCode).toBe(200);
    const { success, data } = response.json();
    expect(success).toBe(true);
    expect(data).toHaveLength(12);
    const now = new Date();
    expect(data.at(-1).name).toBe(
      `${now.toLocaleString('en-US', { month: 'short', timeZone: 'UTC' })} ${now.getUTCFullYear()}`,
    );
    for (const point of data) expect(point).toMatchObject({ sales: 0, orders: 0, customers: 0 });
  });

  it('sales-by-category answers no categories', async () => {
    expect((await get('/api/order/sales-by-category')).json()).toEqual({ success: true, categories: [] });
  });

  it('dashboard-summary answers the four KPIs at zero with no change', async () => {
    const { success, kpis } = (await get('/api/order/dashboard-summary')).json();
    expect(success).toBe(true);
    expect(kpis).toHaveLength(4);
    for (const kpi of kpis)
      expect(kpi).toMatchObject({ value: 0, change: 0, changeType: 'increase', trend: [0, 0, 0, 0, 0, 0] });
  });
});
