import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isStaleEditMessage } from '../../src/domain';
import { SEEDED_GADGETS, gadgetResource, gadgetsDeclared as declared, type Gadget } from '../fixtures/gadgets-server';
import { UNKNOWN_ID, startApp, type TestApp } from './helpers';

/**
 * The factory on a resource of its own: a REGULAR REST resource declared in tests/fixtures/gadgets-server.ts,
 * on a table that exists only in this test's database (created with raw SQL as its routes register),
 * served by the real app behind the admin guard. The store's schema and migrations are not touched.
 */

let t: TestApp;
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) =>
  t.call(method, url, { token: t.adminToken, body });
const names = (response: { json(): unknown }) => (response.json() as Gadget[]).map((g) => g.name);

const created: Gadget[] = [];

beforeAll(async () => {
  t = await startApp({}, { extraResources: [gadgetResource] });
  for (const gadget of SEEDED_GADGETS) created.push((await call('POST', '/api/gadgets', gadget)).json());
});
afterAll(() => t.close());

describe('a regular resource declared through the factory', () => {
  it('registers the regular REST routes, behind the admin guard', async () => {
    expect(declared.routes).toEqual({
      list: { method: 'GET', path: '/', url: '/api/gadgets', status: 200 },
      get: { method: 'GET', path: '/:id', url: '/api/gadgets/:id', status: 200 },
      create: { method: 'POST', path: '/', url: '/api/gadgets', status: 201 },
      update: { method: 'PUT', path: '/:id', url: '/api/gadgets/:id', status: 200 },
      patch: { method: 'PATCH', path: '/:id', url: '/api/gadgets/:id', status: 200 },
      remove: { method: 'DELETE', path: '/:id', url: '/api/gadgets/:id', status: 200 },
      bulkRemove: { method: 'POST', path: '/bulk-delete', url: '/api/gadgets/bulk-delete', status: 200 },
    });
    const labels = t.app.registeredRoutes.map((r) => `${r.method} ${r.url}`);
    for (const route of Object.values(declared.routes)) expect(labels).toContain(`${route.method} ${route.url}`);
    expect((await t.call('GET', '/api/gadgets')).statusCode).toBe(401);
    expect((await t.call('GET', `/api/gadgets/${created[0]!._id}`, { token: t.customerToken })).statusCode).toBe(403);
    expect((await t.call('POST', '/api/gadgets', { token: t.customerToken, body: declared.example })).statusCode).toBe(
      403,
    );
  });

  it('lists a plain array in the default order, with no total when no list parameter is given', async () => {
    const response = await call('GET', '/api/gadgets');
    expect(response.statusCode).toBe(200);
    expect(names(response)).toEqual(['Alpha', 'Bravo', 'Charlie', 'Delta', 'Echo']);
    expect(response.headers['x-total-count']).toBeUndefined();
    expect(response.json()[0]).toEqual({
      _id: expect.stringMatching(/^[0-9a-f]{24}$/),
      id: response.json()[0]._id,
      name: 'Alpha',
      colour: 'red',
      price: 30,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
  });

  it('pages with _start/_end and reports the total in X-Total-Count', async () => {
    const page = await call('GET', '/api/gadgets?_start=1&_end=3');
    expect(names(page)).toEqual(['Bravo', 'Charlie']);
    expect(page.headers['x-total-count']).toBe('5');
    const last = await call('GET', '/api/gadgets?_start=4&_end=10');
    expect(names(last)).toEqual(['Echo']);
    expect(last.headers['x-total-count']).toBe('5');
  });

  it('sorts both ways by a declared field', async () => {
    const desc = await call('GET', '/api/gadgets?_sort=price&_order=desc');
    expect(names(desc)).toEqual(['Charlie', 'Delta', 'Alpha', 'Bravo', 'Echo']);
    expect(desc.headers['x-total-count']).toBe('5');
    expect(names(await call('GET', '/api/gadgets?_sort=price&_order=asc&_start=0&_end=2'))).toEqual(['Echo', 'Bravo']);
    const refused = await call('GET', '/api/gadgets?_sort=colour');
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ message: '_sort: cannot sort gadgets by colour' });
  });

  it('searches with q and filters by a declared field, the total counting what matched', async () => {
    const search = await call('GET', '/api/gadgets?q=HA');
    expect(names(search)).toEqual(['Alpha', 'Charlie']);
    expect(search.headers['x-total-count']).toBe('2');
    // Literal text: % and _ match themselves, not anything.
    expect(names(await call('GET', '/api/gadgets?q=%25'))).toEqual([]);
    const filtered = await call('GET', '/api/gadgets?colour=blue&_sort=name&_order=desc');
    expect(names(filtered)).toEqual(['Delta', 'Bravo']);
    expect(filtered.headers['x-total-count']).toBe('2');
    expect((await call('GET', '/api/gadgets?colour=pink')).json()).toEqual({
      message: 'colour: must be red, green or blue',
    });
    expect((await call('GET', '/api/gadgets?size=3')).json()).toEqual({ message: 'size: unknown filter for gadgets' });
  });

  it('reads one record, 404 for an unknown id and 400 for a malformed one', async () => {
    const first = created[0]!;
    const response = await call('GET', `/api/gadgets/${first._id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(first);
    const missing = await call('GET', `/api/gadgets/${UNKNOWN_ID}`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'Gadget not found' });
    const malformed = await call('GET', '/api/gadgets/not-an-id');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toMatch(/^id: /);
  });

  it('creates with 201 the record, from the declared example too', async () => {
    const response = await call('POST', '/api/gadgets', declared.example);
    expect(response.statusCode).toBe(201);
    const body = response.json<Gadget>();
    expect(body).toEqual({
      _id: expect.stringMatching(/^[0-9a-f]{24}$/),
      id: body._id,
      ...declared.example,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect((await call('GET', `/api/gadgets/${body._id}`)).json()).toEqual(body);
    // The schema's defaults and transforms apply.
    expect((await call('POST', '/api/gadgets', { name: '  Foxtrot  ', price: 0 })).json()).toMatchObject({
      name: 'Foxtrot',
      colour: 'red',
      price: 0,
    });
  });

  it('refuses bad input with a 400 naming the field, storing nothing', async () => {
    const before = (await call('GET', '/api/gadgets?_start=0&_end=1')).headers['x-total-count'];
    const cases = [
      [{ name: '', price: 1 }, 'name: Name is required'],
      [{ price: 1 }, 'name: Name is required'],
      [{ name: 'Golf', price: 'cheap' }, 'price: must be a number'],
      [{ name: 'Golf', price: -1 }, 'price: must not be negative'],
      [{ name: 'Golf', price: 1, colour: 'pink' }, 'colour: must be red, green or blue'],
    ] as const;
    for (const [body, message] of cases) {
      const response = await call('POST', '/api/gadgets', body);
      expect(response.statusCode, message).toBe(400);
      expect(response.json()).toEqual({ message });
    }
    expect((await call('GET', '/api/gadgets?_start=0&_end=1')).headers['x-total-count']).toBe(before);
  });

  it('answers 409 with its own message when a write breaks a unique index', async () => {
    const duplicate = await call('POST', '/api/gadgets', { name: 'alpha', price: 1 });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toEqual({ message: 'A gadget with this name already exists' });
    const bravo = created.find((g) => g.name === 'Bravo')!;
    const rename = await call('PUT', `/api/gadgets/${bravo._id}`, { name: 'ALPHA', colour: 'blue', price: 20 });
    expect(rename.statusCode).toBe(409);
    expect((await call('GET', `/api/gadgets/${bravo._id}`)).json()).toEqual(bravo);
  });

  it('updates, answering the record with a later updatedAt, and refuses an edit of a stale copy with 409', async () => {
    const copy = (await call('POST', '/api/gadgets', { name: 'Hotel', colour: 'green', price: 7 })).json<Gadget>();
    const first = await call('PUT', `/api/gadgets/${copy._id}`, { ...copy, price: 8 });
    expect(first.statusCode).toBe(200);
    const saved = first.json<Gadget>();
    expect(saved).toEqual({ ...copy, price: 8, updatedAt: expect.any(String) });
    expect(new Date(saved.updatedAt).getTime()).toBeGreaterThan(new Date(copy.updatedAt).getTime());

    const stale = await call('PUT', `/api/gadgets/${copy._id}`, { ...copy, price: 9 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({
      message: 'This gadget was changed by someone else since you opened it. Reload to see the latest version.',
    });
    expect(isStaleEditMessage(stale.json().message)).toBe(true);
    expect((await call('GET', `/api/gadgets/${copy._id}`)).json()).toEqual(saved);

    // The current copy is taken; no updatedAt means no guard; a malformed one is a 400 naming it.
    expect((await call('PUT', `/api/gadgets/${copy._id}`, { ...saved, price: 10 })).json()).toMatchObject({
      price: 10,
    });
    const { updatedAt: _loaded, ...unversioned } = copy;
    expect((await call('PUT', `/api/gadgets/${copy._id}`, { ...unversioned, price: 11 })).json()).toMatchObject({
      price: 11,
    });
    const bad = await call('PUT', `/api/gadgets/${copy._id}`, { ...copy, updatedAt: 'yesterday' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/^updatedAt: /);
    const badInput = await call('PUT', `/api/gadgets/${copy._id}`, { ...copy, name: '' });
    expect(badInput.json()).toEqual({ message: 'name: Name is required' });
    expect((await call('GET', `/api/gadgets/${copy._id}`)).json()).toMatchObject({ price: 11 });
  });

  it('logs each edit once with the fields as stored, also where the database rewrites what was sent', async () => {
    const history = async (id: string) =>
      (await t.call('GET', `/api/audit?recordId=${id}&action=update&_start=0&_end=10`, { token: t.adminToken })).json<{
        events: { changes: Record<string, [unknown, unknown]> }[];
      }>().events;
    const gadget = (await call('POST', '/api/gadgets', { name: 'juliett', colour: 'red', price: 3 })).json<Gadget>();
    expect((await call('PUT', `/api/gadgets/${gadget._id}`, { ...gadget, price: 4 })).statusCode).toBe(200);
    expect((await history(gadget._id)).map((event) => event.changes)).toEqual([{ price: [3, 4] }]);

    // A rule of the database's own: names stored capitalised, whatever the edit sent.
    for (const statement of [
      `create function test_gadgets_initcap() returns trigger language plpgsql as $$
        begin new.name := initcap(new.name); return new; end $$`,
      `create trigger test_gadgets_initcap before update on test_gadgets
        for each row execute function test_gadgets_initcap()`,
    ])
      await t.app.database.db.execute(sql.raw(statement));
    try {
      const edited = await call('PUT', `/api/gadgets/${gadget._id}`, { ...gadget, name: 'kilo', updatedAt: undefined });
      expect(edited.json()).toMatchObject({ name: 'Kilo' });
      const events = await history(gadget._id);
      expect(events).toHaveLength(2);
      expect(events[0]!.changes).toEqual({ name: ['juliett', 'Kilo'], price: [4, 3] });
    } finally {
      await t.app.database.db.execute(sql.raw('drop trigger test_gadgets_initcap on test_gadgets'));
    }
  });

  it('answers 404 for an update of an unknown id, with or without updatedAt', async () => {
    for (const body of [
      { name: 'India', price: 1 },
      { name: 'India', price: 1, updatedAt: created[0]!.updatedAt },
    ]) {
      const response = await call('PUT', `/api/gadgets/${UNKNOWN_ID}`, body);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'Gadget not found' });
    }
  });

  it('deletes, then answers 404 for it', async () => {
    const echo = created.find((g) => g.name === 'Echo')!;
    const response = await call('DELETE', `/api/gadgets/${echo._id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, message: 'Gadget deleted successfully' });
    expect((await call('GET', `/api/gadgets/${echo._id}`)).statusCode).toBe(404);
    const again = await call('DELETE', `/api/gadgets/${echo._id}`);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ message: 'Gadget not found' });
    expect((await call('DELETE', '/api/gadgets/zzz')).json().message).toMatch(/^id: /);
    expect(names(await call('GET', '/api/gadgets'))).not.toContain('Echo');
  });
});
