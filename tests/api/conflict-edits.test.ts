import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isStaleEditMessage, staleEditMessage } from '../../src/domain';
import { isWritable, type ResourceRoute, type WritableResource } from '../../src/server/resource-routes';
import { serverResources } from '../../src/server/resources';
import { UNKNOWN_ID, startApp, type TestApp } from './helpers';

/**
 * Lost updates: an update carrying the `updatedAt` of the copy it was made on applies only while the
 * record still has it. Two admins editing the same record: the second save is refused (409) and
 * changes nothing, instead of silently overwriting the first. Without `updatedAt` the contract holds.
 */

let t: TestApp;
beforeAll(async () => {
  t = await startApp();
});
afterAll(() => t.close());

type Row = Record<string, unknown> & { _id: string; updatedAt: string };

interface Entity {
  name: string;
  /** The 409's message for an edit on a stale copy. */
  stale: string;
  create: () => Promise<Row>;
  update: (id: string, body: unknown) => ReturnType<TestApp['call']>;
  /** The updated record in an update's answer. */
  updated: (body: any) => Row;
  read: (id: string) => Promise<Row | undefined>;
  /** A field an admin edits, and a value for it that differs on each call. */
  field: string;
  value: () => string;
}

let serial = 0;
const next = (prefix: string) => `${prefix}${(serial += 1)}`;
const get = (url: string) => t.call('GET', url, { token: t.adminToken });
const send = (method: 'POST' | 'PUT', url: string, body: unknown) => t.call(method, url, { token: t.adminToken, body });

/**
 * A declared resource (src/server/resources) as an entity: created from its example body, edited in
 * its first text field that takes any short word, read back by its single-record read or, without
 * one (coupons: the contract has none), from its list.
 */
function resourceEntity(resource: WritableResource): Entity {
  const { list, get: read, create, update } = resource.routes;
  const pick = (route: ResourceRoute) => (body: any) => (route.key === undefined ? body : body[route.key]);
  const example = resource.example;
  const field = Object.keys(example).find(
    (key) => typeof example[key] === 'string' && resource.input.safeParse({ ...example, [key]: 'Edited1' }).success,
  );
  if (!field) throw new Error(`${resource.name}: its example has no text field an edit can change`);
  // Every resource answers the domain's message, which the console recognises (isStaleEditMessage).
  const stale = staleEditMessage(resource.texts.noun.toLowerCase());
  if (!isStaleEditMessage(stale))
    throw new Error(`${resource.name}: the console would not recognise its stale-edit message`);
  return {
    name: resource.name,
    stale,
    create: async () => pick(create)((await send('POST', create.url, resource.example)).json()),
    update: (id, body) => send('PUT', update.url.replace(':id', id), body),
    updated: pick(update),
    read: read
      ? async (id) => pick(read)((await get(read.url.replace(':id', id))).json())
      : async (id) => (pick(list)((await get(list.url)).json()) as Row[]).find((row) => row._id === id),
    field,
    value: () => next('Edited'),
  };
}

const ENTITIES: Entity[] = [
  {
    name: 'product',
    stale: staleEditMessage('product'),
    create: async () =>
      (
        await send('POST', '/api/product/add-product', {
          name: 'Versioned tee',
          status: 'active',
          categories: ['Oversized'],
          variants: [{ color: 'Black', isMain: true, sizes: [{ size: 'M', price: 499, mrp: 999, countInStock: 12 }] }],
        })
      ).json().product,
    update: (id, body) => send('PUT', `/api/product/update-product/${id}`, body),
    updated: (body) => body.product,
    read: async (id) => (await get(`/api/product/get-product-details/${id}`)).json().product,
    field: 'name',
    value: () => next('Tee edit '),
  },
  ...serverResources.filter(isWritable).map(resourceEntity),
];

