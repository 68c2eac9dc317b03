import type { BaseRecord, CrudFilter, CrudSort, DataProvider, Pagination } from '@refinedev/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS, staleEditMessage } from '../../src/domain';
import { staleEditMessageOf } from '../../src/components/stale-edit';
import { dataProvider } from '../../src/providers/data-provider';
import { ENDPOINTS, metaOf } from './store-contracts';
import type { Endpoint, ResourceEndpoints } from '../../src/providers/data-provider/endpoints';
import { stubFetch, type StubResponse } from './fetch-stub';

const TOKEN = 'token-abc';
const ID = '64b7f0c2a1b2c3d4e5f60718';

beforeEach(() => localStorage.setItem(STORAGE_KEYS.token, TOKEN));
afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

/** The copy's version an edit form sends back (lost-update check): it must reach the server untouched. */
const LOADED_AT = '2026-03-01T10:20:30.456Z';
const record = (extra: Record<string, unknown> = {}) => ({ _id: ID, name: 'Tiger Tee', ...extra });

type Verb = keyof ResourceEndpoints;
const VERBS = ['getList', 'getOne', 'create', 'update', 'deleteOne'] as const satisfies readonly Verb[];

interface VerbCase {
  resource: string;
  verb: Verb;
  params?: Record<string, unknown>;
  method: string;
  url: string;
  body?: unknown;
  response: StubResponse;
  data: unknown;
  total?: number;
}

const page1 = { currentPage: 1, pageSize: 10, mode: 'server' } satisfies Pagination;
const listParams = '?_start=0&_end=10';

/**
 * The store API's contract, pinned call by call: exact URLs, query
 * parameters, response shapes. Every ENDPOINTS entry and verb, a new one included, is also exercised
 * by the cases derived from the table further down.
 */
