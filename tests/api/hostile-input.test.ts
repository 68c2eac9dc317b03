import fc from 'fast-check';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DISCOUNT_TYPES,
  LIST_PARAM_KEYS,
  customersContract,
  ordersContract,
  productsContract,
  ORDER_STATUSES,
  PRODUCT_STATUSES,
} from '../../src/domain';
import type { z } from 'zod';
import { DEFAULT_ADMIN } from '../../src/server/config';
import {
  isWritable,
  type ResourceRoute,
  type ServerResource,
  type WritableResource,
} from '../../src/server/resource-routes';
import { serverResources } from '../../src/server/resources';
import { UNKNOWN_ID, startApp, type TestApp } from './helpers';

/**
 * Property-based hostile input against every write and read route: generated bodies, ids and query
 * strings of the wrong types, with missing and extra fields, huge strings and arrays, deep nesting,
 * prototype keys, SQL and HTML metacharacters, invalid unicode, malformed JSON and wrong content types.
 * Every answer must be a 4xx with a message or a success, never a 5xx and never a hang; a rejected
 * write must change nothing. On a failure fast-check prints the seed and the smallest failing input.
 */

/** A full answer must come back within this; a hang fails the case instead of the whole run timing out. */
const ANSWER_WITHIN_MS = 5_000;
const RUNS = Number(process.env.HOSTILE_RUNS ?? 60);

let t: TestApp;
let cases = 0;

// ---------------------------------------------------------------- generators

const NASTY_TEXT = [
  "' OR '1'='1",
  "'; DROP TABLE products; --",
  'Robert"); DELETE FROM coupons; --',
  '1; SELECT pg_sleep(10)',
  '%_\\',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '"><svg onload=alert(1)>',
  'javascript:alert(1)',
  '{{7*7}}${7*7}',
  '../../../../etc/passwd',
  '%00%2e%2e%2f',
  'a\u0000b',
  '\u0000',
  '\ud800',
  'x\udfffy',
  '\uffff\ufffe',
  '\u202egnp.exe',
  '🧨💥👩🏽‍💻',
  '%s%s%s%n',
  '\r\n\r\nHTTP/1.1 200 OK',
  ' ',
  '',
  'null',
  'NaN',
  '-1',
  '1e309',
  '__proto__',
  'constructor',
  'toString',
];

const hostileText = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...NASTY_TEXT) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }) },
  { weight: 2, arbitrary: fc.string({ maxLength: 30 }) },
  { weight: 1, arbitrary: fc.constantFrom(201, 1_001, 20_000).map((n) => 'x'.repeat(n)) },
);

const hostileNumber = fc.oneof(
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom(-1, -0, 0.5, 2 ** 53 + 1, 1e21, Number.MAX_VALUE, -Number.MAX_VALUE, 8.64e15, -8.64e15),
);

const hostileKey = fc.oneof(
  fc.constantFrom(
    '__proto__',
    'constructor',
    'prototype',
    '_id',
    'id',
    'role',
    'isAdmin',
    'passwordHash',
    '$where',
    '$gt',
    'createdAt',
    'version',
  ),
  fc.string({ maxLength: 12 }),
);

const { hostileValue } = fc.letrec((tie) => ({
  hostileValue: fc.oneof(
    { depthSize: 'small', maxDepth: 4 },
    hostileText,
    hostileNumber,
    fc.boolean(),
    fc.constant(null),
    tie('hostileArray'),
    tie('hostileObject'),
  ),
  hostileArray: fc.array(tie('hostileValue'), { maxLength: 6 }),
  hostileObject: fc.dictionary(hostileKey, tie('hostileValue'), { maxKeys: 5 }),
}));

type Body = Record<string, unknown>;
type Mutation =
  | { kind: 'delete'; field: string }
  | { kind: 'set'; field: string; value: unknown }
  | { kind: 'add'; key: string; value: unknown };

/** Small changes to a valid body: a field dropped, a field replaced by anything, an extra field. */
const mutation = (fields: readonly string[]): fc.Arbitrary<Mutation> =>
  fc.oneof(
    fc.record({ kind: fc.constant('delete' as const), field: fc.constantFrom(...fields) }),
    fc.record({ kind: fc.constant('set' as const), field: fc.constantFrom(...fields), value: hostileValue }),
    fc.record({ kind: fc.constant('add' as const), key: hostileKey, value: hostileValue }),
  );

