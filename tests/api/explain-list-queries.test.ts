import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { openDatabase, type Database } from '../../src/server/db/client';
import { parseListQuery, type ListFields, type ListSpec } from '../../src/server/list-query';
import { getOrder, listOrders, orderListSpec } from '../../src/server/services/orders';
import { listProducts, productListSpec } from '../../src/server/services/products';
import { sessionUser } from '../../src/server/services/sessions';
import { servedStaff } from '../../src/server/resources/staff';
import { demoPasswordInUse } from '../../src/server/services/staff';
import { servedCustomers } from '../../src/server/resources/customers';
import { customerStats } from '../../src/server/services/users';
import type { SessionUser } from '../../src/domain';
import { databaseUrl, storeImage } from './store';

/**
 * Every list query the console sends at scale (and one order's details) reads its rows through an
 * index: EXPLAIN of the exact SQL the services run, captured at the driver, shows no sequential scan of
 * orders, users or products, the index meant for it, and, under the page's LIMIT, no sort: the page
 * comes straight off the index however deep it is. The demo store is small, so sequential scans and
 * sorts are priced out (enable_seqscan, enable_sort off): what the planner still cannot do with an
 * index shows up as a Seq Scan or a Sort, as it would on a million orders.
 */

const BIG_TABLES = ['orders', 'users', 'products'];

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

const nodes = (plan: PlanNode): PlanNode[] => [plan, ...(plan.Plans ?? []).flatMap(nodes)];

let database: Database;
/** Runs EXPLAIN on one connection whose planner settings it controls. */
let explain: (text: string, params: unknown[], sorts: boolean) => Promise<PlanNode>;
let captured: { text: string; params: unknown[] }[] = [];
let dropDatabase = async () => {};