const CONTRACT: VerbCase[] = [
  {
    resource: 'products',
    verb: 'getList',
    params: {
      pagination: { currentPage: 2, pageSize: 5, mode: 'server' },
      sorters: [{ field: 'name', order: 'desc' }],
      filters: [
        { field: 'status', operator: 'eq', value: 'active' },
        { field: 'category', operator: 'eq', value: 'Oversized' },
        { field: 'q', operator: 'contains', value: 'tee' },
      ],
    },
    method: 'GET',
    url: '/api/product/get-all-products?_start=5&_end=10&_sort=name&_order=desc&status=active&category=Oversized&q=tee',
    response: {
      body: {
        success: true,
        products: [record()],
        total: 42,
        counts: { total: 42, active: 30, lowStock: 4, outOfStock: 2 },
      },
    },
    data: [record({ id: ID })],
    total: 42,
  },
  {
    resource: 'orders',
    verb: 'getList',
    params: { pagination: page1, filters: [{ field: 'paymentStatus', operator: 'eq', value: 'paid' }] },
    method: 'GET',
    url: `/api/order/all-orders${listParams}&paymentStatus=paid`,
    response: { body: { orders: [record()], total: 7 } },
    data: [record({ id: ID })],
    total: 7,
  },
  {
    resource: 'users',
    verb: 'getList',
    params: { pagination: page1, filters: [{ field: 'role', operator: 'eq', value: 'customer' }] },
    method: 'GET',
    url: `/api/auth/users${listParams}&role=customer`,
    response: { body: { users: [record()], total: 3 } },
    data: [record({ id: ID })],
    total: 3,
  },
  {
    resource: 'coupons',
    verb: 'getList',
    params: { pagination: page1, filters: [{ field: 'isActive', operator: 'eq', value: true }] },
    method: 'GET',
    url: `/api/coupon/allcoupons${listParams}&isActive=true`,
    response: { body: { coupons: [record()], total: 1 } },
    data: [record({ id: ID })],
    total: 1,
  },
  {
    resource: 'blogs',
    verb: 'getList',
    params: { pagination: page1, sorters: [{ field: 'publishedAt', order: 'desc' }] },
    method: 'GET',
    url: `/api/blog/get-blogs${listParams}&_sort=publishedAt&_order=desc`,
    response: { body: { blogs: [record()], total: 11 } },
    data: [record({ id: ID })],
    total: 11,
  },
  {
    resource: 'banners',
    verb: 'getList',
    params: { pagination: page1 },
    method: 'GET',
    url: `/api/banners${listParams}`,
    response: { body: [record()], headers: { 'X-Total-Count': '15' } },
    data: [record({ id: ID })],
    total: 15,
  },
  {
    resource: 'dashboardKpis',
    verb: 'getList',
    params: { pagination: page1 },
    method: 'GET',
    url: '/api/order/dashboard-summary',
    response: { body: { success: true, kpis: [{ title: 'Orders', value: 3 }] } },
    data: [{ title: 'Orders', value: 3 }],
    total: 1,
  },
  {
    resource: 'monthlySales',
    verb: 'getList',
    params: { pagination: page1 },
    method: 'GET',
    url: '/api/order/monthly-sales',
    response: { body: { data: Array.from({ length: 12 }, (_, i) => ({ name: `M${i}`, sales: i })) } },
    data: Array.from({ length: 12 }, (_, i) => ({ name: `M${i}`, sales: i })),
    total: 12,
  },
  {
    resource: 'salesByCategory',
    verb: 'getList',
    params: { pagination: page1 },
    method: 'GET',
    url: '/api/order/sales-by-category',
    response: { body: { success: true, categories: [{ name: 'Oversized', value: 10, color: '#000' }] } },
    data: [{ name: 'Oversized', value: 10, color: '#000' }],
    total: 1,
  },
  {
    resource: 'products',
    verb: 'getOne',
    method: 'GET',
    url: `/api/product/get-product-details/${ID}`,
    response: { body: { success: true, product: record() } },
    data: record({ id: ID }),
  },
  {
    resource: 'orders',
    verb: 'getOne',
    method: 'GET',
    url: `/api/order/order/${ID}`,
    response: { body: { order: record() } },
    data: record({ id: ID }),
  },
  {
    resource: 'users',
    verb: 'getOne',
    method: 'GET',
    url: `/api/auth/users/${ID}`,
    response: {
      body: { success: true, user: record(), stats: { orders: 0, spent: 0, firstOrderAt: null, lastOrderAt: null } },
    },
    data: record({ id: ID }),
  },
  {
    resource: 'blogs',
    verb: 'getOne',
    method: 'GET',
    url: `/api/blog/blog-details/${ID}`,
    response: { body: { blog: record() } },
    data: record({ id: ID }),
  },
  {
    resource: 'banners',
    verb: 'getOne',
    method: 'GET',
    url: `/api/banners/by-id/${ID}`,
    response: { body: record() },
    data: record({ id: ID }),
  },
  {
    resource: 'products',
    verb: 'create',
    params: { variables: { name: 'Tiger Tee', status: 'active' } },
    method: 'POST',
    url: '/api/product/add-product',
    body: { name: 'Tiger Tee', status: 'active' },
    response: { status: 201, body: { success: true, product: record() } },
    data: record({ id: ID }),
  },
  {
    resource: 'coupons',
    verb: 'create',
    params: { variables: { code: 'SAVE10' } },
    method: 'POST',
    url: '/api/coupon/add',
    body: { code: 'SAVE10' },
    response: { status: 201, body: { coupon: record({ code: 'SAVE10' }) } },
    data: record({ code: 'SAVE10', id: ID }),
  },
  {
    resource: 'blogs',
    verb: 'create',
    params: { variables: { title: 'Hello' } },
    method: 'POST',
    url: '/api/blog/add-blog',
    body: { title: 'Hello' },
    response: { status: 201, body: { message: 'Blog added', blog: record({ title: 'Hello' }) } },
    data: record({ title: 'Hello', id: ID }),
  },
  {
    resource: 'banners',
    verb: 'create',
    params: { variables: { name: 'Summer' } },
    method: 'POST',
    url: '/api/banners',
    body: { name: 'Summer' },
    response: { status: 201, body: record({ name: 'Summer' }) },
    data: record({ name: 'Summer', id: ID }),
  },
  {
    resource: 'orders',
    verb: 'create',
    params: { variables: { customer: ID, orderItems: [], draft: true } },
    method: 'POST',
    url: '/api/order/create',
    body: { customer: ID, orderItems: [], draft: true },
    response: { status: 201, body: { success: true, message: 'Draft saved', order: record({ status: 'draft' }) } },
    data: record({ status: 'draft', id: ID }),
  },
  {
    resource: 'products',
    verb: 'update',
    // A form that sends the whole record back: the `id` the provider added must not go to the server.
    params: { id: ID, variables: { id: ID, _id: ID, name: 'New name', updatedAt: LOADED_AT } },
    method: 'PUT',
    url: `/api/product/update-product/${ID}`,
    body: { _id: ID, name: 'New name', updatedAt: LOADED_AT },
    response: { body: { success: true, product: record({ name: 'New name' }) } },
    data: record({ name: 'New name', id: ID }),
  },
  {
    resource: 'orders',
    verb: 'update',
    params: { id: ID, variables: { status: 'shipped' } },
    method: 'PUT',
    url: `/api/order/update-status/${ID}`,
    body: { status: 'shipped' },
    response: { body: { success: true, message: 'Order status updated', order: record({ status: 'shipped' }) } },
    data: record({ status: 'shipped', id: ID }),
  },
  {
    resource: 'coupons',
    verb: 'update',
    params: { id: ID, variables: { isActive: false, updatedAt: LOADED_AT } },
    method: 'PUT',
    url: `/api/coupon/coupon/${ID}`,
    body: { isActive: false, updatedAt: LOADED_AT },
    response: { body: { coupon: record({ isActive: false }) } },
    data: record({ isActive: false, id: ID }),
  },
  {
    resource: 'blogs',
    verb: 'update',
    // The blog update may answer only a message: the record is then what was sent.
    params: { id: ID, variables: { title: 'Edited', updatedAt: LOADED_AT } },
    method: 'PUT',
    url: `/api/blog/blogs/${ID}`,
    body: { title: 'Edited', updatedAt: LOADED_AT },
    response: { body: { message: 'Blog updated' } },
    data: { title: 'Edited', updatedAt: LOADED_AT, id: ID },
  },
  {
    resource: 'banners',
    verb: 'update',
    params: { id: ID, variables: { title: 'Sale', updatedAt: LOADED_AT } },
    method: 'PUT',
    url: `/api/banners/${ID}`,
    body: { title: 'Sale', updatedAt: LOADED_AT },
    response: { body: record({ title: 'Sale' }) },
    data: record({ title: 'Sale', id: ID }),
  },
  {
    // The contract has no coupon detail call: the record is found in the whole list.
    resource: 'coupons',
    verb: 'getOne',
    method: 'GET',
    url: '/api/coupon/allcoupons',
    response: { body: { coupons: [record({ _id: 'f'.repeat(24), code: 'OTHER' }), record({ code: 'SAVE10' })] } },
    data: record({ code: 'SAVE10', id: ID }),
  },
  ...Object.entries({
    products: `/api/product/delete-product/${ID}`,
    coupons: `/api/coupon/coupon/${ID}`,
    blogs: `/api/blog/blogs/${ID}`,
    banners: `/api/banners/${ID}`,
  }).map(([resource, url]): VerbCase => ({
    resource,
    verb: 'deleteOne',
    params: { id: ID },
    method: 'DELETE',
    url,
    response: { body: { success: true, message: 'Deleted' } },
    data: { id: ID },
  })),
];

