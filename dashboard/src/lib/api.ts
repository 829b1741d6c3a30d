import type { QueryFunction } from '@tanstack/react-query';
import { z } from 'zod';
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

/**
 * apiRequest for a call whose answer is not used. The answer is still read: the API marks its answers no-store, and
 * the browser keeps such a response open until its body is read, so an unread one keeps the page from going idle.
 */
export async function apiSend(method: HttpMethod, url: string, body?: unknown): Promise<void> {
  await (await apiRequest(method, url, body)).text();
}

/** Reads a successful response as JSON; an empty body (204, or no content) reads as null. */
export async function readJson(res: Response): Promise<unknown> {
  const text = await res.text();
  if (!text) return null;
  return JSON.parse(text) as unknown;
}

/**
 * A successful answer that its route's contract (the zod schema in core/contracts/) rejects: the API and the
 * dashboard disagree about its shape. The message names the call and every field that differs.
 */
export class ContractError extends Error {
  constructor(method: HttpMethod, url: string, error: z.ZodError) {
    super(`${method} ${url} answered outside its contract: ${z.prettifyError(error)}`);
    this.name = 'ContractError';
  }
}

/** The JSON body of a successful response, parsed with its route's contract (an empty body is parsed as null). */
export async function readAnswer<S extends z.ZodType>(
  res: Response,
  schema: S,
  method: HttpMethod,
  url: string,
): Promise<z.output<S>> {
  const parsed = schema.safeParse(await readJson(res));
  if (!parsed.success) throw new ContractError(method, url, parsed.error);
  return parsed.data;
}

/** apiRequest, then the JSON body parsed with the route's contract. */
export async function apiRequestJson<S extends z.ZodType>(
  method: HttpMethod,
  url: string,
  schema: S,
  body?: unknown,
): Promise<z.output<S>> {
  return readAnswer(await apiRequest(method, url, body), schema, method, url);
}

export type UnauthorizedBehavior = 'returnNull' | 'throw';

/** A query function whose queryKey[0] is the URL to GET; the answer is parsed with `schema`. */
export function getQueryFn<S extends z.ZodType>(options: {
  on401: UnauthorizedBehavior;
  schema: S;
}): QueryFunction<z.output<S> | null> {
  return async ({ queryKey, signal }) => {
    const url = String(queryKey[0]);
    return fetchAnswer(url, signal, options);
  };
}

/** GET with cookies, the answer parsed with `schema`; with on401 'returnNull' a 401 (signed out) reads as null. */
export async function fetchAnswer<S extends z.ZodType>(
  url: string,
  signal: AbortSignal | undefined,
  { on401, schema }: { on401: UnauthorizedBehavior; schema: S },
): Promise<z.output<S> | null> {
  const res = await fetch(url, { credentials: 'include', signal });
  if (on401 === 'returnNull' && res.status === 401) {
    await res.text(); // read, so the no-store answer does not stay open
    return null;
  }
  await throwIfResNotOk(res);
  return readAnswer(res, schema, 'GET', url);
}

/** GET of a list, each item parsed with `itemSchema`: a 401 (signed out) reads as an empty list. */
export async function fetchList<S extends z.ZodType>(
  url: string,
  signal: AbortSignal | undefined,
  itemSchema: S,
): Promise<z.output<S>[]> {
  return (await fetchAnswer(url, signal, { on401: 'returnNull', schema: z.array(itemSchema) })) ?? [];
}

/** The list form of the query function: queryKey[0] is the URL, and a 401 (signed out) reads as an empty list. */
export function getListQueryFn<S extends z.ZodType>(itemSchema: S): QueryFunction<z.output<S>[]> {
  return async ({ queryKey, signal }) => fetchList(String(queryKey[0]), signal, itemSchema);
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
