import { and, eq, getTableColumns, getTableName, inArray, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyPluginAsync } from 'fastify';
import type { z } from 'zod';
import { bulkDeleteSchema, editVersionSchema, staleEditMessage } from '../domain';
import { access, cachedRead } from './auth/guard';
import type { Db } from './db/client';
import { newId } from './db/ids';
import { HttpError, databaseErrorCode, notFoundUnless, parseId, parseInput } from './errors';
import { cursorColumns, listInBatches, paged, parseListQuery, type FieldsOf, type ListCursor, type ListFields, type ListQuery, type ListSpec } from './list-query';
import { bulkReply, foundOrNot, pluralNoun } from './routes/bulk-reply';
import { listReply, sendWholeList } from './routes/list-reply';
import { EXPORT_BATCH_ROWS, exportFormat, sendCsv, type CsvColumn } from './services/csv-export';
import { isVersion, nextVersion, refuseIfStale } from './services/edit-version';

export type ResourceVerb = 'list' | 'get' | 'create' | 'update' | 'remove' | 'bulkStatus' | 'bulkRemove';

export interface ResourceRouteOptions {
  /** The route's path under the resource's path ('/' or with ':id'). */
  path?: string;
  /**
   * With a key the answer is wrapped: `{ success: true, [message,] [key]: … }` (a list adds `total`
   * and X-Total-Count when paged). Without, the record or the array is the body itself.
   */
  key?: string;
}

/** The contract's irregular paths and response keys; whatever is left out takes the regular default. */
export interface ResourceContract {
  /** The resource's path under /api (default: its name). */
  path?: string;
  list?: ResourceRouteOptions;
  /** false: the contract has no single-record read. */
  get?: ResourceRouteOptions | false;
  create?: ResourceRouteOptions;
  update?: ResourceRouteOptions;
  remove?: Omit<ResourceRouteOptions, 'key'>;
}

/** A bulk change of one or more columns of the selected records (bulkStatus). */
export interface BulkStatusChange {
  /** The body's ids and the columns it sets; a bad body is a 400 naming the field. */
  parse(body: unknown): { ids: string[]; values: Record<string, unknown> };
}

/** `POST <path>/bulk-status`: the body (a domain schema with `ids`) and the columns it sets on every selected record. */
export function bulkStatus<S extends z.ZodType<{ ids: string[] }>>(input: S, toRow: (body: z.output<S>) => Record<string, unknown>): BulkStatusChange {
  return {
    parse(body) {
      const parsed = parseInput(input, body);
      return { ids: parsed.ids, values: toRow(parsed) };
    },
  };
}

/** The bulk routes a resource opts into; each answers the domain's BulkResult. */
export interface ResourceBulk {
  /** `POST <path>/bulk-status` (access write): one UPDATE of every selected record, each moving its `updatedAt`. */
  status?: BulkStatusChange;
  /** `POST <path>/bulk-delete` `{ ids }` (access delete): one DELETE. */
  remove?: boolean;
}

export interface ResourceTexts {
  /** 'Coupon': the 404 says 'Coupon not found'. */
  noun: string;
  /** Default the noun in lower case with an s: bulk answers say '3 coupons updated'. */
  plural?: string;
  /** Default '<noun> added successfully' (said only by a wrapped create answer). */
  added?: string;
  /** Default '<noun> updated successfully' (said only by a wrapped update answer). */
  updated?: string;
  /** Default '<noun> deleted successfully'. */
  deleted?: string;
  /** The 409 when a write breaks a unique index. Default: the app's 'This conflicts with existing data'. */
  duplicate?: string;
}

/**
 * A table as the store makes them (db/schema.ts): an `id` primary key and the `stamps`, `createdAt` and
 * `updatedAt`, which the factory reads by convention.
 */
export type StoreTable = PgTable & {
  id: PgColumn;
  createdAt: PgColumn;
  updatedAt: PgColumn;
  $inferSelect: { id: string; createdAt: Date; updatedAt: Date };
};