/** The store API's resources, whose every verb the contract above pins. */
const SPEC_RESOURCES = [
  'products',
  'orders',
  'users',
  'coupons',
  'blogs',
  'banners',
  'dashboardKpis',
  'monthlySales',
  'salesByCategory',
];

function call(verb: Verb, resource: string, params: Record<string, unknown> = {}) {
  const method = dataProvider[verb] as unknown as (
    p: Record<string, unknown>,
  ) => Promise<{ data: unknown; total?: number } & BaseRecord>;
  return method({ resource, id: ID, meta: metaOf(resource), ...params });
}

async function expectCall(c: VerbCase) {
  const calls = stubFetch(c.response);
  const result = await call(c.verb, c.resource, c.params);

  expect(calls).toHaveLength(1);
  const [sent] = calls;
  expect(sent!.method).toBe(c.method);
  expect(sent!.url).toBe(c.url);
  expect(sent!.headers.get('Authorization')).toBe(`Bearer ${TOKEN}`);
  expect(sent!.body).toEqual(c.body);
  expect(result.data).toEqual(c.data);
  if (c.total !== undefined) expect(result.total).toBe(c.total);
  return result;
}

describe('data provider: the pinned store API contract', () => {
  it.each(CONTRACT.map((c) => [`${c.resource}.${c.verb}`, c] as const))('%s', async (_name, c) => {
    await expectCall(c);
  });

  it('pins every verb the table declares for the spec resources', () => {
    const declared = SPEC_RESOURCES.flatMap((resource) =>
      VERBS.filter((verb) => ENDPOINTS[resource]?.[verb]).map((verb) => `${resource}.${verb}`),
    );
    const pinned = new Set(CONTRACT.map((c) => `${c.resource}.${c.verb}`));
    expect(declared.filter((name) => !pinned.has(name))).toEqual([]);
    for (const resource of SPEC_RESOURCES) expect(ENDPOINTS[resource]?.getList, resource).toBeDefined();
  });

  it('hands the product counts through with the page', async () => {
    const counts = { total: 42, active: 30, lowStock: 4, outOfStock: 2 };
    stubFetch({ body: { success: true, products: [], total: 42, counts } });
    const result = await call('getList', 'products', { pagination: page1 });
    expect(result.counts).toEqual(counts);
  });

  it('sends no bearer header when no one is signed in', async () => {
    localStorage.clear();
    const calls = stubFetch({ body: [] });
    await call('getList', 'banners', { pagination: page1 });
    expect(calls[0]!.headers.has('Authorization')).toBe(false);
  });
});