beforeAll(async () => {
  const store = inject('testStore');
  let client: { query: (...args: unknown[]) => Promise<unknown> };
  if (store.kind === 'pglite') {
    database = await openDatabase({ kind: 'pglite', loadDataDir: storeImage(store.imagePath) });
    client = (database.db as unknown as { $client: typeof client }).$client;
    explain = async (text, params, sorts) => {
      await database.query('set enable_seqscan = off');
      await database.query(`set enable_sort = ${sorts ? 'on' : 'off'}`);
      const [row] = await database.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
        `explain (format json) ${text}`,
        params,
      );
      return row!['QUERY PLAN'][0].Plan;
    };
  } else {
    const name = `apparel_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: store.serverUrl });
    await admin.connect();
    await admin.query(`create database ${name} template ${store.template}`);
    database = await openDatabase({ kind: 'postgres', url: databaseUrl(store.serverUrl, name) });
    client = (database.db as unknown as { $client: typeof client }).$client;
    const explainer = new pg.Client({ connectionString: databaseUrl(store.serverUrl, name) });
    await explainer.connect();
    explain = async (text, params, sorts) => {
      await explainer.query('set enable_seqscan = off');
      await explainer.query(`set enable_sort = ${sorts ? 'on' : 'off'}`);
      const { rows } = await explainer.query(`explain (format json) ${text}`, params);
      return rows[0]['QUERY PLAN'][0].Plan;
    };
    dropDatabase = async () => {
      await explainer.end();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    };
  }
  await growStore();
  // Record what the services send, as the driver receives it.
  const query = client.query.bind(client);
  client.query = (...args: unknown[]) => {
    const [first, params] = args;
    const text = typeof first === 'string' ? first : (first as { text: string }).text;
    if (/^\s*select/i.test(text)) captured.push({ text, params: (params as unknown[]) ?? [] });
    return query(...args);
  };
});
afterAll(async () => {
  await database?.close();
  await dropDatabase();
});

/**
 * Fifty thousand more orders of five thousand more customers, so the planner's statistics describe a
 * store where reading everything costs what it does at scale (a search it could answer by reading all
 * 320 demo orders, it must now answer through its indexes). The summary triggers are left out: this
 * store only serves EXPLAIN.
 */
async function growStore() {
  await database.query('alter table orders disable trigger user');
  await database.query(
    `insert into users (id, fullname, email, password_hash, created_at)
     select 'e' || lpad(to_hex(g), 23, '0'), 'Bench Customer ' || g, 'bench.' || g || '@example.org', 'unused', now() - g * interval '1 hour'
     from generate_series(1, 5000) g`,
  );
  await database.query(
    `insert into orders (id, user_id, status, payment_method, payment_status, shipping_address, billing_address, total_price, created_at)
     select 'd' || lpad(to_hex(g), 23, '0'), 'e' || lpad(to_hex(1 + g % 5000), 23, '0'),
            (array['pending', 'processing', 'shipped', 'delivered', 'cancelled'])[1 + g % 5], 'online',
            (array['paid', 'pending', 'refunded'])[1 + (g / 5) % 3], '{}', '{}', g % 5000 + 0.5, now() - g * interval '7 minutes'
     from generate_series(1, 50000) g`,
  );
  await database.query('analyze');
}

async function plansOf(run: () => Promise<unknown>, sorts: boolean): Promise<{ text: string; plan: PlanNode }[]> {
  captured = [];
  await run();
  const statements = captured;
  captured = [];
  const plans = [];
  for (const { text, params } of statements) plans.push({ text, plan: await explain(text, params, sorts) });
  captured = [];
  return plans;
}

/**
 * No big table read row by row; `index` used; for a page, the rows under its LIMIT come off `index`
 * without a sort. A search instead finds its few matches through `index` and may sort them.
 */
async function expectIndexed(run: () => Promise<unknown>, index: string, { paged = true } = {}) {
  const plans = await plansOf(run, !paged);
  expect(plans.length).toBeGreaterThan(0);
  for (const { text, plan } of plans) {
    const seqScans = nodes(plan).filter(
      (n) => n['Node Type'] === 'Seq Scan' && BIG_TABLES.includes(n['Relation Name'] ?? ''),
    );
    expect(
      seqScans.map((n) => n['Relation Name']),
      text,
    ).toEqual([]);
  }
  const using = plans.filter(({ plan }) => nodes(plan).some((n) => n['Index Name'] === index));
  expect(using.length, `no query used ${index}:\n${plans.map((p) => p.text).join('\n')}`).toBeGreaterThan(0);
  if (!paged) return;
  const limits = using.flatMap(({ plan }) =>
    nodes(plan).filter((n) => n['Node Type'] === 'Limit' && nodes(n).some((c) => c['Index Name'] === index)),
  );
  expect(limits.length, `${index} is not read under a LIMIT`).toBeGreaterThan(0);
  for (const limit of limits) expect(nodes(limit).map((n) => n['Node Type'])).not.toContain('Sort');
}

const list = <F extends ListFields>(spec: ListSpec<F>, query: Record<string, string>) => parseListQuery(query, spec);
const page = (start = 0) => ({ _start: String(start), _end: String(start + 25) });

describe('orders list and details', () => {
  let sample: { id: string; email: string }[];
  beforeAll(async () => {
    sample = await database.query<{ id: string; email: string }>(
      `select o.id, u.email from orders o join users u on u.id = o.user_id order by o.id limit 3`,
    );
  });

  it('first page, newest first', async () => {
    await expectIndexed(
      () => listOrders(database.db, list(orderListSpec, { ...page(), _sort: 'createdAt', _order: 'desc' })),
      'orders_created_at_idx',
    );
  });

  it('the default order and a deep page walk the same index', async () => {
    await expectIndexed(() => listOrders(database.db, list(orderListSpec, page(200))), 'orders_created_at_idx');
  });

  it('sorted by total', async () => {
    await expectIndexed(
      () => listOrders(database.db, list(orderListSpec, { ...page(), _sort: 'totalPrice', _order: 'asc' })),
      'orders_total_price_idx',
    );
  });

  it('filtered by status and payment status', async () => {
    await expectIndexed(
      () => listOrders(database.db, list(orderListSpec, { ...page(), status: 'delivered', paymentStatus: 'paid' })),
      'orders_status_payment_status_idx',
    );
  });

  it('filtered by status alone, or payment status alone', async () => {
    await expectIndexed(
      () => listOrders(database.db, list(orderListSpec, { ...page(), status: 'shipped' })),
      'orders_status_idx',
    );
    await expectIndexed(
      () => listOrders(database.db, list(orderListSpec, { ...page(), paymentStatus: 'refunded' })),
      'orders_payment_status_idx',
    );
  });

  it('searched by customer email or name: the customers through trigram indexes, their orders by customer', async () => {
    const byEmail = () => listOrders(database.db, list(orderListSpec, { ...page(), q: sample[0]!.email }));
    // A whole email is found by its local part (the domain's trigrams are in every customer's email).
    await expectIndexed(byEmail, 'users_email_local_trgm_idx', { paged: false });
    await expectIndexed(byEmail, 'orders_user_idx', { paged: false });
    await expectIndexed(
      () => listOrders(database.db, list(orderListSpec, { ...page(), q: 'Customer 4217' })),
      'users_fullname_trgm_idx',
      {
        paged: false,
      },
    );
  });

  it('searched by the short order id (its last characters)', async () => {
    await expectIndexed(
      () => listOrders(database.db, list(orderListSpec, { ...page(), q: sample[1]!.id.slice(-6) })),
      'orders_id_reversed_idx',
      { paged: false },
    );
  });

  it("one order's details, and its timeline", async () => {
    await expectIndexed(() => getOrder(database.db, sample[2]!.id), 'orders_pkey', { paged: false });
    await expectIndexed(() => getOrder(database.db, sample[2]!.id), 'order_events_order_idx', { paged: false });
  });
});

describe("a customer's page", () => {
  const customer = 'e' + (4217).toString(16).padStart(23, '0');
  it('their figures come from their entries of the orders by customer index', async () => {
    await expectIndexed(() => customerStats(database.db, customer), 'orders_user_idx', { paged: false });
  });

  it('their orders page off the same index, newest first', async () => {
    await expectIndexed(
      () => listOrders(database.db, list(orderListSpec, { ...page(), user: customer })),
      'orders_user_idx',
    );
  });
});

describe('customers and products lists', () => {
  const admin = { role: 'admin' } as SessionUser;
  it('customers: first page newest first, sorted by name, searched by email', async () => {
    await expectIndexed(
      () => servedCustomers.readPage(database.db, parseListQuery(page(), servedCustomers.list), admin),
      'users_created_at_idx',
    );
    await expectIndexed(
      () =>
        servedCustomers.readPage(
          database.db,
          parseListQuery({ ...page(), _sort: 'fullname', _order: 'asc' }, servedCustomers.list),
          admin,
        ),
      'users_fullname_idx',
    );
    await expectIndexed(
      () =>
        servedCustomers.readPage(
          database.db,
          parseListQuery({ ...page(), q: 'example.com' }, servedCustomers.list),
          admin,
        ),
      'users_email_trgm_idx',
      {
        paged: false,
      },
    );
  });

  it('products: first page newest first, searched by name', async () => {
    await expectIndexed(() => listProducts(database.db, list(productListSpec, page())), 'products_created_at_idx');
    await expectIndexed(
      () => listProducts(database.db, list(productListSpec, { ...page(), q: 'owl' })),
      'products_name_trgm_idx',
      {
        paged: false,
      },
    );
  });
});

describe('each signed-in request and the Team', () => {
  it("a request's session and user: one join by primary keys", async () => {
    const [user] = await database.query<{ id: string }>(`select id from users where role = 'admin' limit 1`);
    await database.query(
      `insert into sessions (id, user_id, expires_at) values ('explain-session', $1, now() + interval '1 hour')`,
      [user!.id],
    );
    const claims = { userId: user!.id, sessionId: 'explain-session', expiresAt: new Date() };
    const run = () => sessionUser(database.db, claims);
    expect((await run())?.user.id).toBe(user!.id);
    await expectIndexed(run, 'users_pkey', { paged: false });
    // A one-row table: the planner may take either of its indexes, never a scan of every session.
    const plans = await plansOf(run, true);
    const reads = plans.flatMap(({ plan }) => nodes(plan)).filter((n) => n['Relation Name'] === 'sessions');
    expect(reads.map((n) => n['Node Type'])).not.toContain('Seq Scan');
    expect(reads.some((n) => ['sessions_pkey', 'sessions_user_idx'].includes(n['Index Name'] ?? ''))).toBe(true);
  });

  it('whether an admin still has the demo password, asked by every /api/auth/me', async () => {
    await expectIndexed(() => demoPasswordInUse(database.db), 'users_demo_admin_idx', { paged: false });
  });

  it('the Team list: the staff among many customers, oldest first', async () => {
    await expectIndexed(
      () => servedStaff.readPage(database.db, parseListQuery(page(), servedStaff.list)),
      'users_staff_idx',
    );
  });
});
