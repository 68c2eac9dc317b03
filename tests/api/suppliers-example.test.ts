import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, staffMember, type TestApp } from '../fixtures/suppliers/app';

let t: TestApp;
beforeAll(async () => {
  t = await startApp();
});
afterAll(() => t.close());

describe('suppliers', () => {
  it('lists the demo suppliers searched, filtered and sorted, with the total, and exports them', async () => {
    const query = 'country=India&q=knits&_sort=leadTimeDays&_order=desc';
    const response = await t.call('GET', `/api/suppliers?${query}&_start=0&_end=10`, { token: t.adminToken });
    expect(response.headers['x-total-count']).toBe('1');
    expect(response.json()).toMatchObject([
      { name: 'Tiruppur Knits', country: 'India', leadTimeDays: 21, active: true },
    ]);
    const csv = (await t.call('GET', `/api/suppliers?${query}&format=csv`, { token: t.adminToken })).body;
    expect(csv).toContain('Name,Country,Email,Lead time days,Active\r\nTiruppur Knits,India,');
  });

  it('lets support read suppliers but not add one', async () => {
    const { token } = await staffMember(t, 'support');
    expect((await t.call('GET', '/api/suppliers', { token })).statusCode).toBe(200);
    const body = { name: 'New Mill', country: 'Turkey', email: 'mill@new.example', leadTimeDays: 10 };
    expect((await t.call('POST', '/api/suppliers', { token, body })).statusCode).toBe(403);
  });
});