/** What the factory adds to every record: the id first, the stamps (ISO) last. */
export interface RecordStamps {
  _id: string;
  createdAt: string;
  updatedAt: string;
}

/** A record without what the factory adds: what a declaration's `toRecord` maps. */
export type OwnFields<R> = Omit<R, keyof RecordStamps>;

/** A resource's list spec: its `list` defaults to the resource's name and its tie-breaker to the id column. */
export type ResourceListSpec<N extends string, F extends ListFields = FieldsOf<N>> = Omit<ListSpec<N, F>, 'list' | 'tieBreaker'> &
  Partial<Pick<ListSpec<N, F>, 'list' | 'tieBreaker'>>;

export interface ResourceDeclaration<N extends string, F extends ListFields, T extends StoreTable, S extends z.ZodType, R> {
  /** The list's name (LIST_FIELDS) and, unless the contract says otherwise, the path: /api/<name>. */
  name: N;
  table: T;
  /** The primary key column: ids are made by the server (newId). Default: the table's `id`. */
  id?: PgColumn;
  /** The column the lost-update guard compares with the body's `updatedAt` and moves on each update. Default: the table's `updatedAt`. */
  updatedAt?: PgColumn;
  /** Validates create and update bodies (a 400 names the field). */
  input: S;
  /** What the list sorts, filters and searches by: for a list of LIST_FIELDS, checked against its fields there. */
  list: ResourceListSpec<N, F>;
  /**
   * A row's own fields as the API answers them. The record is `{ _id, ...toRecord(row), createdAt, updatedAt }`:
   * the factory adds the id and the stamps (ISO), so `toRecord` maps only the rest.
   */
  toRecord: (row: T['$inferSelect']) => R;
  /**
   * The columns a valid input writes (default: the input as it is). Runs once per write, before
   * anything is written, so it may refuse the input with an HttpError (400 naming the field).
   */
  toRow?: (input: z.output<S>) => Record<string, unknown>;
  texts: ResourceTexts;
  contract?: ResourceContract;
  /**
   * One valid create body, so tests can drive every resource alike. Where a field must be unique,
   * make it a getter that answers a new value each time.
   */
  example: Record<string, unknown>;
  /** Create bodies for the demo store: written, through the same checks as a create, when a first start seeds it. */
  demo?: Record<string, unknown>[];
  /**
   * The list answers `?format=csv` with these columns over its records (the grid's), every row the
   * list's parameters select, streamed in batches (services/csv-export.ts). The file is `<name>-<date>.csv`.
   */
  export?: { name?: string; columns: readonly CsvColumn<R & RecordStamps>[] };
  bulk?: ResourceBulk;
}

export interface ResourceRoute {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Under the resource's path, as the plugin registers it. */
  path: string;
  /** The full URL as registered, ':id' for the id. */
  url: string;
  /** Where the record (or the list's array) is in the answer; undefined: the body itself. */
  key?: string;
  /** The success status. */
  status: number;
}

/** A declared resource, ready to register: what app.ts and the tests read. */
export interface ServerResource {
  readonly name: string;
  /** Its table's name (the read cache tracks its writes, read-cache.ts). */
  readonly table: string;
  /** The path under /api the routes are registered at. */
  readonly path: string;
  readonly texts: Readonly<Required<Omit<ResourceTexts, 'duplicate'>> & Pick<ResourceTexts, 'duplicate'>>;
  readonly input: z.ZodType;
  /** A valid create body (a fresh copy on each read). */
  readonly example: Record<string, unknown>;
  readonly routes: Readonly<Record<Exclude<ResourceVerb, 'get' | 'bulkStatus' | 'bulkRemove'>, ResourceRoute> & Partial<Record<'get' | 'bulkStatus' | 'bulkRemove', ResourceRoute>>>;
  /** The routes as a Fastify plugin, to register with `{ prefix: '/' + path }` inside the admin scope. */
  plugin(db: Db): FastifyPluginAsync;
  /** Writes the declaration's demo rows (the seeder calls it when it fills a store). */
  seedDemo(db: Db): Promise<void>;
  /** Deletes every row (the seeder empties the store before it fills it anew). */
  clear(db: Db): Promise<void>;
}

