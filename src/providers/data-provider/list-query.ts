import type { CrudFilter, GetListParams } from '@refinedev/core';
import type { ListEndpoint } from './endpoints';

type ListRequest = Pick<GetListParams, 'pagination' | 'sorters' | 'filters'>;

/** Refine's filter field for the free-text search, sent as the API's `q`. */
export const SEARCH_FIELD = 'q';

/**
 * The optional list parameters (json-server dialect) for a request, or null when the
 * server cannot take all of it. Half a query (paged by the server but filtered here) would be wrong,
 * so anything the server does not understand sends no parameters at all and the browser does the work.
 */
export function listParams(endpoint: ListEndpoint, request: ListRequest): Record<string, string> | null {
  const fields = endpoint.listParams;
  if (!fields) return null;
  const params: Record<string, string> = {};
  const page = pageRange(request);
  if (page) Object.assign(params, { _start: String(page.start), _end: String(page.end) });

  const sorters = request.sorters ?? [];
  if (sorters.length > 1) return null;
  const [sorter] = sorters;
  if (sorter) {
    if (!fields.sort.includes(sorter.field)) return null;
    params._sort = sorter.field;
    params._order = sorter.order;
  }

  for (const filter of activeFilters(request.filters)) {
    if (!('field' in filter)) return null;
    const taken =
      filter.field === SEARCH_FIELD ||
      (filter.operator === 'eq' && fields.filter.includes(filter.field) && !Array.isArray(filter.value));
    if (!taken) return null;
    params[filter.field] = String(filter.value);
  }
  return params;
}

/** Against a server that ignored the parameters: filter, sort and page the whole list here. */
export function listInBrowser<T>(
  rows: T[],
  endpoint: ListEndpoint,
  request: ListRequest,
): { data: T[]; total: number } {
  const read = (record: T, field: string): unknown => readPath(record, endpoint.filterPaths?.[field] ?? field);
  const filters = activeFilters(request.filters);
  const data = rows.filter((row) => filters.every((filter) => matches(row, filter, read)));
  data.sort((a, b) => {
    for (const { field, order } of request.sorters ?? []) {
      const result = compare(readPath(a, field), readPath(b, field));
      if (result !== 0) return order === 'desc' ? -result : result;
    }
    return 0;
  });
  const page = endpoint.listParams ? pageRange(request) : undefined;
  return { data: page ? data.slice(page.start, page.end) : data, total: data.length };
}

/** The rows a paged request asks for (Refine pages unless told not to). */
function pageRange({ pagination }: ListRequest): { start: number; end: number } | undefined {
  if (pagination?.mode !== 'server' && pagination?.mode !== undefined) return undefined;
  const currentPage = pagination?.currentPage ?? 1;
  const pageSize = pagination?.pageSize ?? 10;
  return { start: (currentPage - 1) * pageSize, end: currentPage * pageSize };
}

/** Grids send filters with empty values when a filter is cleared: those filter nothing. */
function activeFilters(filters: CrudFilter[] | undefined): CrudFilter[] {
  return (filters ?? []).filter((f) => f.value !== undefined && f.value !== null && f.value !== '');
}

/** Only what the console's lists send: a select's `eq` and a search's `contains`. */
function matches<T>(record: T, filter: CrudFilter, read: (record: T, field: string) => unknown): boolean {
  if ('field' in filter && filter.field === SEARCH_FIELD)
    return containsText(record, String(filter.value).toLowerCase(), 2);
  if (!('field' in filter) || (filter.operator !== 'eq' && filter.operator !== 'contains')) {
    throw new Error(`The ${filter.operator} filter is not supported`);
  }
  const actual = read(record, filter.field);
  const wanted = String(filter.value);
  return (Array.isArray(actual) ? actual : [actual]).some((value) =>
    filter.operator === 'eq'
      ? String(value) === wanted
      : String(value ?? '')
          .toLowerCase()
          .includes(wanted.toLowerCase()),
  );
}

/** The free-text search looks through the record's text, one level into nested objects (order.user.email). */
function containsText(value: unknown, needle: string, depth: number): boolean {
  if (typeof value === 'string') return value.toLowerCase().includes(needle);
  if (typeof value === 'number') return String(value).includes(needle);
  if (depth < 0 || value === null || typeof value !== 'object') return false;
  return Object.values(value).some((inner) => containsText(inner, needle, depth - 1));
}

function readPath(record: unknown, path: string): unknown {
  return path
    .split('.')
    .reduce<unknown>(
      (value, key) =>
        value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined,
      record,
    );
}

function compare(a: unknown, b: unknown): number {
  if (a === b) return 0;
  if (a === undefined || a === null) return -1;
  if (b === undefined || b === null) return 1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a).localeCompare(String(b), undefined, { numeric: true, sensitivity: 'base' });
}