/*
 * Cases derived from the ENDPOINTS table itself, so every entry and verb (a new resource's included)
 * goes through the provider: the method and path it names, ':id' filled in, the result read from
 * `pick` (or the body itself), `extras` handed through, list parameters as `listParams` allows.
 */
const DECLARED = Object.entries(ENDPOINTS).flatMap(([resource, endpoints]) =>
  VERBS.filter((verb) => endpoints[verb] !== undefined).map((verb) => ({ resource, verb, endpoint: endpoints[verb]! })),
);
const LISTS = Object.entries(ENDPOINTS).flatMap(([resource, { getList }]) =>
  getList ? [{ resource, endpoint: getList }] : [],
);

const extraValue = (key: string) => `the response's ${key}`;
const extrasOf = (endpoint: Endpoint) =>
  Object.fromEntries((endpoint.extras ?? []).map((key) => [key, extraValue(key)]));
/** A response in the endpoint's shape: the result under `pick` beside the extras, or the body itself. */
function bodyFor(endpoint: Endpoint, result: unknown): unknown {
  if (endpoint.pick) return { [endpoint.pick]: result, ...extrasOf(endpoint) };
  return Array.isArray(result) ? result : { ...(result as object), ...extrasOf(endpoint) };
}
/** The record as the provider hands it on: with `id`, and with the extras when the body is the record. */
const recordOut = (endpoint: Endpoint, sent: object) => ({
  ...sent,
  ...(endpoint.pick ? {} : extrasOf(endpoint)),
  id: ID,
});
const withParams = (path: string, params: string) => (params ? `${path}?${params}` : path);

