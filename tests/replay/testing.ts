import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { RateLimiterMemory } from 'rate-limiter-flexible';
import type { HttpPolicy } from '../../platform/http/httpClient';
import { createRequestPacer, type LimiterFactory, type RequestPacer } from '../../platform/http/requestPacer';
import { ConnectorError, type FetchOptions, type RawPost } from '../../domain/scans/connector';
import { ReplayServer } from './replayServer';

/** A replay server for the enclosing describe block, reset before each test; call the returned function for it. */
export function useReplayServer(): () => ReplayServer {
  let replay: ReplayServer | undefined;
  beforeAll(async () => {
    replay = await ReplayServer.start();
  });
  afterAll(async () => {
    await replay?.close();
  });
  beforeEach(() => replay!.reset());
  return () => replay!;
}

/** Small waits so back-off tests stay fast; the cap still lets a `Retry-After: 1` be honoured. */
export const testHttpPolicy: Partial<HttpPolicy> = {
  timeoutMs: 5_000,
  maxAttempts: 3,
  maxWaitMs: 3_000,
  baseBackoffMs: 20,
};

/** FetchOptions that record every heartbeat. */
export function fetchOptions(maxPosts: number): FetchOptions & { beats: Array<{ source: string; fetched: number }> } {
  const beats: Array<{ source: string; fetched: number }> = [];
  return { maxPosts, beats, heartbeat: (detail) => beats.push(detail) };
}

/** Awaits a rejection and checks it is a ConnectorError with the expected retryability and message parts. */
export async function expectConnectorError(
  promise: Promise<unknown>,
  retryable: boolean,
  ...messageParts: Array<string | RegExp>
): Promise<ConnectorError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ConnectorError);
  const connectorError = error as ConnectorError;
  expect(connectorError.retryable).toBe(retryable);
  for (const part of messageParts) expect(connectorError.message).toMatch(part);
  return connectorError;
}

export async function timed<T>(run: () => Promise<T>): Promise<{ result: T; ms: number }> {
  const started = performance.now();
  const result = await run();
  return { result, ms: performance.now() - started };
}

/** Every post once: ids are unique and the RawPost fields are filled as the data model expects. */
export function expectWellFormed(posts: RawPost[]): void {
  expect(new Set(posts.map((p) => p.postId)).size).toBe(posts.length);
  for (const p of posts) {
    expect(p.postId).not.toBe('');
    expect(Number.isNaN(Date.parse(p.createdAt))).toBe(false);
    expect(p.createdAt).toBe(new Date(p.createdAt).toISOString());
    expect(p.url).toMatch(/^https:\/\//);
    expect(Number.isFinite(p.engagement)).toBe(true);
  }
}

/** Request counters in memory, one per key prefix, for connectors under test (production counts in Postgres). */
export const memoryLimiters: LimiterFactory = (options) => new RateLimiterMemory(options);

/** A pacer that never waits: the connector tests are about paging, not pacing (requestPacer.test.ts covers pacing). */
export const unpaced = (): RequestPacer =>
  createRequestPacer(new RateLimiterMemory({ points: 1_000_000, duration: 1 }), 'test', { maxWaitMs: 0 });