function applyMutations(base: Body, mutations: Mutation[]): Body {
  // defineProperty, so a generated "__proto__" key is sent as a key and not swallowed by the prototype setter.
  const body: Body = structuredClone(base);
  for (const m of mutations) {
    if (m.kind === 'delete') delete body[m.field];
    else
      Object.defineProperty(body, m.kind === 'set' ? m.field : m.key, {
        value: m.value,
        enumerable: true,
        configurable: true,
        writable: true,
      });
  }
  return body;
}

interface RequiredField {
  field: string;
  /** Values this field must refuse. */
  invalid: fc.Arbitrary<unknown>;
}

const notAString = fc.oneof(
  hostileNumber,
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string(), { maxLength: 2 }),
  fc.dictionary(fc.string(), fc.string(), { maxKeys: 2 }),
);
const requiredText = (field: string, max: number): RequiredField => ({
  field,
  invalid: fc.oneof(
    fc.constant(undefined),
    notAString,
    fc.constantFrom('', '   ', '\t\n'),
    fc.constant('x'.repeat(max + 1)),
  ),
});
const oneOf = (field: string, allowed: readonly string[]): RequiredField => ({
  field,
  invalid: fc.oneof(
    fc.constant(undefined),
    notAString,
    hostileText.filter((s) => !allowed.includes(s)),
  ),
});
/** A bulk action's selection: 1 to 500 distinct ids. */
const idList: RequiredField = {
  field: 'ids',
  invalid: fc.oneof(
    fc.constant(undefined),
    notAString,
    fc.constant([]),
    fc.array(hostileText, { minLength: 1, maxLength: 3 }),
    fc.constant([UNKNOWN_ID, UNKNOWN_ID]),
    fc.constant(Array(501).fill(UNKNOWN_ID)),
  ),
};
const imageField = (field: string): RequiredField => ({
  field,
  invalid: fc.oneof(
    fc.constant(undefined),
    notAString,
    fc.constantFrom(
      '',
      'javascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      '<img src=x onerror=alert(1)>',
      'ftp://x/y.png',
    ),
  ),
});

// ---------------------------------------------------------------- the routes

interface WriteRoute {
  name: string;
  method: 'POST' | 'PUT';
  url: () => string;
  /** A body the route accepts. */
  valid: () => Body;
  fields: readonly string[];
  required: RequiredField[];
  /** What a rejected call must leave unchanged (the one record it targets, or the size of its list). */
  state: () => Promise<string>;
}

/** Ids of the records the update routes target: a product, an order, and one per declared resource (by its name). */
const ids: Record<string, string> = {};
const originals: Record<string, Body> = {};

const get = (url: string) => t.call('GET', url, { token: t.adminToken });
const listTotal = (url: string) => async () => String((await get(`${url}?_start=0&_end=1`)).headers['x-total-count']);
const record = (url: () => string) => async () => (await get(url())).body;
/** The record (or the list's array) in an answer: under the route's key, or the body itself. */
const picked = (route: ResourceRoute, body: any) => (route.key === undefined ? body : body[route.key]);

/**
 * What the declared resources' fields must refuse, by resource name: the store's own rules, pinned
 * here so a schema that loosened would fail. Every resource, listed here or not, also gets a rule for
 * each field its schema requires (below), so a new resource is covered without an entry.
 */
const RESOURCE_RULES: Record<string, RequiredField[]> = {
  coupons: [
    requiredText('code', 40),
    oneOf('discountType', DISCOUNT_TYPES),
    {
      field: 'discountValue',
      invalid: fc.oneof(
        fc.constant(undefined),
        hostileText,
        fc.constant(null),
        fc.integer({ max: -1 }),
        fc.constant(10_000_001),
      ),
    },
  ],
  blogs: [
    requiredText('title', 300),
    requiredText('author', 120),
    requiredText('shortDescription', 1000),
    requiredText('content', 200_000),
    imageField('featuredImage'),
  ],
  banners: [
    requiredText('name', 120),
    requiredText('title', 200),
    imageField('image'),
    {
      field: 'link',
      invalid: fc.constantFrom(
        'javascript:alert(1)',
        'JaVaScRiPt:alert(1)',
        ' javascript:alert(1)',
        'data:text/html,x',
        'vbscript:x',
        '//evil.example/x y',
      ),
    },
  ],
};

