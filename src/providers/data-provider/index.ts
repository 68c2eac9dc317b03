import type { BaseKey, BaseRecord, DataProvider } from '@refinedev/core';
import { ApiError, API_BASE, apiFetch, type ApiResponse, type HttpMethod } from '../http';
import { ENDPOINTS, type Endpoint, type ResourceEndpoints } from './endpoints';
import { listInBrowser, listParams } from './list-query';
import { withId, withoutId } from './records';

type Verb = keyof ResourceEndpoints;

function endpointFor<V extends Verb>(resource: string, verb: V): NonNullable<ResourceEndpoints[V]> {
  const endpoint = ENDPOINTS[resource]?.[verb];
  if (!endpoint) throw new ApiError(`The store API has no ${verb} for ${resource}`, 405);
  return endpoint;
}

function pathFor(endpoint: Endpoint, id?: BaseKey): string {
  return id === undefined ? endpoint.path : endpoint.path.replace(':id', encodeURIComponent(String(id)));
}

const keyOf = (body: unknown, key: string): unknown => (body !== null && typeof body === 'object' ? (body as Record<string, unknown>)[key] : undefined);

const picked = (endpoint: Endpoint, body: unknown): unknown => (endpoint.pick ? keyOf(body, endpoint.pick) : body);

/** The list total: the `total` key or the X-Total-Count header, present only when the server paged. */
function serverTotal({ body, headers }: ApiResponse): number | undefined {
  const total = keyOf(body, 'total');
  if (typeof total === 'number') return total;
  const header = headers.get('X-Total-Count');
  return header !== null && header !== '' && Number.isFinite(Number(header)) ? Number(header) : undefined;
}

/** A write whose response lacks the record (e.g. a blog update answering only a message) yields what was sent. */
function writtenRecord<T>(endpoint: Endpoint, response: ApiResponse, variables: unknown, id?: BaseKey): T {
  const record = picked(endpoint, response.body);
  if (record !== null && typeof record === 'object') return withId(record) as T;
  return { ...(withoutId(variables) as object), ...(id === undefined ? {} : { id }) } as T;
}

/** The response's keys the endpoint hands on beside the result (ENDPOINTS `extras`), when present. */
function extrasOf(endpoint: Endpoint, body: unknown): Record<string, unknown> {
  const extras = (endpoint.extras ?? []).map((key) => [key, keyOf(body, key)] as const);
  return Object.fromEntries(extras.filter(([, value]) => value !== undefined));
}

/** An add (no `id`) or an update: the record without Refine's `id`, answered with the record written. */
async function write(resource: string, verb: 'create' | 'update', variables: unknown, id?: BaseKey) {
  const endpoint = endpointFor(resource, verb);
  const response = await apiFetch(pathFor(endpoint, id), { method: endpoint.method, body: withoutId(variables) });
  return { data: writtenRecord<never>(endpoint, response, variables, id), ...extrasOf(endpoint, response.body) };
}

/** Refine's data provider over the store API, driven entirely by the ENDPOINTS table. */
export const dataProvider: DataProvider = {
  getApiUrl: () => API_BASE,

  getList: async <TData extends BaseRecord = BaseRecord>(request: Parameters<DataProvider['getList']>[0]) => {
    const endpoint = endpointFor(request.resource, 'getList');
    const query = listParams(endpoint, request);
    const response = await apiFetch(endpoint.path, { method: endpoint.method, query: query ?? undefined });
    const found = picked(endpoint, response.body);
    const rows = (Array.isArray(found) ? found : []).map(withId) as TData[];
    const total = query ? serverTotal(response) : undefined;
    const page = total === undefined ? listInBrowser(rows, endpoint, request) : { data: rows, total };
    return { ...page, ...extrasOf(endpoint, response.body) };
  },

  getOne: async ({ resource, id }) => {
    // The contract reads some records (coupons) only as the whole list: the record is found there.
    if (!ENDPOINTS[resource]?.getOne && ENDPOINTS[resource]?.getList) {
      const { data } = await dataProvider.getList({ resource, pagination: { mode: 'off' } });
      const record = data.find((row) => String(row._id ?? row.id) === String(id));
      if (!record) throw new ApiError(`No ${resource} record ${id}`, 404);
      return { data: record as never };
    }
    const endpoint = endpointFor(resource, 'getOne');
    const response = await apiFetch(pathFor(endpoint, id), { method: endpoint.method });
    const record = picked(endpoint, response.body);
    if (record === null || typeof record !== 'object') throw new ApiError(`No ${resource} record ${id}`, 404);
    return { data: withId(record) as never, ...extrasOf(endpoint, response.body) };
  },

  create: ({ resource, variables }) => write(resource, 'create', variables),

  update: ({ resource, id, variables }) => write(resource, 'update', variables, id),

  deleteOne: async ({ resource, id }) => {
    const endpoint = endpointFor(resource, 'deleteOne');
    const response = await apiFetch(pathFor(endpoint, id), { method: endpoint.method });
    return { data: { id } as never, ...extrasOf(endpoint, response.body) };
  },

  // Calls outside a resource's verbs (an order's notes, a customer's page): a store path, its answer as it is.
  custom: async ({ url, method, payload, query }) => {
    const { body } = await apiFetch(url, {
      method: method.toUpperCase() as HttpMethod,
      body: payload,
      query: query && Object.fromEntries(Object.entries(query).map(([key, value]) => [key, String(value)])),
    });
    return { data: body as never };
  },
};

/** Regular REST resources (`dataProviderName: 'rest'`): @refinedev/simple-rest, loaded with their first call. */
const rest = () => import('./rest').then((module) => module.restDataProvider);
export const restDataProvider: DataProvider = {
  getApiUrl: () => `${API_BASE}/api`,
  getList: async (params) => (await rest()).getList(params),
  getOne: async (params) => (await rest()).getOne(params),
  create: async (params) => (await rest()).create(params),
  update: async (params) => (await rest()).update(params),
  deleteOne: async (params) => (await rest()).deleteOne(params),
};