const REGULAR_PATHS: Record<ResourceVerb, string> = {
  list: '/',
  get: '/:id',
  create: '/',
  update: '/:id',
  remove: '/:id',
  bulkStatus: '/bulk-status',
  bulkRemove: '/bulk-delete',
};

/** The property of `table` that holds `column` (Drizzle's insert and set take properties, not column names). */
function propertyOf(table: PgTable, column: PgColumn): string {
  const entry = Object.entries(getTableColumns(table)).find(([, c]) => c === column);
  if (!entry) throw new Error(`column ${column.name} is not a column of this table`);
  return entry[0];
}

/**
 * The standard routes of a resource (list, get, create, update, delete), built from a declaration.
 *
 * A REGULAR resource (no `contract`) answers the plain REST shape under /api/<name>:
 * - `GET /api/<name>?_start&_end&_sort&_order&q&<filter>=` → a plain array, with `X-Total-Count` when
 *   any list parameter is given (the list spec says what sorts, filters and searches);
 * - `GET /api/<name>/:id` → the record; `POST /api/<name>` → 201 the record;
 * - `PUT /api/<name>/:id` → the record, refused with 409 when the body's `updatedAt` is not the stored one;
 * - `DELETE /api/<name>/:id` → `{ success: true, message }`.
 * Errors are `{ message }`: 400 naming the field, 404 '<noun> not found', 409 for a stale copy or a
 * duplicate. The store's older resources keep their contract's paths and keys through `contract`.
 *
 * By the store's convention (StoreTable) the table's `id` is the key and its `updatedAt` the version the
 * lost-update guard compares, unless the declaration names other columns; every record carries `_id`,
 * `createdAt` and `updatedAt` (ISO) around the fields `toRecord` maps; and the list orders equal sort keys
 * by the id.
 */
