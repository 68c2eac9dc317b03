import { afterAll, afterEach, describe, expect, inject, it, vi } from 'vitest';
import type { Database } from '../../src/server/db/client';
import { startUpkeep } from '../../src/server/db/upkeep';
import { startApp, type TestApp } from './helpers';

const TIMING = { checkEveryMs: 1_000, idleMs: 60_000, manyWrites: 100 };

describe('when the embedded store vacuums itself', () => {
  afterEach(() => vi.useRealTimers());

  function store() {
    const statements: string[] = [];
    const database = { query: async (text: string) => (statements.push(text), []) } as unknown as Database;
    let clock = 0;
    vi.useFakeTimers();
    const upkeep = startUpkeep(database, TIMING, () => clock);
    const pass = async (ms: number) => {
      clock += ms;
      await vi.advanceTimersByTimeAsync(ms);
    };
    return { statements, upkeep, pass };
  }

  it('never without a write, however idle', async () => {
    const { statements, upkeep, pass } = store();
    await pass(10 * TIMING.idleMs);
    expect(statements).toEqual([]);
    await upkeep.stop();
  });

  it('once the store has been idle for idleMs after a write, and once only', async () => {
    const { statements, upkeep, pass } = store();
    upkeep.wrote();
    for (let i = 0; i < 10; i++) {
      upkeep.busy();
      await pass(TIMING.idleMs / 10);
    }
    expect(statements).toEqual([]);
    await pass(TIMING.idleMs);
    expect(statements).toEqual(['vacuum analyze']);
    await pass(10 * TIMING.idleMs);
    expect(statements).toEqual(['vacuum analyze']);
    await upkeep.stop();
  });

  it('after many writes, at the first quiet second even on a busy day', async () => {
    const { statements, upkeep, pass } = store();
    for (let i = 0; i < TIMING.manyWrites; i++) upkeep.wrote();
    upkeep.busy();
    await pass(TIMING.checkEveryMs);
    expect(statements).toEqual(['vacuum analyze']);
    await upkeep.stop();
  });
});

describe.runIf(inject('testStore').kind === 'pglite')('the embedded store behind the API', () => {
  let t: TestApp | undefined;
  afterAll(() => t?.close());

  it('vacuums and analyses itself once idle after a write', async () => {
    t = await startApp({ upkeep: { checkEveryMs: 20, idleMs: 100, manyWrites: 1_000 } });
    const before = await lastVacuum(t);
    const added = await t.call('POST', '/api/coupon/add', {
      token: t.adminToken,
      body: { code: 'UPKEEP10', discountType: 'percentage', discountValue: 10, expiresAt: '2099-01-01T00:00:00.000Z' },
    });
    expect(added.statusCode).toBe(201);
    await expect.poll(() => lastVacuum(t!), { timeout: 10_000 }).toBeGreaterThan(before);
  });
});

/** When every table was last vacuumed and analysed (0 before the first time). */
async function lastVacuum(t: TestApp): Promise<number> {
  const [row] = await t.app.database.query<{ at: Date | string | null }>(
    'select min(least(last_vacuum, last_analyze)) as at from pg_stat_user_tables',
  );
  return row?.at ? new Date(row.at).getTime() : 0;
}