function derivedCase(resource: string, verb: Verb, endpoint: Endpoint): VerbCase {
  const path = endpoint.path.replace(':id', ID);
  const base = { resource, verb, method: endpoint.method };
  switch (verb) {
    case 'getList': {
      const paged = ENDPOINTS[resource]!.getList!.listParams !== false;
      return {
        ...base,
        params: { pagination: page1 },
        // A list that takes parameters is paged by the server (the X-Total-Count header gives the total);
        // one that takes none is never paged and counts its rows.
        url: withParams(path, paged ? '_start=0&_end=10' : ''),
        response: { body: bodyFor(endpoint, [record()]), headers: paged ? { 'X-Total-Count': '15' } : {} },
        data: [record({ id: ID })],
        total: paged ? 15 : 1,
      };
    }
    case 'getOne':
      return {
        ...base,
        url: path,
        response: { body: bodyFor(endpoint, record()) },
        data: recordOut(endpoint, record()),
      };
    case 'create':
      return {
        ...base,
        // The `id` is the provider's own (a copy of `_id`): it never goes to the server.
        params: { variables: { id: 'ours', name: 'Tiger Tee' } },
        url: path,
        body: { name: 'Tiger Tee' },
        response: { status: 201, body: bodyFor(endpoint, record()) },
        data: recordOut(endpoint, record()),
      };
    case 'update':
      return {
        ...base,
        params: { id: ID, variables: { id: ID, _id: ID, name: 'New name', updatedAt: LOADED_AT } },
        url: path,
        body: { _id: ID, name: 'New name', updatedAt: LOADED_AT },
        response: { body: bodyFor(endpoint, record({ name: 'New name', updatedAt: LOADED_AT })) },
        data: recordOut(endpoint, record({ name: 'New name', updatedAt: LOADED_AT })),
      };
    case 'deleteOne':
      return { ...base, params: { id: ID }, url: path, response: { body: bodyFor(endpoint, {}) }, data: { id: ID } };
  }
}

describe('data provider: every ENDPOINTS entry and verb', () => {
  it.each(DECLARED.map(({ resource, verb, endpoint }) => [`${resource}.${verb}`, resource, verb, endpoint] as const))(
    '%s follows its table entry',
    async (_name, resource, verb, endpoint) => {
      const c = derivedCase(resource, verb, endpoint);
      const result = await expectCall(c);
      // Beside a list or a picked record, the extras are the caller's; a record body carries them in itself.
      const handedOn = endpoint.pick || verb === 'deleteOne' ? extrasOf(endpoint) : {};
      for (const [key, value] of Object.entries(handedOn)) expect(result[key], key).toBe(value);
    },
  );

  it.each(
    Object.keys(ENDPOINTS)
      .flatMap((resource) => VERBS.map((verb) => [`${resource}.${verb}`, resource, verb] as const))
      .filter(
        ([, resource, verb]) => !ENDPOINTS[resource]![verb] && !(verb === 'getOne' && ENDPOINTS[resource]!.getList),
      ),
  )('%s is not in the table: refused with a 405, without a call', async (_name, resource, verb) => {
    const calls = stubFetch({ body: {} });
    await expect(call(verb, resource, { variables: {} })).rejects.toMatchObject({ statusCode: 405 });
    expect(calls).toHaveLength(0);
  });

  it.each(VERBS)('refuses %s for a resource the table does not have, without a call', async (verb) => {
    const calls = stubFetch({ body: {} });
    await expect(call(verb, 'noSuchResource', { variables: {}, pagination: page1 })).rejects.toMatchObject({
      statusCode: 405,
    });
    expect(calls).toHaveLength(0);
  });
});

