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
