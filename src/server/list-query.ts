import { and, asc, desc, type AnyColumn, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { LIST_FIELDS, LIST_PARAM_KEYS, describeValidationError, listParamsSchema } from '../domain';
import { HttpError } from './errors';

export type ListName = keyof typeof LIST_FIELDS;
type SortField<L extends ListName> = (typeof LIST_FIELDS)[L]['sort'][number];
type FilterField<L extends ListName> = (typeof LIST_FIELDS)[L]['filter'][number];

/** How one list maps the json-server parameters of DESIGN.md 5.7 onto its table. */
export interface ListSpec<L extends ListName> {
  list: L;
  sortColumns: Record<SortField<L>, AnyColumn | SQL>;
  filters: Record<FilterField<L>, { value: z.ZodType<string>; condition: (values: string[]) => SQL }>;
  /** Receives an ILIKE pattern, already escaped and wrapped in %. */
  search?: (pattern: string) => SQL | undefined;
  defaultOrder: SQL[];
  /** Makes the order total, so pages never repeat or skip rows with equal sort keys. */
  tieBreaker: AnyColumn;
}

export interface ListQuery {
  where: SQL | undefined;
  orderBy: SQL[];
  limit: number | undefined;
  offset: number;
  /** Any list parameter was given: the answer carries `total` and X-Total-Count. */
  withTotal: boolean;
}

const isListParam = (key: string) => (LIST_PARAM_KEYS as readonly string[]).includes(key);

export function parseListQuery<L extends ListName>(query: unknown, spec: ListSpec<L>): ListQuery {
  const raw = (query ?? {}) as Record<string, unknown>;
  const params = listParamsSchema.safeParse(Object.fromEntries(Object.entries(raw).filter(([k]) => isListParam(k))));
  if (!params.success) throw new HttpError(400, describeValidationError(params.error));
  const { _start, _end, _sort, _order, q } = params.data;

  const conditions: (SQL | undefined)[] = [];
  for (const [key, value] of Object.entries(raw)) {
    if (isListParam(key)) continue;
    const filter = (spec.filters as Record<string, ListSpec<L>['filters'][FilterField<L>]>)[key];
    if (!filter) throw new HttpError(400, `${key}: unknown filter for ${spec.list}`);
    conditions.push(filter.condition(filterValues(key, value, filter.value)));
  }
  if (q && spec.search) conditions.push(spec.search(`%${q.replace(/[\\%_]/g, '\\$&')}%`));

  let orderBy = spec.defaultOrder;
  if (_sort !== undefined) {
    const column = (spec.sortColumns as Record<string, AnyColumn | SQL>)[_sort];
    if (!column) throw new HttpError(400, `_sort: cannot sort ${spec.list} by ${_sort}`);
    orderBy = [_order === 'desc' ? desc(column) : asc(column), asc(spec.tieBreaker)];
  }

  const offset = _start ?? 0;
  return {
    where: and(...conditions),
    orderBy,
    limit: _end === undefined ? undefined : _end - offset,
    offset,
    withTotal: Object.keys(raw).length > 0,
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

/** Applies a ListQuery's page to a dynamic Drizzle select. */
export function paged<Q extends { limit(n: number): Q; offset(n: number): Q }>(query: Q, list: ListQuery): Q {
  const limited = list.limit === undefined ? query : query.limit(list.limit);
  return list.offset > 0 ? limited.offset(list.offset) : limited;
}
