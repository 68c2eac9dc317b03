import { chmodSync, mkdirSync, mkdtempSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase, type Database } from '../../src/server/db/client';
import { seedStore } from '../../src/server/seed/generate';
import { clearStore, isEmptyStore } from '../../src/server/seed/prepare';
import { keptStore } from './kept-stores';

/** The generator behind both the demo store and `npm run seed`, on its own database. */
let database: Database;
const store = inject('testStore');
beforeAll(async () => {
  database = store.kind === 'pglite' ? await keptStore(store.imagePath) : await openDatabase({ kind: 'pglite' });
});
afterAll(() => database.close());

const options = () => ({
  customers: 12,
  products: 9,
  orders: 1000,
  seed: 7,
  now: new Date('2026-03-15T12:00:00Z'),
  uploadsDir: join(mkdtempSync(join(store.workDir, 'seed-')), 'uploads'),
});
const snapshot = () =>
  database.query<{ id: string; total_price: string; created_at: Date; user_id: string }>(
    'select id, total_price::text, created_at, user_id from orders order by id',
  );

describe('seed generator', () => {
  it('builds a store of the asked size, the same for the same seed', async () => {
    await clearStore(database);
    expect(await isEmptyStore(database)).toBe(true);
    await seedStore(database, options());
    const [counts] = await database.query<Record<string, number>>(
      `select (select count(*)::int from orders) as orders, (select count(*)::int from products) as products,
              (select count(*)::int from users where role = 'customer') as customers,
              (select count(*)::int from order_items) as items,
              (select count(*)::int from orders where created_at > '2026-03-15T12:00:00Z' or created_at < '2025-01-01') as out_of_range`,
    );
    expect(counts).toMatchObject({ orders: 1000, products: 9, customers: 12, out_of_range: 0 });
    expect(counts!.items).toBeGreaterThanOrEqual(1000);
    const first = await snapshot();

    await clearStore(database);
    await seedStore(database, options());
    expect(await snapshot()).toEqual(first);
  });

  it("keeps each product's totalStock equal to the sum of its sizes", async () => {
    const mismatched = await database.query(
      `select p.id from products p left join product_variants v on v.product_id = p.id left join variant_sizes s on s.variant_id = v.id
       group by p.id, p.total_stock having p.total_stock <> coalesce(sum(s.count_in_stock), 0)`,
    );
    expect(mismatched).toEqual([]);
  });

  it("writes the demo images for the owner alone (0600 in 0700), as the server's own uploads, even into a directory that was open", async () => {
    const { uploadsDir } = options();
    mkdirSync(uploadsDir);
    chmodSync(uploadsDir, 0o755);
    await clearStore(database);
    await seedStore(database, { ...options(), customers: 1, products: 1, orders: 1, uploadsDir });
    const mode = (path: string) => statSync(path).mode & 0o777;
    expect(mode(uploadsDir)).toBe(0o700);
    const files = readdirSync(uploadsDir);
    expect(files.length).toBeGreaterThan(0);
    expect(files.filter((file) => mode(join(uploadsDir, file)) !== 0o600)).toEqual([]);
  });
});
