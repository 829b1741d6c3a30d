import type { QueryFunction } from '@tanstack/react-query';
import { errorBodySchema } from '@core/contracts/errors';

/** HTTP methods the dashboard sends. */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * A failed API call. Its message keeps the `${status}: ${response text, or the status text when the body is empty}`
 * form; `serverMessage` and `field` are the server's `{message, field}` when the body is that JSON, so a form can put a
 * 400 that names a field under that field. The api layer only throws it: the component that made the call decides
 * what to show.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly serverMessage: string | undefined;
  readonly field: string | undefined;

  constructor(status: number, text: string, statusText = '') {
    super(`${status}: ${text || statusText}`);
    this.name = 'ApiError';
    this.status = status;
    const body = errorBodySchema.safeParse(parseJson(text));
    this.serverMessage = body.success && body.data.message ? body.data.message : undefined;
    this.field = body.success ? body.data.field : undefined;
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Any non-success response becomes an ApiError. */
export async function throwIfResNotOk(res: Response): Promise<void> {
  if (res.ok) return;
  const text = await res.text().catch(() => '');
  throw new ApiError(res.status, text, res.statusText);
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
    if (options.on401 === 'returnNull' && res.status === 401) {
      await res.text(); // read, so the no-store answer does not stay open
      return null;
    }
    await throwIfResNotOk(res);
    return readJson<T>(res);
  };
}

/** The list form of the default fetch: a 401 (signed out) reads as an empty list. */
export function getListQueryFn<T>(): QueryFunction<T[]> {
  const fetchOne = getQueryFn<T[]>({ on401: 'returnNull' });
  return async (context) => (await fetchOne(context)) ?? [];
}

/** A 401 whose answer says "Unauthorized": the session is gone (a wrong password also answers 401, with its own words). */
export function isUnauthorizedError(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401 && /Unauthorized/.test(error.message);
}

/**
 * The text to show a person for an API error. Server errors read `status: {"message": "..."}`;
 * this returns that message, the raw error message when the body is not such JSON,
 * or the fallback when there is nothing usable.
 */
export function getErrorMessage(error: unknown, fallback = 'Something went wrong. Please try again.'): string {
  if (!(error instanceof Error) || !error.message) return fallback;
  // Not a server {message}: the whole "status: text" message is the best description we have.
  return (error instanceof ApiError && error.serverMessage) || error.message;
}
