import { and, eq, getTableColumns, getTableName, ilike, inArray, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  BULK_PATHS,
  fieldLabel,
  schemaFields,
  type ExportColumn,
  bulkDeleteSchema,
  editVersionSchema,
  staleEditMessage,
  type ApiRoute,
  type AuditAction,
  type ContractVerb,
  type ListContract,
  type ResourceContract,
  type SessionUser,
} from '../domain';
import { accessTo } from './auth/guard';
import type { Db } from './db/client';
import { newId } from './db/ids';
import { HttpError, databaseErrorCode, notFoundUnless, parseId, parseInput } from './errors';
import {
  booleanFilter,
  cursorColumns,
  listInBatches,
  oneOf,
  pageOf,
  parseListQuery,
  type ListCursor,
  type ListFilter,
  type ListQuery,
  type ListSpec,
} from './list-query';
import { bulkReply, foundOrNot } from './routes/bulk-reply';
import { listReply, sendWholeList } from './routes/list-reply';
import { EXPORT_BATCH_ROWS, csvColumnsOf, exportFormat, sendCsv, type CsvColumn } from './services/csv-export';
import { audit, changesOf, labelOf, whoOf, type AuditEntry, type Changes } from './services/audit';
import { isVersion, nextVersion, refuseIfStale } from './services/edit-version';
import { toTrash, type Trashable } from './services/trash';

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

/** A record without what the factory adds: what a `toRecord` maps. */
export type OwnFields<R> = Omit<R, keyof RecordStamps>;

/** A write the hooks see: inside its transaction, with who asks. */
export interface WriteContext {
  tx: Db;
  actor: SessionUser;
}

/** The list's columns where they are not the table's columns of the fields' names. */
type ListColumns<L extends ListContract> = {
  sortColumns?: Partial<Record<L['sort'][number], AnyColumn | SQL>>;
  filters?: Partial<Record<L['filter'][number], ListFilter>>;
  search?: (pattern: string, text: string) => SQL | undefined;
};

/** How one contract is served: its table, and whatever the conventions cannot tell. */
export interface ServeOptions<T extends StoreTable, L extends ListContract> {
  table: T;
  /**
   * Rows of the table that are this resource (the staff among the users), or those the signed-in viewer
   * may see (support sees only the customers); the rest are never read or written, and answer 404.
   */
  scope?: SQL | ((viewer: SessionUser) => SQL | undefined);
  /** The list's sort columns, filters and search where a field is not its column (defaults: by name, equality, ILIKE). */
  list?: ListColumns<L>;
  /** A row's own fields as the API answers them (default: every column but the id and stamps, dates as ISO). */
  toRecord?: (row: T['$inferSelect']) => object;
  /** The columns a valid body writes (default: the body). Runs before the transaction; may refuse with an HttpError. */
  toRow?: (
    input: Record<string, unknown>,
    verb: 'create' | 'update',
  ) => Record<string, unknown> | Promise<Record<string, unknown>>;
  /** Checks inside the write's transaction, before it (a 409 there leaves nothing written). */
  hooks?: {
    /**
     * First in an update's transaction, before the record's own row is locked: the locks the other hooks
     * need (the admins), so two updates never take them in opposite orders (a deadlock on PostgreSQL).
     */
    lock?: (context: WriteContext) => Promise<void>;
    update?: (id: string, values: Record<string, unknown>, context: WriteContext) => Promise<void>;
    remove?: (id: string, context: WriteContext) => Promise<void>;
  };
  /** The 409 when a write breaks a unique index (default: the app's 'This conflicts with existing data'). */
  duplicate?: string;
  /** Keys a single-record read answers beside the record (the contract's `extras.get`): a customer's figures. */
  extras?: { get?: (db: Db, id: string) => Promise<Record<string, unknown>> };
  /** The audit log's action for an update with these changes (default 'update'): a member's new role is a 'role_change'. */
  updateAction?: (changes: Changes) => AuditAction;
  /** Further routes under the base (a member's unlock), with the same database. */
  more?: (db: Db, resource: ServerResource) => FastifyPluginAsync;
  /** One valid create body, so tests drive every resource alike; a getter where a field must be unique. Default: the first demo row. */
  example?: Record<string, unknown>;
}

