import type { Database } from './client';

export interface UpkeepTiming {
  /** How often the store looks whether upkeep is due. */
  checkEveryMs: number;
  /** After any write, upkeep runs once no request has come for this long. */
  idleMs: number;
  /** After this many writes it runs at the first quiet second, however busy the day. */
  manyWrites: number;
}

export const DEFAULT_UPKEEP: UpkeepTiming = { checkEveryMs: 30_000, idleMs: 120_000, manyWrites: 5_000 };

/** A quiet second: long enough that no request is waiting behind the VACUUM. */
const QUIET_MS = 1_000;

export interface Upkeep {
  /** A request came in (the store is not idle). */
  busy(): void;
  /** A request changed data. */
  wrote(): void;
  stop(): Promise<void>;
}

/**
 * The embedded store's VACUUM ANALYZE. A PostgreSQL server runs autovacuum; PGlite has no background
 * workers, so without this its dead rows and planner statistics would only grow stale. PGlite runs one
 * statement at a time, so requests would queue behind a VACUUM: it waits for the store to be idle (or,
 * after very many writes, for a quiet second), and runs only when something was written since the last one.
 */
export function startUpkeep(
  database: Database,
  timing: UpkeepTiming = DEFAULT_UPKEEP,
  now: () => number = Date.now,
): Upkeep {
  let lastRequest = now();
  let writes = 0;
  let running: Promise<void> | undefined;

  const due = () => {
    if (running || writes === 0) return false;
    const idle = now() - lastRequest;
    return idle >= timing.idleMs || (writes >= timing.manyWrites && idle >= QUIET_MS);
  };
  const timer = setInterval(() => {
    if (!due()) return;
    writes = 0;
    running = database
      .query('vacuum analyze')
      .then(() => undefined)
      // A failed upkeep (the store closing under it) is retried with the next writes.
      .catch(() => undefined)
      .finally(() => (running = undefined));
  }, timing.checkEveryMs);
  timer.unref();

  return {
    busy: () => (lastRequest = now()),
    wrote: () => (writes += 1),
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}
