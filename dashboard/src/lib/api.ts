import type { QueryFunction } from '@tanstack/react-query';

/** HTTP methods the dashboard sends. */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Spec §7: any non-success response becomes an Error whose message is
 * `${status}: ${response text, or the status text when the body is empty}`.
 */
export async function throwIfResNotOk(res: Response): Promise<void> {
  if (res.ok) return;
  const text = await res.text().catch(() => '');
  throw new Error(`${res.status}: ${text || res.statusText}`);
}

/** Sends one request with cookies; a body is sent as JSON. Returns the (successful) Response. */
export async function apiRequest(method: HttpMethod, url: string, body?: unknown): Promise<Response> {
  const init: RequestInit = { method, credentials: 'include' };
  if (body !== undefined) {
    init.headers = { 'Content-Type': 'application/json' };
    init.body = JSON.stringify(body);
  }
  const res = await fetch(url, init);
  await throwIfResNotOk(res);
  return res;
}

/** Reads a successful response as JSON; an empty body (204, or no content) reads as null. */
export async function readJson<T>(res: Response): Promise<T | null> {
  const text = await res.text();
  if (!text) return null;
  return JSON.parse(text) as T;
}

/** apiRequest, then the JSON body. */
export async function apiRequestJson<T>(method: HttpMethod, url: string, body?: unknown): Promise<T | null> {
  return readJson<T>(await apiRequest(method, url, body));
}

export type UnauthorizedBehavior = 'returnNull' | 'throw';

/** A query function whose queryKey[0] is the URL to GET. */
export function getQueryFn<T>(options: { on401: UnauthorizedBehavior }): QueryFunction<T | null> {
  return async ({ queryKey, signal }) => {
    const url = String(queryKey[0]);
    const res = await fetch(url, { credentials: 'include', signal });
    if (options.on401 === 'returnNull' && res.status === 401) return null;
    await throwIfResNotOk(res);
    return readJson<T>(res);
  };
}

/** The list form of the default fetch: a 401 (signed out) reads as an empty list. */
export function getListQueryFn<T>(): QueryFunction<T[]> {
  const fetchOne = getQueryFn<T[]>({ on401: 'returnNull' });
  return async (context) => (await fetchOne(context)) ?? [];
}

export function isUnauthorizedError(error: unknown): boolean {
  return error instanceof Error && /^401: .*Unauthorized/.test(error.message);
}

/**
 * The text to show a person for an API error. Server errors read `status: {"message": "..."}`;
 * this returns that message, the raw error message when the body is not such JSON,
 * or the fallback when there is nothing usable.
 */
export function getErrorMessage(error: unknown, fallback = 'Something went wrong. Please try again.'): string {
  if (!(error instanceof Error) || !error.message) return fallback;
  const match = /^(\d{3}): ([\s\S]*)$/.exec(error.message);
  const body = match?.[2];
  if (body !== undefined) {
    try {
      const parsed: unknown = JSON.parse(body);
      if (parsed && typeof parsed === 'object' && 'message' in parsed && typeof parsed.message === 'string' && parsed.message) {
        return parsed.message;
      }
    } catch {
      // Not JSON: the whole "status: text" message is the best description we have.
    }
  }
  return error.message;
}
