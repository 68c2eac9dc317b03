import { Worker } from 'node:worker_threads';

interface QueryOptions {
  rowMode?: 'array' | 'object';
  parsers?: Record<number, unknown>;
}

interface Results {
  rows: unknown[];
  fields: { name: string; dataTypeID: number }[];
  affectedRows?: number;
}

/** The part of PGlite's interface that Drizzle's PGlite driver and the server use. */
export interface RemoteQueries {
  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results & { rows: T[] }>;
  transaction<T>(work: (tx: RemoteQueries) => Promise<T>): Promise<T>;
}

export interface RemotePglite extends RemoteQueries {
  /** Calls `listener` as each write to a versioned table commits (migration 0012), before its answer. */
  onWrite(listener: () => void): void;
  /** Calls `listener` with each live event's payload as it commits (migration 0020); answers how to stop. */
  onLive(listener: (payload: string) => void): () => Promise<void>;
  dumpDataDir(): Promise<Blob>;
  close(): Promise<void>;
}

/**
 * PGlite on a thread of its own (pglite-thread.mjs), queried by message. PGlite runs every query on the
 * thread that owns it; on the HTTP thread a slow query would stall every request, the health check,
 * sign-in and static files included. Here the HTTP thread only parses, serialises and waits, and the
 * two threads use both cores.
 *
 * Drizzle's PGlite driver takes this as its client: it calls `query` (with its own parsers, which keep
 * dates as text; functions cannot cross threads, so the thread applies the same ones, `raw`) and
 * `transaction`, whose queries run inside PGlite's transaction on the other thread until it ends.
 */
export async function openRemotePglite(options: { dataDir?: string; loadDataDir?: Blob }): Promise<RemotePglite> {
  const image = options.loadDataDir ? new Uint8Array(await options.loadDataDir.arrayBuffer()) : undefined;
  const worker = new Worker(new URL('./pglite-thread.mjs', import.meta.url), {
    workerData: { dataDir: options.dataDir, loadDataDir: image },
  });
  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  let next = 0;
  let lastTransaction = 0;
  let failure: Error | undefined;
  const writeListeners: (() => void)[] = [];
  const liveListeners = new Set<(payload: string) => void>();

  const failAll = (error: Error) => {
    failure = error;
    for (const { reject } of pending.values()) reject(error);
    pending.clear();
  };
  worker.on(
    'message',
    ({
      id,
      result,
      error,
      wrote,
      live,
    }: {
      id: number;
      result?: unknown;
      error?: Record<string, unknown> & { message: string };
      wrote?: true;
      live?: string;
    }) => {
      if (wrote) return writeListeners.forEach((listener) => listener());
      if (live !== undefined) return liveListeners.forEach((listener) => listener(live));
      const call = pending.get(id);
      pending.delete(id);
      if (error) call?.reject(Object.assign(new Error(error.message), error));
      else call?.resolve(result);
    },
  );
  worker.on('error', failAll);
  worker.on('exit', (code) => failAll(new Error(`The database thread ended (exit code ${code})`)));

  const call = <T>(message: Record<string, unknown>): Promise<T> => {
    if (failure) return Promise.reject(failure);
    const id = ++next;
    return new Promise<T>((resolve, reject) => {
      pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      worker.postMessage({ ...message, id });
    });
  };

  const queries = (txId?: number): RemoteQueries => ({
    query: (text, params = [], { rowMode = 'object', parsers } = {}) =>
      call({ op: 'query', txId, text, params, rowMode, raw: parsers !== undefined }),
    transaction: async (work) => {
      // Drizzle nests transactions as savepoints through `query`; a nested PGlite transaction is not one.
      if (txId !== undefined) throw new Error('A transaction inside a transaction is a savepoint');
      const id = ++lastTransaction;
      // Not awaited before the work: the thread holds the work's queries until the transaction is open.
      const began = call({ op: 'begin', txId: id });
      began.catch(() => undefined); // read below; not an unhandled rejection while the work runs
      let result;
      try {
        result = await work(queries(id));
        await began;
      } catch (error) {
        await call({ op: 'end', txId: id, commit: false }).catch(() => undefined);
        // A transaction that could not begin says why, rather than its first query's "no open transaction".
        throw await began.then(
          () => error,
          (beginError: unknown) => beginError,
        );
      }
      await call({ op: 'end', txId: id, commit: true });
      return result;
    },
  });

  // The thread opens the database as it starts: the first answer says whether it could.
  await call({ op: 'query', text: 'select 1' });
  return {
    ...queries(),
    onWrite: (listener) => void writeListeners.push(listener),
    onLive: (listener) => {
      liveListeners.add(listener);
      return async () => void liveListeners.delete(listener);
    },
    dumpDataDir: async () => new Blob([await call<Uint8Array>({ op: 'dump' })]),
    close: async () => {
      if (failure) return;
      await call({ op: 'close' });
      await worker.terminate();
    },
  };
}