/** The fields of a resource's input schema (an object schema, possibly refined). */
const schemaShape = (resource: ServerResource, verb: 'create' | 'update' = 'create'): Record<string, z.ZodType> => {
  const schema = resource.contract.schema?.[verb] ?? resource.input;
  return 'shape' in schema ? (schema as unknown as { shape: Record<string, z.ZodType> }).shape : {};
};

/** Whether a field's schema refuses a value; one that throws on it refuses it too (the server must still answer a 4xx). */
function refuses(schema: z.ZodType, value: unknown): boolean {
  try {
    return !schema.safeParse(value).success;
  } catch {
    return true;
  }
}

/** A rule for each field the schema requires: missing, of another type or hostile, whatever the schema itself refuses. */
function schemaRules(resource: ServerResource, verb: 'create' | 'update' = 'create'): RequiredField[] {
  return Object.entries(schemaShape(resource, verb))
    .filter(([, schema]) => refuses(schema, undefined))
    .map(([field, schema]) => ({
      field,
      invalid: fc
        .oneof(fc.constant(undefined), notAString, hostileText, hostileValue)
        .filter((value) => value === undefined || refuses(schema, value)),
    }));
}

/** The create and update routes of a declared resource, driven from its example body and the record it updates. */
function resourceWriteRoutes(resource: WritableResource): WriteRoute[] {
  const { list, get: read, create, update } = resource.routes;
  const required = [...(RESOURCE_RULES[resource.name] ?? []), ...schemaRules(resource)];
  // An update's body is checked against the update's schema (a staff member's email and password are given once).
  const updated = new Set(Object.keys(schemaShape(resource, 'update')));
  const requiredInUpdate = [...(RESOURCE_RULES[resource.name] ?? []), ...schemaRules(resource, 'update')].filter(
    (rule) => updated.has(rule.field),
  );
  const target = () => ids[resource.name]!;
  return [
    {
      name: `${create.method} ${create.url}`,
      method: 'POST',
      url: () => create.url,
      valid: () => resource.example,
      fields: [...new Set([...Object.keys(schemaShape(resource)), ...Object.keys(resource.example)])],
      required,
      state: listTotal(list.url),
    },
    {
      name: `${update.method} ${update.url}`,
      method: 'PUT',
      url: () => update.url.replace(':id', target()),
      valid: () => originals[resource.name]!,
      fields: Object.keys(originals[resource.name] ?? resource.example),
      required: requiredInUpdate,
      // Without a single-record read (coupons), the record as its list answers it.
      state: read
        ? record(() => read.url.replace(':id', target()))
        : async () =>
            JSON.stringify((picked(list, (await get(list.url)).json()) as Body[]).find((row) => row._id === target())),
    },
  ];
}

