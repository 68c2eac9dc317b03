import simpleRestDataProvider from '@refinedev/simple-rest';
import axios, { isAxiosError } from 'axios';
import { ApiError, API_BASE } from '../http';
import { readToken } from '../session';

/** One axios client for regular REST resources: the same bearer token and the same errors as the store's other calls. */
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
      : new ApiError(
          status
            ? `Request failed with status ${status}`
            : 'Could not reach the server. Check your connection and try again.',
          status,
        ),
  );
});

/**
 * Regular REST resources through @refinedev/simple-rest as it ships: the server speaks its dialect
 * (records with `id`, `X-Total-Count`, `?id=a&id=b`, PATCH), so nothing is translated.
 */
export const simpleRest = simpleRestDataProvider(`${API_BASE}/api`, client);
