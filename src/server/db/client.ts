import {
  chmodSync,
  linkSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { openRemotePglite } from './pglite-remote';
import { queryLog } from './query-log';
import * as schema from './schema';

/** Where the store's data lives: embedded PGlite (on disk, or in memory from an optional image) or a PostgreSQL server. */
export type DatabaseChoice =
  { kind: 'pglite'; dataDir?: string; loadDataDir?: Blob } | { kind: 'postgres'; url: string };

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  /** Plain parameterised SQL on the driver, for bulk loads that Drizzle's builders would slow down. */
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  /**
   * Runs `work` while no other process runs its own `exclusive` work on this database (a PostgreSQL
   * advisory lock): server processes started together migrate and prepare the store one at a time.
   */
  exclusive<T>(work: () => Promise<T>): Promise<T>;
  /** The embedded store as an image (`loadDataDir`), checkpointed so it opens without recovery; PGlite only. */
  dump?(): Promise<Blob>;
  /**
   * PGlite only: calls `listener` as each write to a versioned table (migration 0012) commits, before
   * the writer has its answer. The embedded store has one owner, this process, so this is every write.
   */
  onWrite?(listener: () => void): void;
  /**
   * Hears the live events every process's writes announce as they commit (LIVE_CHANNEL, migration 0020):
   * `event` with each message's payload; `gap` once listening again after a lost connection (what was
   * said meanwhile went unheard). Answers how to stop.
   */
  listenLive(listener: LiveListener): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/** The channel of the live events (migration 0020). */
export const LIVE_CHANNEL = 'live_events';

export interface LiveListener {
  event(payload: string): void;
  gap(): void;
}

/**
 * A PostgreSQL connection of its own that LISTENs on the live channel (a pooled one would be handed to
 * other queries); lost, it connects again a second later (until stopped) and then says so (`gap`).
 */
async function listenOnServer(url: string, listener: LiveListener): Promise<() => Promise<void>> {
  let stopped = false;
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: url });
    client = next;
    next.on('notification', ({ channel, payload }) => {
      if (channel === LIVE_CHANNEL && payload) listener.event(payload);
    });
    const lost = () => {
      if (stopped || client !== next) return;
      client = undefined;
      void next.end().catch(() => undefined);
      retry = setTimeout(() => connect().then(listener.gap, () => undefined), 1000);
    };
    next.on('error', lost);
    next.on('end', lost);
    try {
      await next.connect();
      await next.query(`LISTEN ${LIVE_CHANNEL}`);
    } catch (error) {
      lost();
      throw error;
    }
  };
  await connect().catch((error: unknown) => {
    stopped = true;
    clearTimeout(retry);
    throw error;
  });
  return async () => {
    stopped = true;
    clearTimeout(retry);
    await client?.end().catch(() => undefined);
  };
}

/** The advisory lock key of `exclusive` (any constant; PostgreSQL's locks are per database). */
const PREPARE_LOCK = 7_211_503;

const migrationsFolder = fileURLToPath(new URL('../../../migrations', import.meta.url));

/** Opens the database and brings its schema up to date (migrations are idempotent). */
export async function openDatabase(choice: DatabaseChoice): Promise<Database> {
  if (choice.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: choice.url, max: 10 });
    // An idle connection dropped by the server (restart, failover) must not crash the process: the pool reconnects on the next query.
    pool.on('error', () => {});
    const db = drizzlePg(pool, { schema, logger: queryLog });
    const exclusive = async <T>(work: () => Promise<T>): Promise<T> => {
      const lock = await pool.connect();
      try {
        await lock.query('select pg_advisory_lock($1)', [PREPARE_LOCK]);
        return await work();
      } finally {
        await lock.query('select pg_advisory_unlock($1)', [PREPARE_LOCK]).catch(() => undefined);
        lock.release();
      }
    };
    await exclusive(() => migratePg(db, { migrationsFolder }));
    return {
      db: db as unknown as Db,
      query: async <T>(text: string, params?: unknown[]) => {
        queryLog.logQuery(text, params ?? []);
        return (await pool.query(text, params)).rows as T[];
      },
      exclusive,
      listenLive: (listener) => listenOnServer(choice.url, listener),
      close: () => pool.end(),
    };
  }
  const { dataDir } = choice;
  if (dataDir) mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const unlock = dataDir ? lockStore(dataDir) : () => {};
  const client = await openRemotePglite({ dataDir, loadDataDir: choice.loadDataDir }).catch((error: unknown) => {
    unlock();
    throw error;
  });
  const db = drizzlePglite({ client: client as unknown as PGlite, schema, logger: queryLog });
  try {
    await migratePglite(db, { migrationsFolder });
  } catch (error) {
    await client.close().finally(unlock);
    throw error;
  }
  // PGlite sets its files' modes itself (0644), whatever the umask: they are made private after it
  // made them, at open and at close. In between, the 0700 directories keep every other user out.
  if (dataDir) keepPrivate(dataDir);
  return {
    db: db as unknown as Db,
    query: async <T>(text: string, params?: unknown[]) => {
      queryLog.logQuery(text, params ?? []);
      return (await client.query<T>(text, params)).rows;
    },
    // One process owns an embedded store: there is nobody to wait for.
    exclusive: (work) => work(),
    dump: () => client.dumpDataDir(),
    onWrite: client.onWrite,
    // The thread LISTENs from its start; one connection, nothing to lose.
    listenLive: async (listener) => client.onLive((payload) => listener.event(payload)),
    close: async () => {
      try {
        await client.close();
        if (dataDir) keepPrivate(dataDir);
      } finally {
        unlock();
      }
    },
  };
}

