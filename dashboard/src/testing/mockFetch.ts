import { vi } from 'vitest';

export interface RecordedRequest {
  method: string;
  url: string;
  init: RequestInit | undefined;
  body: unknown;
}

export type RouteHandler = (request: RecordedRequest) => Response | Promise<Response>;

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

export function textResponse(text: string, status: number, statusText = ''): Response {
  return new Response(text, { status, statusText });
}

/**
 * Replaces global fetch with a router keyed by "METHOD /path" (e.g. "GET /api/user").
 * Unknown routes answer 404. Returns the recorded requests.
 */
export function mockFetch(routes: Record<string, RouteHandler | Response | unknown>): RecordedRequest[] {
  const requests: RecordedRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.toString() : input.url;
    const method = (init?.method ?? 'GET').toUpperCase();
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    const request: RecordedRequest = { method, url, init, body };
    requests.push(request);
    const route = routes[`${method} ${url}`];
    if (route === undefined) return textResponse('Not Found', 404, 'Not Found');
    if (typeof route === 'function') return (route as RouteHandler)(request);
    if (route instanceof Response) return route.clone();
    return jsonResponse(route);
  });
  vi.stubGlobal('fetch', fetchMock);
  return requests;
}

/** A response, a JSON body, or a function of the request giving either (or a promise of them). */
export type Handler = ((request: RecordedRequest) => unknown) | Response | object | string | number | boolean | null;

/**
 * A fetch stub for the dashboard's API. Routes are "METHOD /path" without the query string
 * (e.g. "GET /api/stocks"), or a RegExp tested against "METHOD /path"; unknown routes answer 404.
 * Handlers get the request (url with its query). Returns every request in order.
 */
export function mockApi(routes: Record<string, Handler>, patterns: Array<[RegExp, Handler]> = []): RecordedRequest[] {
  const requests: RecordedRequest[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.toString() : input.url;
      const method = (init?.method ?? 'GET').toUpperCase();
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
      const request: RecordedRequest = { method, url, init, body };
      requests.push(request);
      const key = `${method} ${url.split('?')[0]}`;
      const handler = key in routes ? routes[key] : patterns.find(([re]) => re.test(key))?.[1];
      if (handler === undefined) return textResponse('Not Found', 404, 'Not Found');
      const result = typeof handler === 'function' ? await (handler as (r: RecordedRequest) => unknown)(request) : handler;
      if (result instanceof Response) return result.clone();
      return jsonResponse(result);
    }),
  );
  return requests;
}

/** The query string of a recorded request as an object. */
export function queryOf(request: RecordedRequest): Record<string, string> {
  return Object.fromEntries(new URL(request.url, 'http://localhost').searchParams);
}