const WRITE_ROUTES: WriteRoute[] = [
  {
    name: 'POST /api/product/add-product',
    method: 'POST',
    url: () => '/api/product/add-product',
    valid: () => ({
      name: 'Hostile tee',
      status: 'active',
      categories: ['Oversized'],
      variants: [{ color: 'Black', sizes: [{ size: 'M', price: 499, mrp: 999, countInStock: 5 }] }],
    }),
    fields: [
      'name',
      'status',
      'description',
      'categories',
      'collections',
      'image',
      'subImages',
      'variants',
      'isTrending',
      'story',
    ],
    required: [requiredText('name', 200), oneOf('status', PRODUCT_STATUSES)],
    state: listTotal('/api/product/get-all-products'),
  },
  {
    name: 'PUT /api/product/update-product/:id',
    method: 'PUT',
    url: () => `/api/product/update-product/${ids.product}`,
    valid: () => originals.product!,
    fields: [
      'name',
      'status',
      'description',
      'categories',
      'collections',
      'image',
      'subImages',
      'variants',
      'isTrending',
      'reviews',
    ],
    required: [requiredText('name', 200), oneOf('status', PRODUCT_STATUSES)],
    state: record(() => `/api/product/get-product-details/${ids.product}`),
  },
  ...serverResources.filter(isWritable).flatMap(resourceWriteRoutes),
  {
    name: 'PUT /api/order/update-status/:id',
    method: 'PUT',
    url: () => `/api/order/update-status/${ids.order}`,
    valid: () => ({ status: 'shipped' }),
    fields: ['status'],
    required: [oneOf('status', ORDER_STATUSES)],
    state: record(() => `/api/order/order/${ids.order}`),
  },
  {
    name: 'POST /api/order/bulk-status',
    method: 'POST',
    url: () => '/api/order/bulk-status',
    valid: () => ({ ids: [ids.order], status: 'shipped' }),
    fields: ['ids', 'status'],
    required: [idList, oneOf('status', ORDER_STATUSES)],
    state: record(() => `/api/order/order/${ids.order}`),
  },
  {
    name: 'POST /api/product/bulk-status',
    method: 'POST',
    url: () => '/api/product/bulk-status',
    valid: () => ({ ids: [ids.product], status: 'active' }),
    fields: ['ids', 'status'],
    required: [idList, oneOf('status', PRODUCT_STATUSES)],
    state: record(() => `/api/product/get-product-details/${ids.product}`),
  },
  {
    name: 'POST /api/coupon/bulk-status',
    method: 'POST',
    url: () => '/api/coupon/bulk-status',
    valid: () => ({ ids: [ids.coupons], isActive: true }),
    fields: ['ids', 'isActive'],
    required: [
      idList,
      {
        field: 'isActive',
        invalid: fc.oneof(
          fc.constant(undefined),
          hostileNumber,
          hostileText,
          fc.constant(null),
          fc.array(fc.boolean(), { maxLength: 2 }),
        ),
      },
    ],
    state: async () => (await get('/api/coupon/allcoupons')).body,
  },
  // A selection no row has, so the valid body deletes nothing the other properties read.
  ...['/api/product/bulk-delete', '/api/coupon/bulk-delete'].map((url): WriteRoute => ({
    name: `POST ${url}`,
    method: 'POST',
    url: () => url,
    valid: () => ({ ids: [UNKNOWN_ID] }),
    fields: ['ids'],
    required: [idList],
    state: async () =>
      `${await listTotal('/api/product/get-all-products')()} ${await listTotal('/api/coupon/allcoupons')()}`,
  })),
  {
    name: 'POST /api/auth/login',
    method: 'POST',
    url: () => '/api/auth/login',
    valid: () => ({ email: DEFAULT_ADMIN.email, password: 'not-the-password' }),
    fields: ['email', 'password'],
    required: [
      {
        field: 'email',
        invalid: fc.oneof(
          fc.constant(undefined),
          notAString,
          hostileText.filter((s) => !s.includes('@')),
        ),
      },
      requiredText('password', 200),
    ],
    state: listTotal('/api/auth/users'),
  },
];

/** How a generated body goes over the wire: as JSON, or as one of the ways a client gets it wrong. */
type Payload = { contentType?: string; payload: string | Buffer };

const wrongContentType = fc.constantFrom(
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=xyz',
  'application/xml',
  'application/json; charset=utf-16',
  'application/octet-stream',
  'application/json, text/plain',
);

/** Bodies that are refused whatever the route: not JSON, not an object, or not sent as JSON. */
const brokenPayload: fc.Arbitrary<Payload> = fc.oneof(
  fc
    .string({ maxLength: 40 })
    .filter((s) => !isJsonObject(s))
    .map((payload) => ({ contentType: 'application/json', payload })),
  fc
    .constantFrom(
      '{"a":',
      '{"a":1}}',
      "{'a':1}",
      '{"a":1,}',
      '[1,2',
      '{"a":NaN}',
      '{"a":undefined}',
      '\u0000{}',
      '{"__proto__":{"isAdmin":true}}',
      '{"constructor":{"prototype":{"isAdmin":true}}}',
      '{"a":1}garbage',
    )
    .map((payload) => ({ contentType: 'application/json', payload })),
  fc
    .integer({ min: 1, max: 50_000 })
    .map((depth) => ({ contentType: 'application/json', payload: '['.repeat(depth) + ']'.repeat(depth) })),
  fc
    .integer({ min: 1, max: 20_000 })
    .map((depth) => ({ contentType: 'application/json', payload: '{"a":'.repeat(depth) + '1' + '}'.repeat(depth) })),
  fc.constant({ contentType: 'application/json', payload: JSON.stringify({ blob: 'x'.repeat(1_100_000) }) }),
  fc.integer({ min: 0, max: 255 }).map((byte) => ({
    contentType: 'application/json',
    payload: Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, byte, 0x22, 0x7d]),
  })),
  fc
    .tuple(wrongContentType, hostileValue)
    .map(([contentType, value]) => ({ contentType, payload: JSON.stringify(value) ?? 'null' })),
  fc.constant({ payload: '{"a":1}' }),
);

