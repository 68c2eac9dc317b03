// The embedded database's own thread: it owns the PGlite instance and answers the server's queries
// by message (pglite-remote.ts is the other end). Plain JavaScript, so it starts under plain Node,
// tsx or Vitest alike without a TypeScript loader in the worker.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, types } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

// Drizzle reads these types as the database's text and parses them itself; its parsers are functions,
// which cannot cross threads, so a query that asks for raw dates (`raw`) gets these here.
const keepText = (value) => value;
const RAW_PARSERS = Object.fromEntries(
  [types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE, 1231, 1115, 1185, 1187, 1182].map((oid) => [
    oid,
    keepText,
  ]),
);

const { dataDir, loadDataDir } = workerData;
// pg_trgm backs the trigram search indexes (migration 0001); a PostgreSQL server ships it in contrib.
const ready = PGlite.create(dataDir ?? 'memory://', {
  loadDataDir: loadDataDir && new Blob([loadDataDir]),
  extensions: { pg_trgm },
}).then(async (db) => {
  // The tables' version trigger (migration 0012) notifies as each write commits: this thread is the
  // store's one connection, so the server hears of every write, before the write's own answer (PGlite
  // calls listeners as it reads the result; messages to the server keep their order).
  await db.exec(`set apparel.notify_versions = 'on'`);
  await db.listen('data_versions', () => parentPort.postMessage({ wrote: true }));
  // The live events (migration 0020), in commit order like the versions.
  await db.listen('live_events', (payload) => parentPort.postMessage({ live: payload }));
  return db;
});

/**
 * Open transactions by id, each as the promise of its opening: it holds PGlite's transaction (and so
 * the database) until its end comes. The server sends a transaction's first query without waiting for
 * the begin's answer (one round trip fewer while the database is held); that query waits here.
 */
const transactions = new Map();

async function open(db) {
  let began, end;
  const started = new Promise((resolve) => (began = resolve));
  const ended = new Promise((resolve, reject) => (end = { commit: resolve, rollback: reject }));
  const outcome = db.transaction(async (tx) => {
    began(tx);
    await ended;
  });
  // A transaction that fails to begin rejects `outcome` before `started` resolves.
  const tx = await Promise.race([started, outcome.then(() => undefined)]);
  return { tx, end, outcome };
}

async function begin(db, txId) {
  const opening = open(db);
  transactions.set(txId, opening);
  opening.catch(() => transactions.delete(txId));
  await opening;
}

async function finish(txId, commit) {
  const opening = transactions.get(txId);
  if (!opening) throw new Error(`No open transaction ${txId}`);
  transactions.delete(txId);
  const open = await opening;
  if (commit) open.end.commit();
  else open.end.rollback(ROLLED_BACK);
  await open.outcome.catch((error) => {
    if (error !== ROLLED_BACK) throw error;
  });
}
const ROLLED_BACK = new Error('rolled back');

async function handle(db, message) {
  switch (message.op) {
    case 'query': {
      const target = message.txId === undefined ? db : (await transactions.get(message.txId))?.tx;
      if (!target) throw new Error(`No open transaction ${message.txId}`);
      const options = { rowMode: message.rowMode, ...(message.raw ? { parsers: RAW_PARSERS } : {}) };
      const { rows, fields, affectedRows } = await target.query(message.text, message.params, options);
      return { rows, fields, affectedRows };
    }
    case 'begin':
      return begin(db, message.txId);
    case 'end':
      return finish(message.txId, message.commit);
    case 'dump':
      // Checkpointed first: an image whose changes are all in its data files opens without replaying
      // its write-ahead log (about 15% less CPU per open).
      await db.exec('checkpoint');
      return new Uint8Array(await (await db.dumpDataDir('none')).arrayBuffer());
    case 'close':
      return db.close();
    default:
      throw new Error(`Unknown operation ${message.op}`);
  }
}

/** An error as plain data: its message and the fields PostgreSQL errors carry (code, detail...). */
function plain(error) {
  const fields = { message: error?.message ?? String(error) };
  for (const [key, value] of Object.entries(error ?? {}))
    if (typeof value !== 'object' && typeof value !== 'function') fields[key] = value;
  return fields;
}

parentPort.on('message', async (message) => {
  try {
    const result = await handle(await ready, message);
    parentPort.postMessage({ id: message.id, result });
  } catch (error) {
    parentPort.postMessage({ id: message.id, error: plain(error) });
  }
});
