import { and, asc, desc, gte, is, lt, lte, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { PgColumn, type PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './db/client';
import { z } from 'zod';
import { LIST_PARAM_KEYS, describeValidationError, listParamsSchema, type ListContract } from '../domain';
import { HttpError } from './errors';
import { DAY_MS } from './config';

/** The fields a list sorts and filters by (its contract's: `ListOf<typeof xContract>`). */
export type ListFields = Pick<ListContract, 'sort' | 'filter'>;

export interface ListFilter {
  value: z.ZodType<string>;
  condition: (values: string[]) => SQL;
}

/** How one list maps the optional json-server list parameters onto its table. */
export interface ListSpec<F extends ListFields = ListFields> {
  /** The list's name, as its 400s say it ('unknown filter for products'). */
  list: string;
  sortColumns: Record<F['sort'][number], AnyColumn | SQL>;
  filters: Record<F['filter'][number], ListFilter>;
  /** Receives an ILIKE pattern, already escaped and wrapped in %, and the text searched for as typed (trimmed). */
  search?: (pattern: string, text: string) => SQL | undefined;
  /** The order without `_sort`, by one of the sort fields (the tie-breaker follows its direction). */
  defaultSort: { field: F['sort'][number]; order: SortOrder };
  /** Makes the order total, so pages never repeat or skip rows with equal sort keys. */
  tieBreaker: AnyColumn;
}

export type SortOrder = 'asc' | 'desc';

/** The order a list is read in: the sort key, then the tie-breaker, both in `order`'s direction. */
export interface ListSort {
  key: AnyColumn | SQL;
  order: SortOrder;
  tieBreaker: AnyColumn;
}

export interface ListQuery {
  where: SQL | undefined;
  orderBy: SQL[];
  /** What `orderBy` is made of, for reading the whole list batch after batch (afterRow). */
  sort: ListSort;
  limit: number | undefined;
  offset: number;
  /** Any list parameter was given: the answer carries `total` and X-Total-Count. */
  withTotal: boolean;
  /** The filters given (validated values), so a service can count from a summary instead of the rows. */
  filters: Record<string, string[]>;
  /** The search text, if any. */
  search: string | undefined;
}

const isListParam = (key: string) => (LIST_PARAM_KEYS as readonly string[]).includes(key);

export function parseListQuery<F extends ListFields>(query: unknown, spec: ListSpec<F>): ListQuery {
  const raw = (query ?? {}) as Record<string, unknown>;
  const params = listParamsSchema.safeParse(Object.fromEntries(Object.entries(raw).filter(([k]) => isListParam(k))));
  if (!params.success) throw new HttpError(400, describeValidationError(params.error));
  const { _start, _end, _sort, _order, q } = params.data;

  const conditions: (SQL | undefined)[] = [];
  const filters: Record<string, string[]> = {};
  for (const [key, value] of Object.entries(raw)) {
    if (isListParam(key)) continue;
    // Own keys only: `constructor` or `toString` in a query must not find Object.prototype's.
    const filter = Object.hasOwn(spec.filters, key) ? (spec.filters as Record<string, ListFilter>)[key] : undefined;
    if (!filter) throw new HttpError(400, `${key}: unknown filter for ${spec.list}`);
    filters[key] = filterValues(key, value, filter.value);
    conditions.push(filter.condition(filters[key]));
  }
  if (q && spec.search) conditions.push(spec.search(`%${escapeLike(q)}%`, q));

  const sortColumns = spec.sortColumns as Record<string, AnyColumn | SQL>;
  let sort: ListSort = {
    key: sortColumns[spec.defaultSort.field]!,
    order: spec.defaultSort.order,
    tieBreaker: spec.tieBreaker,
  };
  if (_sort !== undefined) {
    const column = Object.hasOwn(sortColumns, _sort) ? sortColumns[_sort] : undefined;
    if (!column) throw new HttpError(400, `_sort: cannot sort ${spec.list} by ${_sort}`);
    sort = { key: column, order: _order ?? 'asc', tieBreaker: spec.tieBreaker };
  }
  // The tie-breaker runs in the sort's direction, so one (column, id) index serves both directions.
  const direction = sort.order === 'desc' ? desc : asc;
  const orderBy = [direction(sort.key), direction(sort.tieBreaker)];

  const offset = _start ?? 0;
  return {
    where: and(...conditions),
    orderBy,
    sort,
    limit: _end === undefined ? undefined : _end - offset,
    offset,
    withTotal: Object.keys(raw).length > 0,
    filters,
    search: q || undefined,
  };
}

/** Text matched literally inside a LIKE pattern: its own %, _ and \ lose their meaning. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, '\\$&');

/** `column = value` for one value (an index then also gives the order that follows), `= any(values)` for several. */
export function oneOf(column: AnyColumn, values: string[]): SQL {
  return values.length === 1 ? sql`${column} = ${values[0]}` : sql`${column} = any(${sql.param(values)}::text[])`;
}

/** A filter by a text column that holds one of `allowed`: a value outside them is a 400 that lists them. */
export function enumFilter(column: AnyColumn, allowed: readonly [string, ...string[]]): ListFilter {
  return {
    value: z.enum(allowed, { error: `must be one of ${allowed.join(', ')}` }),
    condition: (values) => oneOf(column, values),
  };
}

function filterValues(key: string, value: unknown, schema: z.ZodType<string>): string[] {
  const values = Array.isArray(value) ? value : [value];
  return values.map((v) => {
    const parsed = schema.safeParse(v);
    if (!parsed.success) throw new HttpError(400, `${key}: ${parsed.error.issues[0]?.message ?? 'invalid value'}`);
    return parsed.data;
  });
}

/** What the list helpers need of a Drizzle select: a filter, then the list's order. */
export interface Narrowable<Sorted> {
  where(where: SQL | undefined): { orderBy(...order: SQL[]): Sorted };
}

/** A page of a select's rows as the list narrows (`where`, the list's own unless given), sorts and pages them. */
export function pageOf<Q extends { limit(n: number): Q; offset(n: number): Q }>(
  select: Narrowable<{ $dynamic(): Q }>,
  list: ListQuery,
  where = list.where,
): Q {
  const query = select
    .where(where)
    .orderBy(...list.orderBy)
    .$dynamic();
  const limited = list.limit === undefined ? query : query.limit(list.limit);
  return list.offset > 0 ? limited.offset(list.offset) : limited;
}

/** One page of a table's rows in the list's order, and how many rows the list has in all. */
export function pageWithTotal<T extends PgTable>(
  db: Db,
  table: T,
  list: ListQuery,
): Promise<[T['$inferSelect'][], number]> {
  const rows = pageOf(db.select().from(table as PgTable), list);
  return Promise.all([rows as Promise<T['$inferSelect'][]>, db.$count(table, list.where)]);
}

/** Where a walk through a list in its order stands: the last row's sort key (as the database's text) and id. */
export interface ListCursor {
  key: string | null;
  id: string;
}

/** What a batch selects beside its own columns, so the next batch can start after its last row. */
export function cursorColumns(list: ListQuery) {
  return { key: sql<string | null>`(${list.sort.key})::text`, id: sql<string>`${list.sort.tieBreaker}` };
}

/**
 * The rows after `cursor` in the list's order (keyset paging): `(key, id) > (k, i)` walks the
 * (key, id) index from where the last batch stopped, however deep, where an offset would read every
 * row before it again. The key comes back as the database's text and is cast to the column's type, so
 * a timestamp keeps its microseconds. PostgreSQL sorts nulls last going up and first going down, and a
 * null never compares, so a nullable key says where the nulls are.
 */
export function afterRow(list: ListQuery, cursor: ListCursor): SQL {
  const { key, order, tieBreaker } = list.sort;
  const column = is(key, PgColumn) ? key : undefined;
  const value = column ? sql`${cursor.key}::${sql.raw(column.getSQLType())}` : sql`${cursor.key}`;
  const beyond =
    order === 'asc'
      ? sql`(${key}, ${tieBreaker}) > (${value}, ${cursor.id})`
      : sql`(${key}, ${tieBreaker}) < (${value}, ${cursor.id})`;
  if (column?.notNull) return beyond;
  if (cursor.key === null) {
    return order === 'asc'
      ? sql`(${key} is null and ${tieBreaker} > ${cursor.id})`
      : sql`((${key} is null and ${tieBreaker} < ${cursor.id}) or ${key} is not null)`;
  }
  return order === 'asc' ? sql`(${beyond} or ${key} is null)` : beyond;
}

/**
 * Every row of the list, in its order and with its filters, `size` at a time, each as `toRecord`
 * makes it: each batch is one query that starts after the last row of the one before (afterRow), so
 * memory holds one batch whatever the list's length, and no query or transaction stays open between
 * batches (PGlite has one connection). `select` (made anew for each batch) picks `cursorColumns(list)` as
 * `cursor` beside its own columns. The rows are handed on and dropped here before the generator waits at its yield: while a
 * client drains a batch, nothing of it stays behind to be promoted to the old generation.
 */
export async function* listInBatches<R extends { cursor: ListCursor }, T = R>(
  list: ListQuery,
  select: () => Narrowable<{ limit(n: number): PromiseLike<R[]> }>,
  size: number,
  toRecord: (row: R) => T = (row) => row as unknown as T,
): AsyncGenerator<T[]> {
  let where = list.where;
  for (;;) {
    const rows = await select()
      .where(where)
      .orderBy(...list.orderBy)
      .limit(size);
    const more = rows.length === size;
    if (more) where = and(list.where, afterRow(list, rows.at(-1)!.cursor));
    if (rows.length > 0) yield rows.splice(0).map(toRecord);
    if (!more) return;
  }
}

/** A filter matching any of the given texts in `column` (an id, a code). */
export const textFilter = (column: AnyColumn, max = 200): ListFilter => ({
  value: z.string().max(max),
  condition: (values) => oneOf(column, values),
});

const isDay = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);
/**
 * A bound on a time `column`: an ISO time, or a day ('2026-11-26', UTC) meaning the whole of it: the rows
 * from its start (from), or until its end (to).
 */
export const momentFilter = (column: AnyColumn, side: 'from' | 'to'): ListFilter => ({
  value: z.string().refine((value) => !Number.isNaN(Date.parse(value)), 'must be a date or an ISO time'),
  condition: (values) => {
    const value = values[0]!;
    const at = new Date(value);
    if (side === 'from') return gte(column, at);
    return isDay(value) ? lt(column, new Date(at.getTime() + DAY_MS)) : lte(column, at);
  },
});

/** A yes/no filter: the rows where `condition` holds ('true'), where it does not ('false'), or both. */
export const booleanFilter = (condition: () => SQL): ListFilter => ({
  value: z.enum(['true', 'false'], { error: 'must be true or false' }),
  condition: (values) =>
    or(...[...new Set(values)].map((value) => (value === 'true' ? condition() : sql`not (${condition()})`)))!,
});
