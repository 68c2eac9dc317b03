import { chmodSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { openRemotePglite } from './pglite-remote';
import * as schema from './schema';

/** Where the store's data lives: embedded PGlite (on disk, or in memory from an optional image) or a PostgreSQL server. */
export type DatabaseChoice =
  | { kind: 'pglite'; dataDir?: string; loadDataDir?: Blob }
  | { kind: 'postgres'; url: string };

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
  /** The embedded store as an image (`loadDataDir`); PGlite only. */
  dump?(): Promise<Blob>;
  /**
   * PGlite only: calls `listener` as each write to a versioned table (migration 0012) commits, before
   * the writer has its answer. The embedded store has one owner, this process, so this is every write.
   */
  onWrite?(listener: () => void): void;
  close(): Promise<void>;
}

/** The advisory lock key of `exclusive` (any constant; PostgreSQL's locks are per database). */
const PREPARE_LOCK = 7_211_503;

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/** Opens the database and brings its schema up to date (migrations are idempotent). */
export async function openDatabase(choice: DatabaseChoice): Promise<Database> {
  if (choice.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: choice.url, max: 10 });
    // An idle connection dropped by the server (restart, failover) must not crash the process: the pool reconnects on the next query.
    pool.on('error', () => {});
    const db = drizzlePg(pool, { schema });
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
      query: async <T>(text: string, params?: unknown[]) => (await pool.query(text, params)).rows as T[],
      exclusive,
      close: () => pool.end(),
    };
  }
  if (choice.dataDir) mkdirSync(choice.dataDir, { recursive: true, mode: 0o700 });
  const client = await openRemotePglite({ dataDir: choice.dataDir, loadDataDir: choice.loadDataDir });
  const db = drizzlePglite({ client: client as unknown as PGlite, schema });
  try {
    await migratePglite(db, { migrationsFolder });
  } catch (error) {
    await client.close();
    throw error;
  }
  const { dataDir } = choice;
  // PGlite sets its files' modes itself (0644), whatever the umask: they are made private after it
  // made them, at open and at close. In between, the 0700 directories keep every other user out.
  if (dataDir) keepPrivate(dataDir);
  return {
    db: db as unknown as Db,
    query: async <T>(text: string, params?: unknown[]) => (await client.query<T>(text, params)).rows,
    // One process owns an embedded store: there is nobody to wait for.
    exclusive: (work) => work(),
    dump: () => client.dumpDataDir(),
    onWrite: client.onWrite,
    close: async () => {
      await client.close();
      if (dataDir) keepPrivate(dataDir);
    },
  };
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