describe('data provider: getOne for a resource with a list but no getOne endpoint', () => {
  const listOnly = LISTS.filter(({ resource }) => !ENDPOINTS[resource]!.getOne);
  const OTHER = 'f'.repeat(24);

  it('applies to the coupons, which the contract reads only as the whole list', () => {
    expect(listOnly.map(({ resource }) => resource)).toContain('coupons');
  });

  it.each(listOnly.map(({ resource, endpoint }) => [resource, endpoint] as const))(
    '%s: finds the record in the whole, unpaged list',
    async (resource, endpoint) => {
      const rows = [record({ _id: OTHER, name: 'Other' }), record()];
      const calls = stubFetch({ body: bodyFor(endpoint, rows), headers: { 'X-Total-Count': '2' } });
      const result = await call('getOne', resource);
      expect(calls).toHaveLength(1);
      expect(calls[0]!.method).toBe(endpoint.method);
      expect(calls[0]!.url).toBe(endpoint.path);
      expect(calls[0]!.headers.get('Authorization')).toBe(`Bearer ${TOKEN}`);
      expect(result.data).toEqual(record({ id: ID }));
    },
  );

  it.each(listOnly.map(({ resource, endpoint }) => [resource, endpoint] as const))(
    '%s: answers 404 when the list does not hold the id',
    async (resource, endpoint) => {
      stubFetch({ body: bodyFor(endpoint, [record({ _id: OTHER })]) });
      await expect(call('getOne', resource)).rejects.toMatchObject({
        statusCode: 404,
        message: `No ${resource} record ${ID}`,
      });
    },
  );

  it('carries a failed list read as the getOne error', async () => {
    stubFetch({ status: 500, body: { message: 'Failed to fetch coupons' } });
    await expect(call('getOne', 'coupons')).rejects.toMatchObject({
      statusCode: 500,
      message: 'Failed to fetch coupons',
    });
  });
});

describe('data provider: list parameters as each list endpoint declares them', () => {
  const withFields = LISTS.flatMap(({ resource, endpoint }) =>
    endpoint.listParams ? [{ resource, endpoint, fields: endpoint.listParams }] : [],
  );
  const unparameterised = LISTS.filter(({ endpoint }) => endpoint.listParams === false);
  const page = '_start=0&_end=10';

  it.each(
    withFields.flatMap(({ resource, endpoint, fields }) =>
      fields.sort.map((field) => [`${resource} by ${field}`, resource, endpoint, field] as const),
    ),
  )('sorts %s on the server', async (_name, resource, endpoint, field) => {
    const calls = stubFetch({ body: bodyFor(endpoint, []), headers: { 'X-Total-Count': '0' } });
    await call('getList', resource, { pagination: page1, sorters: [{ field, order: 'desc' }] });
    expect(calls[0]!.url).toBe(`${endpoint.path}?${page}&_sort=${field}&_order=desc`);
  });

  it.each(
    withFields.flatMap(({ resource, endpoint, fields }) =>
      fields.filter.map((field) => [`${resource} by ${field}`, resource, endpoint, field] as const),
    ),
  )('filters %s on the server', async (_name, resource, endpoint, field) => {
    const calls = stubFetch({ body: bodyFor(endpoint, []), headers: { 'X-Total-Count': '0' } });
    await call('getList', resource, { pagination: page1, filters: [{ field, operator: 'eq', value: 'x' }] });
    expect(calls[0]!.url).toBe(`${endpoint.path}?${page}&${field}=x`);
  });

  it.each(withFields.map(({ resource, endpoint }) => [resource, endpoint] as const))(
    '%s: searches on the server, and does a field it does not take in the browser',
    async (resource, endpoint) => {
      const calls = stubFetch({ body: bodyFor(endpoint, []), headers: { 'X-Total-Count': '0' } });
      await call('getList', resource, {
        pagination: page1,
        filters: [{ field: 'q', operator: 'contains', value: 'tee' }],
      });
      await call('getList', resource, {
        pagination: page1,
        filters: [{ field: 'notAListField', operator: 'eq', value: 'x' }],
      });
      expect(calls.map((sent) => sent.url)).toEqual([`${endpoint.path}?${page}&q=tee`, endpoint.path]);
    },
  );

  it.each(unparameterised.map(({ resource, endpoint }) => [resource, endpoint] as const))(
    '%s takes no parameters and is never paged',
    async (resource, endpoint) => {
      const rows = Array.from({ length: 12 }, (_, i) => ({ name: `M${i}`, sales: i }));
      const calls = stubFetch({ body: bodyFor(endpoint, rows) });
      const result = await call('getList', resource, {
        pagination: page1,
        sorters: [{ field: 'sales', order: 'desc' }],
      });
      expect(calls[0]!.url).toBe(endpoint.path);
      expect(result.data).toHaveLength(12);
      expect(result.total).toBe(12);
    },
  );
});