function isJsonObject(text: string): boolean {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value);
  } catch {
    return false;
  }
}

/** Every UTF-8 byte percent-encoded; encodeURIComponent throws on a lone surrogate, which is one of the inputs. */
const percentEncode = (text: string) =>
  [...Buffer.from(text, 'utf8')].map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join('');

const asJson = (body: unknown): Payload => ({
  contentType: 'application/json',
  payload: JSON.stringify(body) ?? 'null',
});

// ---------------------------------------------------------------- sending and checking

async function send(options: InjectOptions): Promise<LightMyRequestResponse> {
  cases += 1;
  let timer: NodeJS.Timeout | undefined;
  const hang = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () =>
        reject(
          new Error(`no answer within ${ANSWER_WITHIN_MS} ms: ${options.method} ${String(options.url).slice(0, 120)}`),
        ),
      ANSWER_WITHIN_MS,
    );
  });
  try {
    return await Promise.race([t.app.inject(options), hang]);
  } finally {
    clearTimeout(timer);
  }
}

function sendBody(route: WriteRoute, { contentType, payload }: Payload) {
  return send({
    method: route.method,
    url: route.url(),
    headers: { authorization: `Bearer ${t.adminToken}`, ...(contentType ? { 'content-type': contentType } : {}) },
    payload,
  });
}

/** Never a 5xx; an error is JSON {message} with a non-empty message. */
function expectHandled(response: LightMyRequestResponse, what: string) {
  expect(response.statusCode, `${what} answered ${response.statusCode}: ${response.body.slice(0, 200)}`).toBeLessThan(
    500,
  );
  if (response.statusCode >= 400) {
    const body = response.json<{ message?: unknown }>();
    expect(typeof body.message === 'string' && body.message.length > 0, `${what}: ${response.body.slice(0, 200)}`).toBe(
      true,
    );
  }
}

/** Everything an admin can see, to prove a batch of rejected writes changed no row anywhere. */
async function storeSnapshot(): Promise<string[]> {
  const urls = [
    '/api/product/get-all-products',
    ...serverResources.map((r) => r.routes.list.url),
    '/api/order/all-orders',
    '/api/auth/users',
  ];
  // One after another: whole lists are heavy requests, two at a time per account.
  const bodies: string[] = [];
  for (const url of urls) bodies.push((await get(url)).body);
  return bodies;
}

beforeAll(async () => {
  t = await startApp();
  const first = async (url: string, pick: (body: any) => { _id: string }[]) => pick((await get(url)).json())[0]!;
  const product = await first('/api/product/get-all-products', (b) => b.products);
  const order = await first('/api/order/all-orders?_start=0&_end=1', (b) => b.orders);
  Object.assign(ids, { product: product._id, order: order._id });
  originals.product = (await get(`/api/product/get-product-details/${ids.product}`)).json().product;
  // Each declared resource's first record, as its single-record read answers it (or its list, without one).
  for (const resource of serverResources) {
    const { list, get: read } = resource.routes;
    const row = await first(list.url, (b) => picked(list, b));
    ids[resource.name] = row._id;
    originals[resource.name] = read ? picked(read, (await get(read.url.replace(':id', row._id))).json()) : row;
  }
});
afterAll(() => t.close());

// ---------------------------------------------------------------- the properties