/** Another process has the embedded store open: the message says what to do. */
export class StoreInUseError extends Error {
  constructor(dataDir: string, pid: number) {
    super(
      `The embedded store in ${dataDir} is in use by another process (pid ${pid}): stop the server first ` +
        '(or point DATABASE_URL at a PostgreSQL server, which many processes share).',
    );
  }
}

/** For a command's start: a store in use ends the process with the message in one line, not a stack trace; any other error goes on. */
export function exitIfInUse(error: unknown): never {
  if (!(error instanceof StoreInUseError)) throw error;
  console.error(error.message);
  process.exit(1);
}

/** The lock files this process holds: a lock naming this pid but not listed here is a previous process's (pids recur, e.g. in a container). */
const heldLocks = new Set<string>();

/**
 * PGlite is PostgreSQL in one process, with no server for others to share: a second process on the
 * same directory neither sees the first one's writes nor has its own seen, and the two can corrupt it.
 * So the process that opens an on-disk store holds `<dataDir>.lock` (beside it: PGlite owns the
 * directory's contents, and would copy a lock inside into its images) naming its pid until it closes
 * the store. A lock whose process is gone (killed, crashed) is taken over. Returns the release.
 */
function lockStore(dataDir: string): () => void {
  const path = `${resolve(dataDir)}.lock`;
  const mine = `${process.pid}\n`;
  const aside = `${path}.${process.pid}`;
  for (;;) {
    // Written whole, then linked into place (which fails if the lock exists): nobody reads a lock half-written.
    writeFileSync(aside, mine, { mode: 0o600 });
    try {
      linkSync(aside, path);
      heldLocks.add(path);
      return () => {
        heldLocks.delete(path);
        // Not a lock another process took over (one that wrongly found this process gone).
        if (readLock(path) === mine) unlinkSync(path);
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    } finally {
      unlinkSync(aside);
    }
    const found = readLock(path);
    if (found === undefined) continue;
    const pid = Number.parseInt(found, 10);
    if (pid === process.pid ? heldLocks.has(path) : isAlive(pid)) {
      throw new StoreInUseError(dataDir, pid);
    }
    // Moved aside rather than deleted: of two processes taking over the same stale lock, the one that
    // finds it already replaced puts the new holder's lock back and looks again.
    try {
      renameSync(path, aside);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
      throw error;
    }
    if (readLock(aside) !== found) {
      try {
        linkSync(aside, path);
      } catch {
        // A third process holds it now; the loop meets its lock.
      }
    }
    unlinkSync(aside);
  }
}

function readLock(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

function isAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: alive, but another user's.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * The embedded database's files are its owner's alone (directories 0700, files 0600), like a PostgreSQL
 * server's data directory.
 */
function keepPrivate(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  chmodSync(dir, 0o700);
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) keepPrivate(path);
    else if (entry.isFile()) chmodSync(path, 0o600);
  }
}

/** Dumps an in-memory PGlite store as an image that `loadDataDir` starts from (tests build one and share it). */
export async function dumpPglite(database: Database): Promise<Blob> {
  if (!database.dump) throw new Error('Only an embedded store can be dumped');
  return database.dump();
}