describe('data provider errors become Refine HttpErrors', () => {
  it('carries the server message and status', async () => {
    stubFetch({ status: 404, body: { message: 'Product not found' } });
    await expect(call('getOne', 'products')).rejects.toMatchObject({ message: 'Product not found', statusCode: 404 });
  });

  it('lets an edit form tell a stale-edit refusal (409) from other conflicts such as a duplicate coupon code', async () => {
    stubFetch({ status: 409, body: { message: staleEditMessage('coupon') } });
    const stale = await call('update', 'coupons', { variables: { code: 'SUMMER', updatedAt: LOADED_AT } }).catch(
      (error: unknown) => error,
    );
    expect(staleEditMessageOf(stale)).toBe(staleEditMessage('coupon'));

    stubFetch({ status: 409, body: { message: 'A coupon with this code already exists' } });
    const duplicate = await call('update', 'coupons', { variables: { code: 'SUMMER', updatedAt: LOADED_AT } }).catch(
      (error: unknown) => error,
    );
    expect(duplicate).toMatchObject({ statusCode: 409, message: 'A coupon with this code already exists' });
    expect(staleEditMessageOf(duplicate)).toBeUndefined();
  });

  it('names the field a refusal names, for the form to mark it: a 400 by its message, a 409 by its answer', async () => {
    stubFetch({ status: 400, body: { message: 'orderItems.0.size: Tiger Tee / Black has no size S' } });
    await expect(call('create', 'orders', { variables: {} })).rejects.toMatchObject({
      statusCode: 400,
      errors: { 'orderItems.0.size': 'Tiger Tee / Black has no size S' },
    });
    const short = { message: 'Only 2 left of Tiger Tee / Black / M', sku: 'TIGER-TEE-BLACK-M', available: 2 };
    stubFetch({ status: 409, body: { ...short, field: 'orderItems.1.qty' } });
    await expect(call('create', 'orders', { variables: {} })).rejects.toMatchObject({
      statusCode: 409,
      errors: { 'orderItems.1.qty': short.message },
    });
    stubFetch({ status: 409, body: short });
    expect(await call('create', 'orders', { variables: {} }).catch((error: { errors?: unknown }) => error.errors)).toBe(
      undefined,
    );
  });

  it('names the status when the server sends no message', async () => {
    stubFetch({ status: 502, body: 'Bad gateway' });
    await expect(call('getList', 'orders', { pagination: page1 })).rejects.toMatchObject({
      message: 'Request failed with status 502',
      statusCode: 502,
    });
  });

  it('reports an unreachable server', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await expect(call('getList', 'orders', { pagination: page1 })).rejects.toMatchObject({ statusCode: 0 });
  });

  it('refuses a verb the store API does not have, without calling it', async () => {
    const calls = stubFetch({ body: {} });
    await expect(call('deleteOne', 'orders')).rejects.toMatchObject({ statusCode: 405 });
    await expect(call('create', 'users', { variables: {} })).rejects.toMatchObject({ statusCode: 405 });
    expect(calls).toHaveLength(0);
  });

  it('treats any 2xx as success', async () => {
    stubFetch({ status: 204 });
    await expect(call('deleteOne', 'banners')).resolves.toEqual({ data: { id: ID } });
  });
});

