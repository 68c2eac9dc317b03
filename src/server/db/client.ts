import { chmodSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
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
  close(): Promise<void>;
}

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/** Opens the database and brings its schema up to date (migrations are idempotent). */
export async function openDatabase(choice: DatabaseChoice): Promise<Database> {
  if (choice.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: choice.url, max: 10 });
    // An idle connection dropped by the server (restart, failover) must not crash the process: the pool reconnects on the next query.
    pool.on('error', () => {});
    const db = drizzlePg(pool, { schema });
    await migratePg(db, { migrationsFolder });
    return {
      db: db as unknown as Db,
      query: async <T>(text: string, params?: unknown[]) => (await pool.query(text, params)).rows as T[],
      close: () => pool.end(),
    };
  }
  if (choice.dataDir) mkdirSync(choice.dataDir, { recursive: true, mode: 0o700 });
  // pg_trgm backs the trigram search indexes (migration 0001); a PostgreSQL server ships it in contrib.
  const client = await PGlite.create(choice.dataDir ?? 'memory://', { loadDataDir: choice.loadDataDir, extensions: { pg_trgm } });
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder });
  const { dataDir } = choice;
  // PGlite sets its files' modes itself (0644), whatever the umask: they are made private after it
  // made them, at open and at close. In between, the 0700 directories keep every other user out.
  if (dataDir) keepPrivate(dataDir);
  return {
    db: db as unknown as Db,
    query: async <T>(text: string, params?: unknown[]) => (await client.query<T>(text, params)).rows,
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
  const client = (database.db as unknown as { $client: PGlite }).$client;
  return client.dumpDataDir('none');
}
