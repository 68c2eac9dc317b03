import type { HttpError } from '@refinedev/core';
import { readToken } from './session';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface ApiRequest {
  method?: HttpMethod;
  /** A plain object is sent as JSON; FormData goes as multipart. */
  body?: unknown;
  /** A list's values go as the key repeated: `{ sku: ['A', 'B'] }` is `?sku=A&sku=B`. */
  query?: Record<string, string | string[]>;
  /** Only the login call goes without the bearer token. */
  authenticated?: boolean;
  signal?: AbortSignal;
}

export interface ApiResponse {
  status: number;
  headers: Headers;
  body: unknown;
}

/** A failed call as Refine expects it: the server's message and the HTTP status. */
export class ApiError extends Error implements HttpError {
  readonly statusCode: number;
  /** Whether the message is the server's own words (its `message`), not one made up here. */
  readonly fromServer: boolean;
  /** A 400 naming a field ('code: Code is required'): the message by field, which forms show on the field. */
  readonly errors?: Record<string, string>;

  /** `field`: the field a refusal names in its answer (a 409's short order line: 'orderItems.2.qty'). */
  constructor(message: string, statusCode: number, fromServer = false, field?: string) {
    super(message);
    this.name = 'ApiError';
    this.statusCode = statusCode;
    this.fromServer = fromServer;
    const named = statusCode === 400 && fromServer ? /^([A-Za-z_][\w.]*): (.+)$/s.exec(message) : null;
    if (named) this.errors = { [named[1]!]: named[2]! };
    else if (field && fromServer) this.errors = { [field]: message };
  }
}

/** The server's message for a failed call, else the screen's own fallback text. */
export function serverMessageOr(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.fromServer ? error.message : fallback;
}

/** Same origin: the console is served by the store API (base path empty). */
export const API_BASE = '';

export async function apiFetch(path: string, request: ApiRequest = {}): Promise<ApiResponse> {
  const response = await apiResponse(path, request);
  return { status: response.status, headers: response.headers, body: await readBody(response) };
}

/** The server's response, its body unread (a CSV export streams), once it is known not to be a failure. */
export async function apiResponse(path: string, request: ApiRequest = {}): Promise<Response> {
  const { method = 'GET', body, query, authenticated = true, signal } = request;
  const headers = new Headers({ Accept: 'application/json' });
  const token = authenticated ? readToken() : null;
  if (token) headers.set('Authorization', `Bearer ${token}`);

  const json = body !== undefined && !(body instanceof FormData);
  if (json) headers.set('Content-Type', 'application/json');

  const pairs = Object.entries(query ?? {}).flatMap(([key, value]) =>
    (Array.isArray(value) ? value : [value]).map((one) => [key, one]),
  );
  const search = pairs.length > 0 ? `?${new URLSearchParams(pairs)}` : '';
  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}${search}`, {
      method,
      headers,
      signal,
      body: json ? JSON.stringify(body) : (body as FormData | undefined),
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw unreachable();
  }

  if (response.ok) return response;
  throw refusal(response.status, await readBody(response));
}

/** The server could not be reached at all. */
export const unreachable = () => new ApiError('Could not reach the server. Check your connection and try again.', 0);

/** A refused call as an ApiError: the server's own `message` (and `field`) when its body has one. */
export function refusal(status: number, body: unknown): ApiError {
  const { message, field } = (body !== null && typeof body === 'object' ? body : {}) as {
    message?: unknown;
    field?: unknown;
  };
  return typeof message === 'string' && message
    ? new ApiError(message, status, true, typeof field === 'string' ? field : undefined)
    : new ApiError(`Request failed with status ${status}`, status);
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return null;
  if (!(response.headers.get('Content-Type') ?? '').includes('json')) return text;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