describe('data provider against a server that ignores the list parameters', () => {
  const products = Array.from({ length: 25 }, (_, i) => ({
    _id: String(i).padStart(24, '0'),
    name: `Tee ${String(i).padStart(2, '0')}`,
    status: i % 2 === 0 ? 'active' : 'inactive',
    categories: i % 5 === 0 ? ['Oversized', 'Men T-Shirts'] : ['Regular fit'],
    totalStock: 100 - i,
  }));
  const list = (params: { pagination?: Pagination; sorters?: CrudSort[]; filters?: CrudFilter[] }) =>
    (dataProvider.getList as DataProvider['getList'])({ resource: 'products', meta: metaOf('products'), ...params });

  it('pages, sorts and filters in the browser and counts the total', async () => {
    stubFetch({ body: { success: true, products } });
    const result = await list({
      pagination: { currentPage: 2, pageSize: 5, mode: 'server' },
      sorters: [{ field: 'totalStock', order: 'asc' }],
      filters: [{ field: 'status', operator: 'eq', value: 'active' }],
    });
    // 13 active products (even i), stock ascending = i descending: 24, 22, ... ; page 2 holds i = 14..6.
    expect(result.total).toBe(13);
    expect(result.data.map((p) => p.name)).toEqual(['Tee 14', 'Tee 12', 'Tee 10', 'Tee 08', 'Tee 06']);
    expect(result.data.every((p) => p.id === p._id)).toBe(true);
  });

  it('filters a category through the products categories list', async () => {
    stubFetch({ body: { success: true, products } });
    const result = await list({
      pagination: { currentPage: 1, pageSize: 10, mode: 'server' },
      filters: [{ field: 'category', operator: 'eq', value: 'Oversized' }],
    });
    expect(result.data.map((p) => p.name)).toEqual(['Tee 00', 'Tee 05', 'Tee 10', 'Tee 15', 'Tee 20']);
    expect(result.total).toBe(5);
  });

  it('searches order text one level deep and filters payment status from paymentResult', async () => {
    const orders = [
      {
        _id: 'a'.repeat(24),
        user: { fullname: 'Asha Rao', email: 'asha@example.com' },
        paymentResult: { status: 'paid' },
      },
      {
        _id: 'b'.repeat(24),
        user: { fullname: 'Ravi Kumar', email: 'ravi@example.com' },
        paymentResult: { status: 'paid' },
      },
      {
        _id: 'c'.repeat(24),
        user: { fullname: 'Asha Iyer', email: 'iyer@example.com' },
        paymentResult: { status: 'pending' },
      },
    ];
    stubFetch({ body: { orders } });
    const result = await (dataProvider.getList as DataProvider['getList'])({
      resource: 'orders',
      meta: metaOf('orders'),
      pagination: { currentPage: 1, pageSize: 10, mode: 'server' },
      filters: [
        { field: 'q', operator: 'contains', value: 'ASHA' },
        { field: 'paymentStatus', operator: 'eq', value: 'paid' },
      ],
    });
    expect(result.data.map((o) => o.user.fullname)).toEqual(['Asha Rao']);
  });

  it('sends nothing the server cannot do in full, and does it all in the browser', async () => {
    const calls = stubFetch({ body: { success: true, products } });
    const result = await list({
      pagination: { currentPage: 1, pageSize: 3, mode: 'server' },
      filters: [{ field: 'name', operator: 'contains', value: 'tee 1' }],
    });
    expect(calls[0]!.url).toBe('/api/product/get-all-products');
    expect(result.total).toBe(10);
    expect(result.data.map((p) => p.name)).toEqual(['Tee 10', 'Tee 11', 'Tee 12']);
  });

  it('ignores cleared filters and returns everything when paging is off', async () => {
    const calls = stubFetch({ body: { success: true, products } });
    const result = await list({
      pagination: { mode: 'off' },
      filters: [{ field: 'status', operator: 'eq', value: '' }],
    });
    expect(calls[0]!.url).toBe('/api/product/get-all-products');
    expect(result.data).toHaveLength(25);
    expect(result.total).toBe(25);
  });
});