describe.each(ENTITIES)('$name updates', (entity) => {
  const edit = (copy: Row, extra: Record<string, unknown> = {}) => ({
    ...copy,
    [entity.field]: entity.value(),
    ...extra,
  });

  it('apply an edit made on the current copy and answer a later updatedAt', async () => {
    const copy = await entity.create();
    const body = edit(copy);
    const response = await entity.update(copy._id, body);
    expect(response.statusCode).toBe(200);
    const saved = entity.updated(response.json());
    expect(saved[entity.field]).toBe(body[entity.field]);
    expect(new Date(saved.updatedAt).getTime()).toBeGreaterThan(new Date(copy.updatedAt).getTime());
    // What the API answers is what it compares: the answered copy is current, to the millisecond.
    expect(await entity.read(copy._id)).toMatchObject({
      [entity.field]: body[entity.field],
      updatedAt: saved.updatedAt,
    });
    expect((await entity.update(copy._id, edit(saved))).statusCode).toBe(200);
  });

  it('refuse an edit made on a copy someone else has changed since (409), changing nothing', async () => {
    const copy = await entity.create();
    const first = await entity.update(copy._id, edit(copy));
    expect(first.statusCode).toBe(200);
    const current = await entity.read(copy._id);

    const stale = await entity.update(copy._id, edit(copy));
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ message: entity.stale });
    expect(await entity.read(copy._id)).toEqual(current);
  });

  it('let exactly one of two concurrent edits of the same copy win', async () => {
    const copy = await entity.create();
    const [a, b] = [edit(copy), edit(copy)];
    const answers = await Promise.all([entity.update(copy._id, a), entity.update(copy._id, b)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const winner = answers[0]!.statusCode === 200 ? a : b;
    expect((await entity.read(copy._id))?.[entity.field]).toBe(winner[entity.field]);
  });

  it('apply an update without updatedAt as the contract says, whatever changed before', async () => {
    const copy = await entity.create();
    expect((await entity.update(copy._id, edit(copy))).statusCode).toBe(200);
    const { updatedAt: _loaded, ...unversioned } = edit(copy);
    const response = await entity.update(copy._id, unversioned);
    expect(response.statusCode).toBe(200);
    expect((await entity.read(copy._id))?.[entity.field]).toBe(unversioned[entity.field]);
    expect((await entity.update(copy._id, { ...edit(copy), updatedAt: null })).statusCode).toBe(200);
  });

  it('answer 404 for an unknown id and 400 naming updatedAt when it is not a date-time', async () => {
    const copy = await entity.create();
    const missing = await entity.update(UNKNOWN_ID, edit(copy));
    expect(missing.statusCode).toBe(404);
    for (const updatedAt of ['yesterday', 12, true, '2024-13-45T00:00:00Z']) {
      const bad = await entity.update(copy._id, edit(copy, { updatedAt }));
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toMatch(/^updatedAt: /);
    }
    expect((await entity.read(copy._id))?.updatedAt).toBe(copy.updatedAt);
  });
});

describe('seeded records', () => {
  it('take an edit made on the copy the API answers (stored times may carry microseconds)', async () => {
    const product = (await get('/api/product/get-all-products?_start=0&_end=1')).json().products[0] as Row;
    const response = await send('PUT', `/api/product/update-product/${product._id}`, {
      ...product,
      name: 'Seeded tee, edited',
    });
    expect(response.statusCode).toBe(200);
    const blog = (await get('/api/blog/get-blogs')).json().blogs[0] as Row;
    expect(
      (await send('PUT', `/api/blog/blogs/${blog._id}`, { ...blog, title: 'Seeded blog, edited' })).statusCode,
    ).toBe(200);
  });

  it('refuse a product edit on a stale copy without touching its variants and sizes', async () => {
    const product = (await get('/api/product/get-all-products?_start=1&_end=2')).json().products[0] as Row & {
      variants: unknown[];
    };
    const first = await send('PUT', `/api/product/update-product/${product._id}`, { ...product, status: 'inactive' });
    expect(first.statusCode).toBe(200);
    const current = (await get(`/api/product/get-product-details/${product._id}`)).json().product;

    const stale = await send('PUT', `/api/product/update-product/${product._id}`, {
      ...product,
      variants: [{ color: 'Teal', isMain: true, sizes: [{ size: 'XL', price: 1, mrp: 2, countInStock: 0 }] }],
    });
    expect(stale.statusCode).toBe(409);
    expect((await get(`/api/product/get-product-details/${product._id}`)).json().product).toEqual(current);
  });
});
