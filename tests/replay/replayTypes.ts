import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** One request as the replay server received it (every request is logged, overridden or not). */
export interface ReplayRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  /** Lower-cased header names. */
  headers: Record<string, string | undefined>;
  body: string;
  at: number;
}

/** A response to send: an object body is JSON-encoded, a string body is sent verbatim. */
export interface ReplayResponse {
  status: number;
  headers?: Record<string, string>;
  body: unknown;
}

/** A platform's routes: answers the requests it owns, undefined for the rest. */
export interface PlatformReplay {
  handle(request: ReplayRequest): ReplayResponse | undefined;
}

const fixtureDir = fileURLToPath(new URL('./fixtures/', import.meta.url));

/** A recorded payload from tests/replay/fixtures (a fresh copy each call). */
export function fixture<T = unknown>(name: string, parse: (text: string) => unknown = JSON.parse): T {
  return parse(readFileSync(`${fixtureDir}${name}`, 'utf8')) as T;
}

export const json = (status: number, body: unknown, headers?: Record<string, string>): ReplayResponse => ({
  status,
  body,
  headers,
});

export const bearerOf = (request: ReplayRequest) => /^bearer\s+(.+)$/i.exec(request.headers.authorization ?? '')?.[1];

/** Opaque page tokens: the offset into a result set, wrapped so connectors cannot read it. */
export const pageToken = (prefix: string, offset: number) =>
  `${prefix}${Buffer.from(`o:${offset}`).toString('base64url')}`;
export function offsetOf(prefix: string, token: string | null): number | undefined {
  if (!token) return 0;
  if (!token.startsWith(prefix)) return undefined;
  const m = /^o:(\d+)$/.exec(Buffer.from(token.slice(prefix.length), 'base64url').toString());
  return m ? Number(m[1]) : undefined;
}

/** Shifts recorded times so the newest fixture item is `agoMs` old now (fixtures stay "recent" whenever tests run). */
export function rebaseShift(recordedTimesMs: number[], now: number, agoMs = 10 * 60_000): number {
  return recordedTimesMs.length === 0 ? 0 : now - agoMs - Math.max(...recordedTimesMs);
}