export interface ResourceRoute extends ApiRoute {
  /** Under the base, as the plugin registers it ('/' for the base itself). */
  path: string;
  status: number;
}

export type ResourceVerb = ContractVerb | 'patch' | 'bulkStatus' | 'bulkRemove';

/** A served resource: what app.ts registers and the tests read. */
export interface ServerResource {
  readonly contract: ResourceContract<never>;
  readonly name: string;
  /** Its table's name (the read cache tracks its writes). */
  readonly table: string;
  /** The base the routes are registered at (`/api/...`). */
  readonly base: string;
  readonly texts: { noun: string; added: string; updated: string; deleted: string; duplicate?: string };
  /** The create body's schema. */
  readonly input: z.ZodType;
  /** A valid create body (a fresh copy on each read). */
  readonly example: Record<string, unknown>;
  /** How its list maps the list parameters onto the table. */
  readonly list: ListSpec<ListContract>;
  /** Every resource is listed; a read-only one (customers) has no writes. */
  readonly routes: Readonly<{ list: ResourceRoute } & Partial<Record<ResourceVerb, ResourceRoute>>>;
  plugin(db: Db): FastifyPluginAsync;
  /** One record as the viewer may read it. */
  read(db: Db, id: string, viewer: SessionUser): Promise<object | undefined>;
  /**
   * Writes a version back (the audit log's Restore): the update's validation, hooks and lost-update check
   * (409 when `values.updatedAt` is not the stored one), recorded as a 'restore'. Undefined when missing.
   * Only on resources whose versions may be restored.
   */
  restore?(db: Db, request: FastifyRequest, id: string, values: object): Promise<object | undefined>;
  /** How its deleted records wait in the trash and come back (none: a delete is final). */
  readonly trash?: Trashable;
  /** A page of the list, as its route reads it for the viewer (needed where the scope depends on who reads). */
  readPage(db: Db, list: ListQuery, viewer?: SessionUser): Promise<{ records: object[]; total: number }>;
  /** Writes the contract's demo rows (the seeder calls it when it fills a store). */
  seedDemo(db: Db): Promise<void>;
  /** Deletes every row (the seeder empties the store before it fills it anew). */
  clear(db: Db): Promise<void>;
}

/** A resource that is written as well as read: what the tests of writes drive. */
export type WritableResource = ServerResource & {
  readonly routes: Readonly<Record<'create' | 'update' | 'remove', ResourceRoute>>;
};
export const isWritable = (resource: ServerResource): resource is WritableResource =>
  Boolean(resource.routes.create && resource.routes.update && resource.routes.remove);

/** A column's filter: its enum's values, true/false for a boolean, else any short text. */
function columnFilter(column: PgColumn): ListFilter {
  if (column.dataType === 'boolean') return booleanFilter(() => sql`${column}`);
  const allowed = column.enumValues as [string, ...string[]] | undefined;
  const value = allowed?.length
    ? z.enum(allowed, { error: `must be one of ${allowed.join(', ')}` })
    : z.string().max(200);
  return { value, condition: (values) => oneOf(column, values) };
}

/**
 * A contract's routes, built from it and the table that holds its records.
 *
 * A REGULAR contract (no `api`) answers REST as Refine's simple-rest speaks it, under its base:
 * - `GET <base>?_start&_end&_sort&_order&q&<filter>=` → an array, with `X-Total-Count` when any list
 *   parameter is given; `?id=a&id=b` → exactly those records;
 * - `GET <base>/:id`; `POST <base>` → 201; `PUT <base>/:id` (whole) and `PATCH <base>/:id` (the fields
 *   given, the rest as stored) → the record, 409 when the body's `updatedAt` is not the stored one;
 * - `DELETE <base>/:id` → `{ success: true, message }`.
 * Its records carry `id` beside the store's `_id`. An irregular contract's calls keep their paths and keys.
 * Errors are `{ message }`: 400 naming the field, 403 for a role without the contract's access, 404
 * '<noun> not found', 409 for a stale copy or a duplicate. Every write runs in one transaction with its hooks.
 */
