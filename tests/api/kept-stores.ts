import { openDatabase, type Database, type LiveListener } from '../../src/server/db/client';
import { storeImage } from './store';

/**
 * The API files' in-memory PGlite stores, kept by each Vitest worker and handed from one app to the next
 * (the worker runs its files one after another): opening a store from the image costs about 1.9
 * CPU-seconds in a run (PostgreSQL's start, its thread and the migrations' check), putting a kept one
 * back as the image has it about 0.2. A kept store holds a copy of each of the image's tables (schema
 * `test_image`) and puts them back when it is handed out again: the rows, the sequences, and none of the
 * tables a test added (a test resource's own). Whatever else a test changes in a database (its schema,
 * its settings) it must undo.
 */
const COPY = 'test_image';

interface Kept {
  database: Database;
  inUse: boolean;
  /** Puts the tables, their rows and the sequences back as the image has them. */
  restore: () => Promise<void>;
  /** The write listeners of the app it is handed to now. */
  writeListeners: (() => void)[];
}

const kept: Kept[] = [];

const publicTables = async (database: Database) =>
  (
    await database.query<{ name: string }>(
      `select tablename as name from pg_tables where schemaname = 'public' order by tablename`,
    )
  ).map(({ name }) => name);

async function keepNew(imagePath: string): Promise<Kept> {
  const database = await openDatabase({ kind: 'pglite', loadDataDir: storeImage(imagePath) });
  const tables = await publicTables(database);
  const sequences = await database.query<{ name: string; value: string | null }>(
    `select sequencename as name, last_value::text as value from pg_sequences where schemaname = 'public'`,
  );
  await database.query(`create schema ${COPY}`);
  for (const table of tables) await database.query(`create table ${COPY}."${table}" as table public."${table}"`);
  const store: Kept = {
    database,
    inUse: true,
    writeListeners: [],
    restore: async () => {
      for (const table of await publicTables(database))
        if (!tables.includes(table)) await database.query(`drop table public."${table}" cascade`);
      await database.query('begin');
      // Without the triggers: no version is bumped, no live event sent, no foreign key checked row by row.
      await database.query('set local session_replication_role = replica');
      await database.query(`truncate ${tables.map((table) => `public."${table}"`).join(', ')}`);
      for (const table of tables)
        await database.query(`insert into public."${table}" select * from ${COPY}."${table}"`);
      for (const { name, value } of sequences)
        await database.query(
          value === null ? `alter sequence public."${name}" restart` : `select setval('public."${name}"', ${value})`,
        );
      await database.query('commit');
    },
  };
  database.onWrite?.(() => store.writeListeners.forEach((listener) => listener()));
  return store;
}

/**
 * A store as the image has it, for one app: closing it hands it back (its app's listeners dropped) rather
 * than ending its database.
 */
export async function keptStore(imagePath: string): Promise<Database> {
  let store = kept.find((candidate) => !candidate.inUse);
  if (store) {
    store.inUse = true;
    try {
      await store.restore();
    } catch {
      // A store its last test left unusable (a transaction still open) is replaced.
      kept.splice(kept.indexOf(store), 1);
      await store.database.close().catch(() => undefined);
      store = undefined;
    }
  }
  if (!store) {
    store = await keepNew(imagePath);
    kept.push(store);
  }
  const own = store;
  const writeListeners: (() => void)[] = [];
  own.writeListeners = writeListeners;
  const stops: (() => Promise<void>)[] = [];
  let closed = false;
  return {
    ...own.database,
    onWrite: (listener) => void writeListeners.push(listener),
    listenLive: async (listener: LiveListener) => {
      const stop = await own.database.listenLive(listener);
      stops.push(stop);
      return stop;
    },
    close: async () => {
      if (closed) return;
      closed = true;
      await Promise.all(stops.map((stop) => stop()));
      if (own.writeListeners === writeListeners) own.writeListeners = [];
      own.inUse = false;
    },
  };
}
