import type { CrudFilter, CrudSort } from '@refinedev/core';
import type { ResourceContract } from '../../domain';
import { ApiError, apiResponse } from '../http';
import { endpointsOf } from './endpoints';
import { listParams } from './list-query';

const LINE_FEED = 10;

/**
 * A list as CSV from the server's `format=csv`: the grid's search, filters and sort, every page. The rows
 * are counted as they stream in (each ends in CRLF, after one header line) against the total the server
 * announced first, so fewer rows than promised, a cut connection, is a failure and not a short file.
 */
export async function exportCsv(
  contract: ResourceContract<never>,
  request: { filters: CrudFilter[]; sorters: CrudSort[] },
  { signal, onProgress }: { signal: AbortSignal; onProgress: (rows: number, total: number) => void },
): Promise<{ file: Blob; filename: string }> {
  const endpoint = contract.export && endpointsOf(contract).getList;
  const params = endpoint && listParams(endpoint, { ...request, pagination: { mode: 'off' } });
  if (!endpoint || !params) throw new ApiError(`The store API cannot export ${contract.name}`, 405);
  const response = await apiResponse(endpoint.path, { query: { ...params, format: 'csv' }, signal });
  const total = Number(response.headers.get('X-Total-Count'));
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let lines = 0;
  const reader = (response.body as ReadableStream<Uint8Array<ArrayBuffer>>).getReader();
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    chunks.push(read.value);
    for (const byte of read.value) if (byte === LINE_FEED) lines += 1;
    onProgress(Math.max(lines - 1, 0), total);
  }
  if (lines - 1 < total) throw new ApiError(`The export stopped after ${Math.max(lines - 1, 0)} of ${total} rows`, 0);
  const filename =
    /filename="([^"]+)"/.exec(response.headers.get('Content-Disposition') ?? '')?.[1] ?? `${contract.name}.csv`;
  return { file: new Blob(chunks, { type: 'text/csv;charset=utf-8' }), filename };
}
