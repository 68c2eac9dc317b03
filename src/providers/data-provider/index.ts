import type { BaseKey, BaseRecord, DataProvider, MetaQuery } from '@refinedev/core';
import { ApiError, API_BASE, apiFetch, type ApiResponse, type HttpMethod } from '../http';
import type { ResourceContract } from '../../domain/contract';
import type { ContractSource } from '../../app/declaration';
import { endpointsOf, type Endpoint, type ResourceEndpoints } from './endpoints';
import { listInBrowser, listParams } from './list-query';
import { withId, withoutId } from './records';

type Verb = keyof ResourceEndpoints;

/** Refine's verbs over each contract, made once, when the resource is first called. */
const made = new WeakMap<ResourceContract<never>, ResourceEndpoints>();
function endpointsFor(contract: ResourceContract<never>): ResourceEndpoints {
  let endpoints = made.get(contract);
  if (!endpoints) made.set(contract, (endpoints = endpointsOf(contract)));
  return endpoints;
}

type Meta = MetaQuery | undefined;

/** The resource's contract, which Refine hands over in `meta` (app/refine-resources.ts), loaded if it is not yet. */
async function contractIn(meta: Meta): Promise<ResourceContract<never> | undefined> {
  const source = meta?.contract as ContractSource | undefined;
  return typeof source === 'function' ? source() : source;
}

async function endpointFor<V extends Verb>(
  resource: string,
  meta: Meta,
  verb: V,
): Promise<NonNullable<ResourceEndpoints[V]>> {
  const contract = await contractIn(meta);
  const endpoint = contract && endpointsFor(contract)[verb];
  if (!endpoint) throw new ApiError(`The store API has no ${verb} for ${resource}`, 405);
  return endpoint;
}

function pathFor(endpoint: Endpoint, id?: BaseKey): string {
  return id === undefined ? endpoint.path : endpoint.path.replace(':id', encodeURIComponent(String(id)));
}

const keyOf = (body: unknown, key: string): unknown =>
  body !== null && typeof body === 'object' ? (body as Record<string, unknown>)[key] : undefined;

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

/** The response's keys the endpoint hands on beside the result (the contract call's `extras`), when present. */
function extrasOf(endpoint: Endpoint, body: unknown): Record<string, unknown> {
  const extras = (endpoint.extras ?? []).map((key) => [key, keyOf(body, key)] as const);
  return Object.fromEntries(extras.filter(([, value]) => value !== undefined));
}

/** An add (no `id`) or an update: the record without Refine's `id`, answered with the record written. */
async function write(resource: string, meta: Meta, verb: 'create' | 'update', variables: unknown, id?: BaseKey) {
  const endpoint = await endpointFor(resource, meta, verb);
  const response = await apiFetch(pathFor(endpoint, id), { method: endpoint.method, body: withoutId(variables) });
  return { data: writtenRecord<never>(endpoint, response, variables, id), ...extrasOf(endpoint, response.body) };
}

/** The store API's irregular calls, driven entirely by their contracts. */
const irregular: DataProvider = {
  getApiUrl: () => API_BASE,

  getList: async <TData extends BaseRecord = BaseRecord>(request: Parameters<DataProvider['getList']>[0]) => {
    const endpoint = await endpointFor(request.resource, request.meta, 'getList');
    const query = listParams(endpoint, request);
    const response = await apiFetch(endpoint.path, { method: endpoint.method, query: query ?? undefined });
    const found = picked(endpoint, response.body);
    const rows = (Array.isArray(found) ? found : []).map(withId) as TData[];
    const total = query ? serverTotal(response) : undefined;
    const page = total === undefined ? listInBrowser(rows, endpoint, request) : { data: rows, total };
    return { ...page, ...extrasOf(endpoint, response.body) };
  },

  getOne: async ({ resource, id, meta }) => {
    // The contract reads some records (coupons) only as the whole list: the record is found there.
    const contract = await contractIn(meta);
    const endpoints = contract && endpointsFor(contract);
    if (!endpoints?.getOne && endpoints?.getList) {
      const { data } = await irregular.getList({ resource, meta, pagination: { mode: 'off' } });
      const record = data.find((row) => String(row._id ?? row.id) === String(id));
      if (!record) throw new ApiError(`No ${resource} record ${id}`, 404);
      return { data: record as never };
    }
    const endpoint = await endpointFor(resource, meta, 'getOne');
    const response = await apiFetch(pathFor(endpoint, id), { method: endpoint.method });
    const record = picked(endpoint, response.body);
    if (record === null || typeof record !== 'object') throw new ApiError(`No ${resource} record ${id}`, 404);
    return { data: withId(record) as never, ...extrasOf(endpoint, response.body) };
  },

  create: ({ resource, meta, variables }) => write(resource, meta, 'create', variables),

  update: ({ resource, id, meta, variables }) => write(resource, meta, 'update', variables, id),

  deleteOne: async ({ resource, id, meta }) => {
    const endpoint = await endpointFor(resource, meta, 'deleteOne');
    const response = await apiFetch(pathFor(endpoint, id), { method: endpoint.method });
    return { data: { id } as never, ...extrasOf(endpoint, response.body) };
  },

  // Calls outside a resource's verbs (an order's notes, a customer's page): a store path, its answer as it is.
  custom: async ({ url, method, payload, query }) => {
    const { body } = await apiFetch(url, {
      method: method.toUpperCase() as HttpMethod,
      body: payload,
      query:
        query &&
        Object.fromEntries(
          Object.entries(query).map(([key, value]) => [key, Array.isArray(value) ? value.map(String) : String(value)]),
        ),
    });
    return { data: body as never };
  },
};

/** @refinedev/simple-rest as it ships, for regular REST contracts: loaded with their first call. */
const simpleRest = () => import('./rest').then((module) => module.simpleRest);

/** The provider for a call: simple-rest for a regular contract, the contract's own calls otherwise. */
async function providerFor(meta: Meta): Promise<DataProvider> {
  return (await contractIn(meta))?.regular ? simpleRest() : irregular;
}

/** Refine's data provider: every resource through the contract its Refine resource carries in `meta`. */
export const dataProvider: DataProvider = {
  getApiUrl: () => `${API_BASE}/api`,
  getList: async (params) => (await providerFor(params.meta)).getList(params),
  getMany: async <TData extends BaseRecord = BaseRecord>(
    params: Parameters<NonNullable<DataProvider['getMany']>>[0],
  ) => {
    const provider = await providerFor(params.meta);
    if (provider.getMany) return provider.getMany<TData>(params);
    return {
      data: await Promise.all(
        params.ids.map(
          async (id) => (await provider.getOne<TData>({ resource: params.resource, id, meta: params.meta })).data,
        ),
      ),
    };
  },
  getOne: async (params) => (await providerFor(params.meta)).getOne(params),
  create: async (params) => (await providerFor(params.meta)).create(params),
  update: async (params) => (await providerFor(params.meta)).update(params),
  deleteOne: async (params) => (await providerFor(params.meta)).deleteOne(params),
  custom: (params) => irregular.custom!(params),
};
