import type { DataProvider } from '@refinedev/core';
import simpleRestDataProvider from '@refinedev/simple-rest';
import axios from 'axios';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gadgetResource } from '../fixtures/gadgets-server';
import { suppliersUnlessServed } from '../fixtures/suppliers/table';
import { STAFF_PASSWORD, startApp, type TestApp } from './helpers';

/*
 * Refine's own REST client, as it ships (no wrapper, its default PATCH for updates), against the regular
 * REST resources over real HTTP: the Team (/api/staff), a resource declared on the factory (/api/gadgets)
 * and the worked example of docs/adding-a-resource.md (/api/suppliers).
 */

let t: TestApp;
let rest: DataProvider;
beforeAll(async () => {
  t = await startApp({}, { extraResources: [gadgetResource, ...suppliersUnlessServed] });
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  rest = simpleRestDataProvider(
    `${address}/api`,
    axios.create({ headers: { Authorization: `Bearer ${t.adminToken}` } }),
  );
});
afterAll(() => t.close());

const RESOURCES = [
  {
    resource: 'staff',
    bodies: [
      { fullname: 'Zara Quinn', email: 'zara@example.com', role: 'support', password: STAFF_PASSWORD },
      { fullname: 'Yusuf Quinn', email: 'yusuf@example.com', role: 'manager', password: STAFF_PASSWORD },
      { fullname: 'Xena Quinn', email: 'xena@example.com', role: 'support', password: STAFF_PASSWORD },
    ],
    search: 'Quinn',
    sort: 'fullname',
    filter: { field: 'role', value: 'support' },
    change: { fullname: 'Zara Quinn-Lee' },
  },
  {
    resource: 'gadgets',
    bodies: [
      { name: 'Quill Z', colour: 'red', price: 30 },
      { name: 'Quill Y', colour: 'blue', price: 10 },
      { name: 'Quill X', colour: 'red', price: 20 },
    ],
    search: 'Quill',
    sort: 'name',
    filter: { field: 'colour', value: 'red' },
    change: { price: 99 },
  },
  {
    resource: 'suppliers',
    bodies: [
      { name: 'Quay Z Mills', country: 'India', email: 'z@quay.example', leadTimeDays: 30 },
      { name: 'Quay Y Mills', country: 'Turkey', email: 'y@quay.example', leadTimeDays: 10 },
      { name: 'Quay X Mills', country: 'India', email: 'x@quay.example', leadTimeDays: 20 },
    ],
    search: 'Quay',
    sort: 'name',
    filter: { field: 'country', value: 'India' },
    change: { leadTimeDays: 45 },
  },
] as const;

describe.each(RESOURCES)(
  '@refinedev/simple-rest, unmodified, against /api/$resource',
  ({ resource, bodies, search, sort, filter, change }) => {
    const ids: string[] = [];

    it('creates records, each answered with its id', async () => {
      for (const variables of bodies) {
        const { data } = await rest.create({ resource, variables });
        expect(data.id).toEqual(expect.any(String));
        ids.push(String(data.id));
      }
    });

    it('lists a page, sorted, searched with q and filtered by equality, with the total', async () => {
      const all = await rest.getList({
        resource,
        pagination: { currentPage: 1, pageSize: 2 },
        sorters: [{ field: sort, order: 'asc' }],
        filters: [{ field: 'q', operator: 'eq', value: search }],
      });
      expect(all.total).toBe(3);
      expect(all.data).toHaveLength(2);
      expect(all.data.map((record) => record.id)).toEqual([ids[2], ids[1]]);
      const second = await rest.getList({
        resource,
        pagination: { currentPage: 2, pageSize: 2 },
        sorters: [{ field: sort, order: 'asc' }],
        filters: [{ field: 'q', operator: 'eq', value: search }],
      });
      expect(second.data.map((record) => record.id)).toEqual([ids[0]]);
      const filtered = await rest.getList({
        resource,
        filters: [
          { field: 'q', operator: 'eq', value: search },
          { field: filter.field, operator: 'eq', value: filter.value },
        ],
        sorters: [{ field: sort, order: 'desc' }],
      });
      expect(filtered.total).toBe(2);
      expect(filtered.data.map((record) => record.id)).toEqual([ids[0], ids[2]]);
    });

    it('reads one record, and exactly the records getMany names', async () => {
      expect((await rest.getOne({ resource, id: ids[1]! })).data).toMatchObject({
        id: ids[1],
        ...withoutSecrets(bodies[1]),
      });
      const many = await rest.getMany!({ resource, ids: [ids[0]!, ids[2]!] });
      expect(many.data.map((record) => record.id).sort()).toEqual([ids[0], ids[2]].sort());
    });

    it('updates with its default PATCH, the fields given, the rest as they were', async () => {
      const { data } = await rest.update({ resource, id: ids[0]!, variables: change });
      expect(data).toMatchObject({ id: ids[0], ...withoutSecrets(bodies[0]), ...change });
      expect((await rest.getOne({ resource, id: ids[0]! })).data).toMatchObject(change);
    });

    it('deletes one record', async () => {
      await rest.deleteOne({ resource, id: ids[2]! });
      await expect(rest.getOne({ resource, id: ids[2]! })).rejects.toMatchObject({ response: { status: 404 } });
    });
  },
);

/** A body as the record shows it: never a password. */
function withoutSecrets(body: Record<string, unknown>): Record<string, unknown> {
  const { password: _password, ...shown } = body;
  return shown;
}