describe.each(WRITE_ROUTES)('$name', (route) => {
  it('refuses bodies that break a rule with a 4xx and a message, changing nothing', async () => {
    const before = await storeSnapshot();
    const invalidBody = fc.oneof(
      {
        weight: 3,
        arbitrary: fc
          .tuple(
            fc.array(mutation(route.fields), { maxLength: 3 }),
            fc.constantFrom(...route.required).chain((r) => r.invalid.map((value) => ({ field: r.field, value }))),
          )
          .map(([mutations, { field, value }]) =>
            asJson(
              applyMutations(route.valid(), [
                ...mutations,
                value === undefined ? { kind: 'delete', field } : { kind: 'set', field, value },
              ]),
            ),
          ),
      },
      { weight: 2, arbitrary: brokenPayload },
    );
    const state = await route.state();
    await fc.assert(
      fc.asyncProperty(invalidBody, async (payload) => {
        const response = await sendBody(route, payload);
        expectHandled(response, route.name);
        expect(response.statusCode, response.body.slice(0, 200)).toBeGreaterThanOrEqual(400);
        expect(await route.state()).toBe(state);
      }),
      { numRuns: RUNS },
    );
    expect(await storeSnapshot()).toEqual(before);
  });

  it('answers anything else without a 5xx, and a refused write still changes nothing', async () => {
    const anyBody = fc.oneof(
      {
        weight: 3,
        arbitrary: fc
          .array(mutation(route.fields), { minLength: 1, maxLength: 4 })
          .map((mutations) => asJson(applyMutations(route.valid(), mutations))),
      },
      { weight: 1, arbitrary: hostileValue.map(asJson) },
      { weight: 1, arbitrary: brokenPayload },
    );
    // What the target looks like now; only an accepted write may change it.
    let known = await route.state();
    await fc.assert(
      fc.asyncProperty(anyBody, async (payload) => {
        const response = await sendBody(route, payload);
        expectHandled(response, route.name);
        const after = await route.state();
        if (response.statusCode >= 400) expect(after).toBe(known);
        known = after;
      }),
      { numRuns: RUNS },
    );
  });
});

describe('ids in the path', () => {
  const ID_ROUTES: [InjectOptions['method'], string, Body?][] = [
    ['GET', '/api/product/get-product-details/:id'],
    ['PUT', '/api/product/update-product/:id', { name: 'x', status: 'active' }],
    ['DELETE', '/api/product/delete-product/:id'],
    ['GET', '/api/order/order/:id'],
    ['PUT', '/api/order/update-status/:id', { status: 'shipped' }],
    ...serverResources.flatMap((resource) =>
      Object.values(resource.routes)
        .filter((route) => route.url.includes(':id'))
        .map((route): [InjectOptions['method'], string, Body?] => [
          route.method,
          route.url,
          route.method === 'PUT' ? resource.example : undefined,
        ]),
    ),
  ];
  const hostileId = fc.oneof(
    hostileText.filter((text) => text !== '.' && text !== '..').map(percentEncode),
    // Not '..' or '%2e%2e': URL parsing resolves those dot segments before the request is even sent.
    fc.constantFrom(
      '%',
      '%zz',
      '%E0%A4%A',
      '..%2F..%2Fetc%2Fpasswd',
      '0',
      '-1',
      '1e3',
      'null',
      'ffffffffffffffffffffffff',
      'FFFFFFFFFFFFFFFFFFFFFFFF',
      '000000000000000000000000',
      'fffffffffffffffffffffff',
      'fffffffffffffffffffffffff',
      "ffffffffffffffffffffffff' OR '1'='1",
    ),
    fc.stringMatching(/^[a-f0-9]{20,28}$/),
  );

  it('answer a 4xx with a message for ids that are malformed or unknown, and change nothing', async () => {
    const before = await storeSnapshot();
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...ID_ROUTES), hostileId, async ([method, pattern, body], id) => {
        // No id at all is another route: a regular resource's `/api/x/` is its list.
        fc.pre(id !== '');
        const response = await send({
          method,
          url: pattern.replace(':id', id),
          headers: { authorization: `Bearer ${t.adminToken}` },
          ...(body ? { payload: body } : {}),
        });
        expectHandled(response, `${method} ${pattern}`);
        expect(response.statusCode).toBeGreaterThanOrEqual(400);
      }),
      { numRuns: RUNS * 3 },
    );
    expect(await storeSnapshot()).toEqual(before);
  });
});

