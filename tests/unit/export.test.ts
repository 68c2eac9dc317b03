import { afterEach, describe, expect, it, vi } from 'vitest';
import { metaOf } from './store-contracts';
import { exportCsv } from '../../src/providers/data-provider/export';
import { stubFetch } from './fetch-stub';

afterEach(() => vi.unstubAllGlobals());

const BOM = '\uFEFF';
const csv = (rows: number) =>
  `${BOM}Code,Status\r\n${Array.from({ length: rows }, (_, i) => `C${i},Active\r\n`).join('')}`;
const run = (
  resource: string,
  request: Parameters<typeof exportCsv>[1] = { filters: [], sorters: [] },
  onProgress = vi.fn(),
) => exportCsv(metaOf(resource).contract!, request, { signal: new AbortController().signal, onProgress });

describe('exportCsv', () => {
  it("asks the list's own endpoint for format=csv with the grid's search, filters and sort, and no page", async () => {
    const calls = stubFetch({
      body: csv(2),
      headers: { 'X-Total-Count': '2', 'Content-Disposition': 'attachment; filename="orders-2026-11-25.csv"' },
    });
    const { file, filename } = await run('orders', {
      filters: [
        { field: 'q', operator: 'contains', value: 'asha' },
        { field: 'status', operator: 'eq', value: 'delivered' },
      ],
      sorters: [{ field: 'totalPrice', order: 'asc' }],
    });
    expect(calls).toHaveLength(1);
    const url = new URL(calls[0]!.url, 'http://console.test');
    expect(url.pathname).toBe('/api/order/all-orders');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      q: 'asha',
      status: 'delivered',
      _sort: 'totalPrice',
      _order: 'asc',
      format: 'csv',
    });
    expect(filename).toBe('orders-2026-11-25.csv');
    expect(
      new TextDecoder('utf-8', { ignoreBOM: true }).decode(await file.arrayBuffer()),
      'the bytes as sent, BOM first',
    ).toBe(csv(2));
  });

  it('reports the rows as they arrive against the total announced first', async () => {
    stubFetch({ body: csv(3), headers: { 'X-Total-Count': '3' } });
    const onProgress = vi.fn();
    await run('coupons', undefined, onProgress);
    expect(onProgress).toHaveBeenLastCalledWith(3, 3);
  });

  it('fails when the file holds fewer rows than the server announced (a cut connection), naming both', async () => {
    stubFetch({ body: csv(1), headers: { 'X-Total-Count': '5' } });
    await expect(run('coupons')).rejects.toThrow('The export stopped after 1 of 5 rows');
  });

  it("shows the server's message when it refuses", async () => {
    stubFetch({ status: 403, body: { message: 'Your role may not read orders' } });
    await expect(run('orders')).rejects.toThrow('Your role may not read orders');
  });

  it('refuses a resource whose list the store API cannot filter on the server', async () => {
    await expect(run('dashboardKpis')).rejects.toThrow('The store API cannot export dashboardKpis');
  });
});
