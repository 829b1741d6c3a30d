import type { Platform } from '../../core/platforms';
import { ConnectorError } from './connectorError';
import { sleep, waitFromHeaders } from './waits';

/** Timeouts and back-off shared by every connector; tests inject small values. */
export interface HttpPolicy {
  /** Per request, including reading the body. */
  timeoutMs: number;
  /** Attempts per request when the answer is 429/5xx or the network fails (1 = no retry). */
  maxAttempts: number;
  /** The longest single wait; a server asking for more fails at once (retryable) instead of holding the scan. */
  maxWaitMs: number;
  /** First exponential back-off step when the response names no wait (doubles per attempt). */
  baseBackoffMs: number;
  fetch: typeof fetch;
}

export const defaultHttpPolicy: HttpPolicy = {
  timeoutMs: 20_000,
  maxAttempts: 4,
  maxWaitMs: 60_000,
  baseBackoffMs: 1_000,
  fetch: (input, init) => fetch(input, init),
};

/** Names the platform (or 'prices' for the market-data API) and the source in every error. */
export interface RequestContext {
  platform: Platform | 'prices';
  source: string;
}

/** An error response as the platform sent it, for platform-specific interpretation. */
export interface ErrorResponse {
  status: number;
  headers: Headers;
  /** Parsed JSON, or undefined when the body was not JSON. */
  body: unknown;
  text: string;
}

/** What to do with an error response: retry (after waitMs, else what Retry-After/x-rate-limit-reset say, else back-off), fail, or hand it to the caller. */
export type ErrorVerdict =
  | { action: 'retry'; waitMs?: number; reason: string }
  | { action: 'fail'; retryable: boolean; message: string }
  | { action: 'accept' };

export interface JsonRequest {
  method?: 'GET' | 'POST';
  url: URL;
  headers?: Record<string, string>;
  body?: string | URLSearchParams;
  /** What the request is, for messages: "GET /r/stocks/new". */
  label: string;
  signal?: AbortSignal;
  /** Platform-specific reading of a non-2xx answer; undefined falls back to the HTTP status. */
  interpretError?: (response: ErrorResponse) => ErrorVerdict | undefined;
  /** Body text to JSON (TikTok quotes 64-bit ids before parsing). Defaults to JSON.parse. */
  parse?: (text: string) => unknown;
}

export interface JsonResponse {
  status: number;
  headers: Headers;
  body: unknown;
}

export interface HttpClient {
  readonly policy: HttpPolicy;
  requestJson(context: RequestContext, request: JsonRequest): Promise<JsonResponse>;
}

const NOT_JSON = Symbol('not json');