export function serveResource<R, L extends ListContract | false, T extends StoreTable>(
  contract: ResourceContract<R, L>,
  options: ServeOptions<T, Exclude<L, false>>,
): ServerResource {
  const { table, scope } = options;
  const { noun, regular } = contract;
  const texts = {
    noun,
    added: `${noun} added successfully`,
    updated: `${noun} updated successfully`,
    deleted: `${noun} deleted successfully`,
    duplicate: options.duplicate,
  };
  const stale = staleEditMessage(noun.toLowerCase());
  const missing = `${noun} not found`;
  const schemas = contract.schema ?? { create: z.object({}), update: z.object({}) };
  const columns = getTableColumns(table as PgTable) as Record<string, PgColumn>;
  const idColumn = table.id;
  const versionColumn = table.updatedAt;
  /** The condition within the resource's rows as the viewer may see them. */
  const within = (viewer: SessionUser | undefined, condition: SQL | undefined) => {
    if (typeof scope !== 'function') return and(scope, condition);
    if (!viewer) throw new Error(`${contract.name}: its rows depend on who reads them; give the viewer`);
    return and(scope(viewer), condition);
  };

  const listFields: ListContract = contract.list || { sort: ['createdAt'], filter: [] };
  const own = options.list ?? {};
  const byName = (field: string) => {
    const column = columns[field];
    if (!column) throw new Error(`${contract.name}: the table has no column for the list field ${field}`);
    return column;
  };
  const pick = <V>(
    fields: readonly string[],
    given: Partial<Record<string, V>> | undefined,
    make: (field: string) => V,
  ) => Object.fromEntries(fields.map((field) => [field, given?.[field] ?? make(field)]));
  const searched = (listFields.search ?? []).map(byName);
  type F = Exclude<L, false>;
  const spec: ListSpec<F> = {
    list: contract.name,
    sortColumns: pick(listFields.sort, own.sortColumns, byName) as ListSpec<F>['sortColumns'],
    filters: {
      ...(pick(listFields.filter, own.filters, (field) => columnFilter(byName(field))) as ListSpec<F>['filters']),
      // `?id=a&id=b`: exactly those records (Refine's getMany).
      ...(regular && { id: { value: z.string().max(64), condition: (values: string[]) => inArray(idColumn, values) } }),
    },
    search:
      own.search ??
      (searched.length > 0 ? (pattern) => or(...searched.map((column) => ilike(column, pattern))) : undefined),
    defaultSort: (listFields.defaultSort ?? { field: listFields.sort[0]!, order: 'asc' }) as ListSpec<F>['defaultSort'],
    tieBreaker: idColumn,
  };

  const route = (verb: ResourceVerb, status: number): ResourceRoute | undefined => {
    const found =
      verb === 'patch'
        ? regular && contract.routes.update && { ...contract.routes.update, method: 'PATCH' as const }
        : verb === 'bulkStatus' || verb === 'bulkRemove'
          ? undefined
          : contract.routes[verb];
    const bulkPath = {
      bulkStatus: contract.bulk?.status && BULK_PATHS.status,
      bulkRemove: contract.bulk?.remove && BULK_PATHS.remove,
    };
    if (verb === 'bulkStatus' || verb === 'bulkRemove') {
      const path = bulkPath[verb];
      return path ? { method: 'POST', path, url: contract.url(path), status } : undefined;
    }
    return found ? { ...found, path: found.path || '/', status } : undefined;
  };
  const routes = Object.fromEntries(
    (
      [
        ['list', 200],
        ['get', 200],
        ['create', 201],
        ['update', 200],
        ['patch', 200],
        ['remove', 200],
        ['bulkStatus', 200],
        ['bulkRemove', 200],
      ] as const
    ).flatMap(([verb, status]) => {
      const found = route(verb, status);
      return found ? [[verb, found]] : [];
    }),
  ) as ServerResource['routes'];
  if (!routes.list) throw new Error(`${contract.name}: the factory serves resources with a list`);

  /** A unique index refusing the write is this resource's own 409 when it has one to say. */
  async function unique<V>(write: Promise<V>): Promise<V> {
    try {
      return await write;
    } catch (error) {
      if (texts.duplicate !== undefined && databaseErrorCode(error) === '23505')
        throw new HttpError(409, texts.duplicate);
      throw error;
    }
  }

  type Row = T['$inferSelect'];
  const ownFields =
    options.toRecord ??
    ((row: Row) => {
      const { id: _id, createdAt: _c, updatedAt: _u, ...rest } = row as Record<string, unknown>;
      return Object.fromEntries(
        Object.entries(rest).map(([key, value]) => [key, value instanceof Date ? value.toISOString() : value]),
      );
    });
  const toRecord = (row: Row) => {
    const id = (row as { id: string }).id;
    return {
      _id: id,
      ...(regular && { id }),
      ...ownFields(row),
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
  };
  type Stored = ReturnType<typeof toRecord>;
  /** A change of one record as the audit log records it: under the contract's name, with the record's label. */
  const auditEntry = (action: AuditAction, before?: Stored, after?: Stored): AuditEntry => {
    const record = (after ?? before)!;
    return {
      action,
      resource: contract.name,
      recordId: record._id,
      label: labelOf(record),
      changes: changesOf(before, after),
    };
  };
  const toRow = options.toRow ?? ((input) => input);
  const insertRow = async (db: Db, values: Record<string, unknown>) => {
    const [row] = (await unique(
      db
        .insert(table)
        .values({ id: newId(), ...values } as T['$inferInsert'])
        .returning(),
    )) as Row[];
    return toRecord(row!);
  };
  const exported =
    contract.export?.columns ??
    Object.keys(schemaFields(contract)).map((field) => ({ header: fieldLabel(field), field }));
  const exportColumns = csvColumnsOf(exported as ExportColumn<R>[]) as unknown as CsvColumn<
    ReturnType<typeof toRecord>
  >[];

  const readPage = async (db: Db, list: ListQuery, viewer?: SessionUser) => {
    const where = within(viewer, list.where);
    const rows = (await pageOf(db.select().from(table as PgTable), list, where)) as Row[];
    const total = list.withTotal ? await db.$count(table, where) : rows.length;
    return { records: rows.map(toRecord), total };
  };

  /** One record as the viewer may see it; `lock`: its row locked until the write's transaction ends. */
  const readOne = async (reader: Db, id: string, viewer: SessionUser, lock = false) => {
    const query = reader
      .select()
      .from(table as PgTable)
      .where(within(viewer, eq(idColumn, id)))
      .$dynamic();
    const [row] = (await (lock ? query.for('update') : query)) as Row[];
    return row && toRecord(row);
  };
  /** The audit log's row of one record's change, in the write's transaction. */
  const logged = (request: FastifyRequest, tx: Db, action: AuditAction, before?: Stored, after?: Stored) =>
    audit(tx, whoOf(request), [auditEntry(action, before, after)]);
  const context = (request: FastifyRequest, tx: Db): WriteContext => ({ tx, actor: request.sessionUser! });
  /**
   * The edit applied when the record still has the `updatedAt` it was made on (if given): a stale copy
   * is a 409, a missing record undefined. The record as it was is read (and locked) first, for the audit log
   * (whose action is the one given, as a Restore's, else an update's).
   */
  const write = (
    db: Db,
    request: FastifyRequest,
    id: string,
    body: (stored: Stored) => unknown,
    action?: AuditAction,
  ) =>
    db.transaction(async (transaction) => {
      const tx = transaction as unknown as Db;
      await options.hooks?.lock?.(context(request, tx));
      const stored = await readOne(tx, id, request.sessionUser!, true);
      if (stored === undefined) return undefined;
      const input = body(stored);
      const values = await toRow(parseInput(schemas.update, input) as Record<string, unknown>, 'update');
      const { updatedAt: edited } = parseInput(editVersionSchema, input);
      await options.hooks?.update?.(id, values, context(request, tx));
      const [row] = (await unique(
        tx
          .update(table)
          .set({ ...values, updatedAt: nextVersion(versionColumn) } as never)
          .where(within(request.sessionUser!, and(eq(idColumn, id), isVersion(versionColumn, edited))))
          .returning(),
      )) as Row[];
      if (!row) return refuseIfStale(tx, table, idColumn, id, edited, stale);
      const record = toRecord(row);
      const done = action ?? options.updateAction?.(changesOf(stored, record)) ?? 'update';
      await logged(request, tx, done, stored, record);
      return record;
    });

  /** The trash keeps what a delete took (unless the contract says a delete is final), in the delete's transaction. */
  const trash: Trashable | undefined =
    contract.restore === false ? undefined : { tables: [table as PgTable], duplicate: texts.duplicate };
  const trashed = (request: FastifyRequest, tx: Db, rows: Row[]) =>
    trash
      ? toTrash(
          tx,
          whoOf(request),
          rows.map((row) => {
            const record = toRecord(row);
            return {
              resource: contract.name,
              recordId: record._id,
              label: labelOf(record),
              rows: { [getTableName(table as PgTable)]: [row] },
            };
          }),
        )
      : undefined;

  const plugin = (db: Db): FastifyPluginAsync => {
    const wholeList = (list: ListQuery, viewer: SessionUser) => {
      // The viewer's own rows only (`within`), wherever the batch starts.
      type Sorting = { orderBy(...order: SQL[]): { limit(n: number): Promise<(Row & { cursor: ListCursor })[]> } };
      const select = () => ({
        where: (where: SQL | undefined) =>
          db
            .select({ ...getTableColumns(table as PgTable), cursor: cursorColumns(list) })
            .from(table as PgTable)
            .where(within(viewer, where)) as unknown as Sorting,
      });
      return {
        name: contract.export?.file ?? contract.name,
        columns: exportColumns,
        total: () => db.$count(table, within(viewer, list.where)),
        batches: () =>
          listInBatches(list, select, EXPORT_BATCH_ROWS, ({ cursor: _cursor, ...row }) =>
            toRecord(row as unknown as Row),
          ),
      };
    };
    const answer = (verb: 'get' | 'create' | 'update', record: object, message?: string) => {
      const key = contract.routes[verb]?.key;
      return key === undefined ? record : { success: true, ...(message && { message }), [key]: record };
    };

    return async (app) => {
      const readAccess = accessTo(contract, 'read');
      if (routes.list) {
        app.get(routes.list.path, readAccess, async (request, reply) => {
          const { csv, query } = exportFormat(request.query);
          const viewer = request.sessionUser!;
          if (csv && contract.export) return sendCsv(request, reply, wholeList(parseListQuery(query, spec), viewer));
          const key = routes.list!.key;
          const parsed = parseListQuery(request.query, spec);
          // Refine's getMany asks for records by id: as many as it names, never the whole list.
          const list =
            parsed.limit === undefined && parsed.filters.id ? { ...parsed, limit: parsed.filters.id.length } : parsed;
          if (list.limit === undefined)
            return sendWholeList(request, reply, list, {
              ...wholeList(list, viewer),
              key,
              before: key === undefined ? undefined : { success: true },
            });
          const { records, total } = await readPage(db, list, viewer);
          if (key !== undefined) return listReply(reply, list, total, { success: true, [key]: records });
          if (list.withTotal) reply.header('X-Total-Count', String(total));
          return records;
        });
      }

      if (routes.get)
        app.get(routes.get.path, readAccess, async (request) => {
          const id = parseId(request.params);
          const [record, extras] = await Promise.all([
            readOne(db, id, request.sessionUser!),
            options.extras?.get?.(db, id),
          ]);
          return { ...answer('get', notFoundUnless(record, noun)), ...extras };
        });

      if (routes.create) {
        app.post(routes.create.path, accessTo(contract, 'create'), async (request, reply) => {
          const values = await toRow(parseInput(schemas.create, request.body) as Record<string, unknown>, 'create');
          const record = await db.transaction(async (transaction) => {
            const tx = transaction as unknown as Db;
            const created = await insertRow(tx, values);
            await logged(request, tx, 'create', undefined, created);
            return created;
          });
          return reply.code(201).send(answer('create', record, texts.added));
        });
      }

      if (routes.update) {
        app.put(routes.update.path, accessTo(contract, 'update'), async (request) => {
          const record = await write(db, request, parseId(request.params), () => request.body);
          return answer('update', notFoundUnless(record, noun), texts.updated);
        });
      }

      if (routes.patch) {
        // The fields given over the record as stored, checked as a whole.
        app.patch(routes.patch.path, accessTo(contract, 'update'), async (request) => {
          const body = parseInput(z.record(z.string(), z.unknown(), { error: 'must be an object' }), request.body);
          const record = await write(db, request, parseId(request.params), (stored) => ({
            ...stored,
            updatedAt: undefined,
            ...body,
          }));
          return notFoundUnless(record, noun);
        });
      }

      if (routes.remove) {
        app.delete(routes.remove.path, accessTo(contract, 'delete'), async (request) => {
          const id = parseId(request.params);
          const removed = await db.transaction(async (transaction) => {
            const tx = transaction as unknown as Db;
            await options.hooks?.remove?.(id, context(request, tx));
            const [row] = (await tx
              .delete(table)
              .where(within(request.sessionUser!, eq(idColumn, id)))
              .returning()) as Row[];
            if (row) {
              await logged(request, tx, 'delete', toRecord(row));
              await trashed(request, tx, [row]);
            }
            return row !== undefined;
          });
          notFoundUnless(removed, noun);
          return { success: true, message: texts.deleted };
        });
      }

      const bulkNoun = { one: noun.toLowerCase(), many: contract.plural };
      const ids = (rows: Row[]) => rows.map((row) => (row as { id: string }).id);
      /** One audit row per record a bulk call changed (none for those it did not find). */
      const loggedEach = (request: FastifyRequest, tx: Db, pairs: [Stored | undefined, Stored | undefined][]) =>
        audit(
          tx,
          whoOf(request),
          pairs.map(([before, after]) => auditEntry('bulk', before, after)),
        );
      const bulkStatus = contract.bulk?.status;
      if (routes.bulkStatus && bulkStatus) {
        app.post(routes.bulkStatus.path, accessTo(contract, 'update'), async (request) => {
          const { ids: selected, ...values } = parseInput(bulkStatus.schema, request.body) as {
            ids: string[];
          } & Record<string, unknown>;
          const found = await db.transaction(async (transaction) => {
            const tx = transaction as unknown as Db;
            const where = within(request.sessionUser!, inArray(idColumn, selected));
            const before = (await tx
              .select()
              .from(table as PgTable)
              .where(where)
              .for('update')) as Row[];
            const after = (await unique(
              tx
                .update(table)
                .set({ ...values, updatedAt: nextVersion(versionColumn) } as never)
                .where(where)
                .returning(),
            )) as Row[];
            const was = new Map(before.map((row) => [(row as { id: string }).id, toRecord(row)]));
            await loggedEach(
              request,
              tx,
              after.map((row) => [was.get((row as { id: string }).id), toRecord(row)]),
            );
            return after;
          });
          const { updated, failed } = foundOrNot(selected, ids(found), missing);
          return bulkReply(bulkNoun, 'updated', updated, failed);
        });
      }

      if (routes.bulkRemove) {
        app.post(routes.bulkRemove.path, accessTo(contract, 'delete'), async (request) => {
          const { ids: selected } = parseInput(bulkDeleteSchema, request.body);
          const found = await db.transaction(async (transaction) => {
            const tx = transaction as unknown as Db;
            const removed = (await tx
              .delete(table)
              .where(within(request.sessionUser!, inArray(idColumn, selected)))
              .returning()) as Row[];
            await loggedEach(
              request,
              tx,
              removed.map((row) => [toRecord(row), undefined]),
            );
            await trashed(request, tx, removed);
            return removed;
          });
          const { updated, failed } = foundOrNot(selected, ids(found), missing);
          return bulkReply(bulkNoun, 'deleted', updated, failed);
        });
      }

      if (options.more) await app.register(options.more(db, resource));
    };
  };

  const resource: ServerResource = {
    contract: contract as unknown as ResourceContract<never>,
    name: contract.name,
    table: getTableName(table as PgTable),
    base: contract.base,
    texts,
    input: schemas.create,
    // A getter on the options answers a new body on each read; a plain one is copied, so no test edits another's.
    get example() {
      return structuredClone(options.example ?? contract.demo?.[0] ?? {});
    },
    list: spec as ListSpec<ListContract>,
    routes,
    plugin,
    read: (db, id, viewer) => readOne(db, id, viewer),
    trash,
    ...(routes.update &&
      contract.restore !== false && {
        restore: (db: Db, request: FastifyRequest, id: string, values: object) =>
          write(db, request, id, () => values, 'restore'),
      }),
    readPage,
    async seedDemo(db) {
      for (const body of contract.demo ?? [])
        await insertRow(db, await toRow(parseInput(schemas.create, body) as Record<string, unknown>, 'create'));
    },
    // A scoped resource shares its table (the staff among the users), whose owner decides what goes.
    async clear(db) {
      if (!scope) await db.delete(table);
    },
  };
  return resource;
}
