import { vi } from 'vitest';

export interface RecordedRequest {
  method: string;
  url: string;
  init: RequestInit | undefined;
  body: unknown;
}

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

export function textResponse(text: string, status: number, statusText = ''): Response {
  return new Response(text, { status, statusText });
}

/** A response, a JSON body, or a function of the request giving either (or a promise of them). */
export type Handler = ((request: RecordedRequest) => unknown) | Response | object | string | number | boolean | null;

/**
 * The dashboard tests' one fetch stub. A route is "METHOD /path?query" (that exact URL), "METHOD /path" (any query),
 * or a RegExp tested against "METHOD /path"; unknown routes answer 404. A handler is a Response, a JSON body, or a
 * function of the request giving either; a handler that throws is a network failure. Returns every request in order.
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
      const exact = `${method} ${url}`;
      const key = `${method} ${url.split('?')[0]}`;
      const handler =
        exact in routes ? routes[exact] : key in routes ? routes[key] : patterns.find(([re]) => re.test(key))?.[1];
      if (handler === undefined) return textResponse('Not Found', 404, 'Not Found');
      const result =
        typeof handler === 'function' ? await (handler as (r: RecordedRequest) => unknown)(request) : handler;
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