describe('list and dashboard queries', () => {
  const LISTS: [string, string | null][] = [
    ['/api/product/get-all-products', 'products'],
    ['/api/order/all-orders', 'orders'],
    ['/api/auth/users', 'users'],
    ['/api/staff', 'staff'],
    ...serverResources.map((resource): [string, string] => [resource.routes.list.url, resource.name]),
    ['/api/order/monthly-sales', null],
    ['/api/order/sales-by-category', null],
    ['/api/order/dashboard-summary', null],
  ];
  /** The list's own sort and filter fields, to send valid keys as well as hostile ones. */
  const listFields = (list: string | null): string[] => {
    const contract = [
      productsContract,
      ordersContract,
      customersContract,
      ...serverResources.map((resource) => resource.contract),
    ].find((c) => c.name === list);
    const fields = contract?.list;
    return fields ? [...fields.filter, ...fields.sort] : [];
  };
  const queryKey = (list: string | null) =>
    fc.oneof(
      fc.constantFrom(
        ...LIST_PARAM_KEYS,
        ...listFields(list),
        '__proto__',
        'constructor',
        'password',
        '_start[]',
        'q[$ne]',
      ),
      fc.string({ maxLength: 8 }),
    );
  const queryValue = fc.oneof(
    hostileText,
    hostileNumber.map(String),
    fc.constantFrom(
      'asc',
      'desc',
      'DESC',
      '0',
      '200',
      '201',
      '-5',
      '1.5',
      '99999999999999999999',
      'true',
      'false',
      'name',
      'createdAt',
    ),
  );
  const query = (list: string | null) =>
    fc.oneof(
      {
        weight: 4,
        arbitrary: fc
          .array(fc.tuple(queryKey(list), queryValue), { maxLength: 5 })
          .map((pairs) => new URLSearchParams(pairs).toString()),
      },
      { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }).map((raw) => raw.replace(/[#\s]/g, '')) },
      {
        weight: 1,
        arbitrary: fc.constantFrom(
          '%',
          'q=%',
          'q=%00',
          'q=%ZZ',
          '_start=1&_start=2',
          'status=active&status=inactive',
          'q=' + 'x'.repeat(5000),
          '&&&==&',
          '_sort=name;DROP TABLE products',
        ),
      },
    );

  it('answer 200 or a 4xx with a message, never a 5xx', async () => {
    const before = await storeSnapshot();
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...LISTS).chain(([url, list]) => query(list).map((q) => `${url}?${q}`)),
        async (url) => {
          const response = await send({ method: 'GET', url, headers: { authorization: `Bearer ${t.adminToken}` } });
          expectHandled(response, url);
          if (response.statusCode === 200) expect(() => response.json()).not.toThrow();
        },
      ),
      { numRuns: RUNS * 4 },
    );
    expect(await storeSnapshot()).toEqual(before);
  });

  it('hold every page to 200 rows, whether it is asked for with _start and _end or with _end alone', async () => {
    for (const [url] of LISTS.filter(([, list]) => list !== null)) {
      for (const page of ['_end=1000', '_start=0&_end=1000', '_start=5&_end=1000']) {
        const response = await send({
          method: 'GET',
          url: `${url}?${page}`,
          headers: { authorization: `Bearer ${t.adminToken}` },
        });
        expect(response.statusCode, `${url}?${page}`).toBe(400);
        expect(response.json(), `${url}?${page}`).toEqual({ message: '_end: a page holds at most 200 rows' });
      }
      const full = await send({
        method: 'GET',
        url: `${url}?_end=200`,
        headers: { authorization: `Bearer ${t.adminToken}` },
      });
      expect(full.statusCode, `${url}?_end=200`).toBe(200);
    }
  });
});

describe('after all of it', () => {
  it('the app is still up and ran a few thousand generated cases', async () => {
    expect((await t.call('GET', '/api/health')).json()).toEqual({ status: 'ok' });
    expect((await get('/api/order/all-orders?_start=0&_end=5')).statusCode).toBe(200);
    expect(cases).toBeGreaterThanOrEqual(Math.min(2_000, RUNS * 27));
  });
});

describe('text the database cannot store', () => {
  it.each([
    [
      'a NUL in a coupon code',
      '/api/coupon/add',
      { code: 'A\u0000B', discountType: 'flat', discountValue: 1, expiresAt: '2031-01-01' },
      /^code: must be valid text/,
    ],
    [
      'a lone surrogate in a banner title',
      '/api/banners',
      { name: 'n', title: 'bad \ud800 title', image: '/uploads/x.png' },
      /^title: must be valid text/,
    ],
    [
      'a NUL deep in a product',
      '/api/product/add-product',
      { name: 'n', status: 'active', variants: [{ color: 'Red\u0000', sizes: [] }] },
      /^variants\.0\.color: must be valid text/,
    ],
    [
      'a date PostgreSQL cannot hold',
      '/api/coupon/add',
      { code: 'OLDDATE', discountType: 'flat', discountValue: 1, expiresAt: -8.64e15 },
      /^expiresAt: /,
    ],
  ])('refuses %s with a 400 naming the field', async (_, url, body, message) => {
    const response = await t.call('POST', url, { token: t.adminToken, body });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(message);
  });
});
