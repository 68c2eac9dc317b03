import { vi } from 'vitest';

export interface StubResponse {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
}

export interface RecordedCall {
  method: string;
  url: string;
  headers: Headers;
  body: unknown;
}

/**
 * Replaces fetch with one that answers `response` and records what was asked. The data-provider and
 * auth tests are the only place the network is faked: they pin how Refine's verbs map onto HTTP.
 */
export function stubFetch(response: StubResponse | ((call: RecordedCall) => StubResponse)) {
  const calls: RecordedCall[] = [];
  const fetchStub = vi.fn(async (input: string, init: RequestInit = {}) => {
    const url = new URL(input, 'http://console.test');
    const call: RecordedCall = {
      method: init.method ?? 'GET',
      url: `${url.pathname}${url.search}`,
      headers: new Headers(init.headers),
      body: typeof init.body === 'string' ? JSON.parse(init.body) : init.body,
    };
    calls.push(call);
    const { status = 200, body, headers = {} } = typeof response === 'function' ? response(call) : response;
    const text = body === undefined ? '' : typeof body === 'string' ? body : JSON.stringify(body);
    const contentType = typeof body === 'string' ? 'text/plain' : 'application/json; charset=utf-8';
    return new Response(status === 204 ? null : text, { status, headers: { 'Content-Type': contentType, ...headers } });
  });
  vi.stubGlobal('fetch', fetchStub);
  return calls;
}