export function defineResource<N extends string, T extends StoreTable, S extends z.ZodType, R, F extends ListFields = FieldsOf<N>>(
  declaration: ResourceDeclaration<N, F, T, S, R>,
): ServerResource {
  const { name, table, input, contract = {} } = declaration;
  const toRow = declaration.toRow ?? ((value: z.output<S>) => value as Record<string, unknown>);
  const noun = declaration.texts.noun;
  const texts = {
    noun,
    added: declaration.texts.added ?? `${noun} added successfully`,
    updated: declaration.texts.updated ?? `${noun} updated successfully`,
    deleted: declaration.texts.deleted ?? `${noun} deleted successfully`,
    plural: declaration.texts.plural ?? `${noun.toLowerCase()}s`,
    // The domain's wording, which the console recognises and answers with its Reload.
    stale: staleEditMessage(noun.toLowerCase()),
    duplicate: declaration.texts.duplicate,
  };
  const idColumn = declaration.id ?? table.id;
  const versionColumn = declaration.updatedAt ?? table.updatedAt;
  const idKey = propertyOf(table, idColumn);
  const versionKey = propertyOf(table, versionColumn);
  const spec: ListSpec<N, F> = { list: name, tieBreaker: idColumn, ...declaration.list };
  const path = contract.path ?? name;

  const route = (verb: ResourceVerb, method: ResourceRoute['method'], status: number): ResourceRoute | undefined => {
    const options: ResourceRouteOptions | false | undefined = verb === 'bulkStatus' || verb === 'bulkRemove' ? undefined : contract[verb];
    if (options === false) return undefined;
    const at = options?.path ?? REGULAR_PATHS[verb];
    const key = options && 'key' in options ? options.key : undefined;
    return { method, path: at, url: `/api/${path}${at === '/' ? '' : at}`, key, status };
  };
  const get = route('get', 'GET', 200);
  const { bulk = {} } = declaration;
  const bulkStatusRoute = bulk.status && route('bulkStatus', 'POST', 200);
  const bulkRemoveRoute = bulk.remove ? route('bulkRemove', 'POST', 200) : undefined;
  // In the order they register; a route the resource does not have has no key at all.
  const routes = {
    list: route('list', 'GET', 200)!,
    ...(get && { get }),
    create: route('create', 'POST', 201)!,
    update: route('update', 'PUT', 200)!,
    remove: route('remove', 'DELETE', 200)!,
    ...(bulkStatusRoute && { bulkStatus: bulkStatusRoute }),
    ...(bulkRemoveRoute && { bulkRemove: bulkRemoveRoute }),
  };
  const bulkNoun = { ...pluralNoun(noun), many: texts.plural };

  /** A unique index refusing the write is this resource's own 409 when it has one to say. */
  async function unique<V>(write: Promise<V>): Promise<V> {
    try {
      return await write;
    } catch (error) {
      if (texts.duplicate !== undefined && databaseErrorCode(error) === '23505') throw new HttpError(409, texts.duplicate);
      throw error;
    }
  }

  const insertRow = (db: Db, values: Record<string, unknown>) =>
    unique(db.insert(table).values({ [idKey]: newId(), ...values } as T['$inferInsert']).returning());

  type Row = T['$inferSelect'];
  const toRecord = (row: Row): R & RecordStamps => {
    const columns = row as Record<string, unknown>;
    return {
      _id: columns[idKey] as string,
      ...declaration.toRecord(row),
      createdAt: row.createdAt.toISOString(),
      updatedAt: (columns[versionKey] as Date).toISOString(),
    };
  };
  // Drizzle's builders are typed per table; the declaration's own types (toRecord, toRow) carry the checking here.
  const plugin = (db: Db): FastifyPluginAsync => {
    const readList = async (list: ListQuery) => {
      const rows = (await paged(db.select().from(table as PgTable).where(list.where).orderBy(...list.orderBy).$dynamic(), list)) as Row[];
      const total = list.withTotal ? await db.$count(table, list.where) : rows.length;
      return { records: rows.map(toRecord), total };
    };
    const readOne = async (id: string) => {
      const [row] = (await db.select().from(table as PgTable).where(eq(idColumn, id))) as Row[];
      return row && toRecord(row);
    };
    const insert = async (values: Record<string, unknown>) => {
      const [row] = (await insertRow(db, values)) as Row[];
      return toRecord(row!);
    };
    /** Applies the edit when the record still has the `updatedAt` it was made on (if given): a stale copy is a 409, a missing record undefined. */
    const write = async (id: string, values: Record<string, unknown>, editedVersion: string | undefined) => {
      const [row] = (await unique(
        db
          .update(table)
          .set({ ...values, [versionKey]: nextVersion(versionColumn) } as never)
          .where(and(eq(idColumn, id), isVersion(versionColumn, editedVersion)))
          .returning(),
      )) as Row[];
      return row ? toRecord(row) : refuseIfStale(db, table, idColumn, id, editedVersion, texts.stale);
    };
    const erase = async (id: string) => (await db.delete(table).where(eq(idColumn, id)).returning({ id: idColumn })).length > 0;
    const exportList = (list: ListQuery) => {
      const read = (where: SQL | undefined, limit: number) =>
        db
          .select({ ...getTableColumns(table as PgTable), cursor: cursorColumns(list) })
          .from(table as PgTable)
          .where(where)
          .orderBy(...list.orderBy)
          .limit(limit) as unknown as Promise<(Row & { cursor: ListCursor })[]>;
      return {
        name: declaration.export?.name ?? name,
        columns: declaration.export?.columns ?? [],
        total: () => db.$count(table, list.where),
        batches: () => listInBatches(list, read, EXPORT_BATCH_ROWS, toRecord),
      };
    };
    /** The ids found among `ids`, after one UPDATE or DELETE of them all. */
    const ids = (rows: Record<string, unknown>[]) => rows.map((row) => row.id as string);
    const updateAll = async (selected: string[], values: Record<string, unknown>) =>
      ids(
        await unique(
          db
            .update(table)
            .set({ ...values, [versionKey]: nextVersion(versionColumn) } as never)
            .where(inArray(idColumn, selected))
            .returning({ id: idColumn }),
        ),
      );
    const eraseAll = async (selected: string[]) => ids(await db.delete(table).where(inArray(idColumn, selected)).returning({ id: idColumn }));

    return async (app) => {
      app.get(routes.list.path, cachedRead, async (request, reply) => {
        if (declaration.export) {
          const { csv, query } = exportFormat(request.query);
          if (csv) return sendCsv(request, reply, exportList(parseListQuery(query, spec)));
        }
        const key = routes.list.key;
        const list = parseListQuery(request.query, spec);
        if (list.limit === undefined) return sendWholeList(request, reply, list, { ...exportList(list), key, before: key === undefined ? undefined : { success: true } });
        const { records, total } = await readList(list);
        if (key !== undefined) return listReply(reply, list, total, { success: true, [key]: records });
        if (list.withTotal) reply.header('X-Total-Count', String(total));
        return records;
      });

      if (get) {
        app.get(get.path, cachedRead, async (request) => {
          const record = notFoundUnless(await readOne(parseId(request.params)), noun);
          return get.key === undefined ? record : { success: true, [get.key]: record };
        });
      }

      app.post(routes.create.path, access('write'), async (request, reply) => {
        const record = await insert(toRow(parseInput(input, request.body)));
        const key = routes.create.key;
        return reply.code(201).send(key === undefined ? record : { success: true, message: texts.added, [key]: record });
      });

      app.put(routes.update.path, access('write'), async (request) => {
        const id = parseId(request.params);
        const values = toRow(parseInput(input, request.body));
        const { updatedAt } = parseInput(editVersionSchema, request.body);
        const record = notFoundUnless(await write(id, values, updatedAt), noun);
        const key = routes.update.key;
        return key === undefined ? record : { success: true, message: texts.updated, [key]: record };
      });

      app.delete(routes.remove.path, access('delete'), async (request) => {
        notFoundUnless(await erase(parseId(request.params)), noun);
        return { success: true, message: texts.deleted };
      });

      const missing = `${noun} not found`;
      if (bulk.status && bulkStatusRoute) {
        const change = bulk.status;
        app.post(bulkStatusRoute.path, access('write'), async (request) => {
          const { ids: selected, values } = change.parse(request.body);
          const { updated, failed } = foundOrNot(selected, await updateAll(selected, values), missing);
          return bulkReply(bulkNoun, 'updated', updated, failed);
        });
      }

      if (bulkRemoveRoute) {
        app.post(bulkRemoveRoute.path, access('delete'), async (request) => {
          const { ids: selected } = parseInput(bulkDeleteSchema, request.body);
          const { updated, failed } = foundOrNot(selected, await eraseAll(selected), missing);
          return bulkReply(bulkNoun, 'deleted', updated, failed);
        });
      }
    };
  };

  return {
    name,
    table: getTableName(table as PgTable),
    path,
    texts,
    input,
    // A getter on the declaration answers a new body on each read; a plain one is copied, so no test edits another's.
    get example() {
      return structuredClone(declaration.example);
    },
    routes,
    plugin,
    async seedDemo(db) {
      for (const body of declaration.demo ?? []) await insertRow(db, toRow(parseInput(input, body)));
    },
    async clear(db) {
      await db.delete(table);
    },
  };
}
