import type { DataProvider } from '@refinedev/core';
import simpleRestDataProvider from '@refinedev/simple-rest';
import axios, { isAxiosError } from 'axios';
import { ApiError, API_BASE } from '../http';
import { readToken } from '../session';
import { withId, withoutId } from './records';

/** One axios client for regular REST resources: the same bearer token and the same errors as the endpoint table's calls. */
const client = axios.create();
client.interceptors.request.use((config) => {
  const token = readToken();
  if (token) config.headers.set('Authorization', `Bearer ${token}`);
  return config;
});
client.interceptors.response.use(undefined, (error: unknown) => {
  const status = isAxiosError(error) ? (error.response?.status ?? 0) : 0;
  const message: unknown = isAxiosError(error) ? error.response?.data?.message : undefined;
  return Promise.reject(
    typeof message === 'string' && message
      ? new ApiError(message, status, true)
      : new ApiError(status ? `Request failed with status ${status}` : 'Could not reach the server. Check your connection and try again.', status),
  );
});

const simpleRest = simpleRestDataProvider(`${API_BASE}/api`, client);

/**
 * Regular REST resources (`GET /api/x?_start&_end&_sort&_order&q` with X-Total-Count, `GET/PUT/DELETE
 * /api/x/:id`, `POST /api/x`) through @refinedev/simple-rest, with the store's `_id` copied to `id`.
 */
export const restDataProvider: DataProvider = {
  ...simpleRest,
  getList: async (params) => {
    const result = await simpleRest.getList(params);
    return { ...result, data: result.data.map(withId) as never[] };
  },
  getOne: async (params) => ({ data: withId((await simpleRest.getOne(params)).data) as never }),
  create: async (params) => ({ data: withId((await simpleRest.create({ ...params, variables: withoutId(params.variables) as never })).data) as never }),
  // A regular resource is updated with PUT (simple-rest's own default is PATCH).
  update: async (params) => ({
    data: withId((await simpleRest.update({ ...params, meta: { method: 'put', ...params.meta }, variables: withoutId(params.variables) as never })).data) as never,
  }),
};