export function createHttpClient(overrides: Partial<HttpPolicy> = {}): HttpClient {
  const policy: HttpPolicy = { ...defaultHttpPolicy, ...overrides };
  const backoff = (attempt: number) => Math.min(policy.maxWaitMs, policy.baseBackoffMs * 2 ** (attempt - 1));

  async function requestJson(context: RequestContext, request: JsonRequest): Promise<JsonResponse> {
    const where = `${context.platform} ${context.source}: ${request.label}`;
    const parse = request.parse ?? JSON.parse;
    for (let attempt = 1; ; attempt++) {
      request.signal?.throwIfAborted();
      const last = attempt >= policy.maxAttempts;
      let status: number;
      let headers: Headers;
      let text: string;
      try {
        const timeout = AbortSignal.timeout(policy.timeoutMs);
        const signal = request.signal ? AbortSignal.any([request.signal, timeout]) : timeout;
        const res = await policy.fetch(request.url, {
          method: request.method ?? 'GET',
          headers: request.headers,
          body: request.body,
          signal,
        });
        status = res.status;
        headers = res.headers;
        text = await res.text();
      } catch (error) {
        if (request.signal?.aborted) throw request.signal.reason;
        const problem =
          error instanceof Error && error.name === 'TimeoutError'
            ? `timed out after ${policy.timeoutMs} ms`
            : `network error (${describe(error)})`;
        if (last) throw new ConnectorError(`${where} ${problem}, gave up after ${attempt} attempt(s)`, true);
        await sleep(backoff(attempt), request.signal);
        continue;
      }

      let body: unknown = NOT_JSON;
      try {
        body = text.trim() === '' ? NOT_JSON : parse(text);
      } catch {
        body = NOT_JSON;
      }

      if (status >= 200 && status < 300) {
        if (body === NOT_JSON) {
          const type = headers.get('content-type') ?? 'no content-type';
          throw new ConnectorError(
            `${where} returned a malformed payload: the body is not JSON (${type}): ${snippet(text)}`,
            false,
          );
        }
        return { status, headers, body };
      }

      const errorResponse: ErrorResponse = { status, headers, body: body === NOT_JSON ? undefined : body, text };
      const verdict = request.interpretError?.(errorResponse) ?? defaultVerdict(errorResponse);
      if (verdict.action === 'accept') return { status, headers, body: errorResponse.body };
      if (verdict.action === 'fail') throw new ConnectorError(`${where}: ${verdict.message}`, verdict.retryable);

      const wait = verdict.waitMs ?? waitFromHeaders(headers) ?? backoff(attempt);
      if (wait > policy.maxWaitMs) {
        throw new ConnectorError(
          `${where}: ${verdict.reason}; the server asks to wait ${Math.ceil(wait / 1000)} s, more than the ${Math.ceil(policy.maxWaitMs / 1000)} s cap`,
          true,
        );
      }
      if (last)
        throw new ConnectorError(`${where}: ${verdict.reason}, still failing after ${attempt} attempt(s)`, true);
      await sleep(wait, request.signal);
    }
  }

  return { policy, requestJson };
}

/** 429/503 wait as told; other 5xx back off; 401/403 are bad credentials; other 4xx cannot succeed on retry. */
export function defaultVerdict(response: ErrorResponse): ErrorVerdict {
  const { status } = response;
  const detail = errorDetail(response);
  if (status === 429)
    return { action: 'retry', waitMs: waitFromHeaders(response.headers), reason: `rate limited (HTTP 429: ${detail})` };
  if (status === 503)
    return {
      action: 'retry',
      waitMs: waitFromHeaders(response.headers),
      reason: `service unavailable (HTTP 503: ${detail})`,
    };
  if (status >= 500) return { action: 'retry', reason: `server error (HTTP ${status}: ${detail})` };
  if (status === 401 || status === 403)
    return { action: 'fail', retryable: false, message: `credentials rejected (HTTP ${status}: ${detail})` };
  return { action: 'fail', retryable: status === 408, message: `request rejected (HTTP ${status}: ${detail})` };
}

/** The human part of an error body across the platforms' formats, or a snippet of the text. */
export function errorDetail(response: Pick<ErrorResponse, 'body' | 'text'>): string {
  const body = response.body as Record<string, unknown> | undefined;
  if (body && typeof body === 'object') {
    const error = body.error;
    if (error && typeof error === 'object') {
      const e = error as Record<string, unknown>;
      const parts = [e.code, e.message].filter((v) => typeof v === 'string' || typeof v === 'number');
      if (parts.length > 0) return parts.join(' ');
    }
    for (const key of ['detail', 'message', 'title', 'error_description', 'error'] as const) {
      if (typeof body[key] === 'string') return body[key] as string;
    }
  }
  return snippet(response.text) || 'empty body';
}

function snippet(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > 120 ? `${flat.slice(0, 120)}…` : flat;
}

function describe(error: unknown): string {
  if (error instanceof Error) {
    const cause = (error as Error & { cause?: unknown }).cause;
    return cause instanceof Error ? `${error.message}: ${cause.message}` : error.message;
  }
  return String(error);
}
