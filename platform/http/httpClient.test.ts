import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { expectConnectorError, timed } from '../../tests/replay/testing';
import { createHttpClient, type HttpPolicy } from './httpClient';
import { parsePayload } from './payload';
import { TokenCache } from './tokenCache';
import { waitFromHeaders } from './waits';
import { advanceMark, decodeCursor, encodeCursor, takeAfterMark, timeMarkSchema } from './watermark';

const context = { platform: 'reddit' as const, source: 'r/stocks' };
const url = new URL('https://api.example.test/r/stocks/new');

/** A fetch that answers from a script, one response per call. */
function scripted(...responses: Array<() => Response>): HttpPolicy['fetch'] & { calls: number } {
  const fn = Object.assign(async () => responses[Math.min(fn.calls++, responses.length - 1)]!(), { calls: 0 });
  return fn;
}
const jsonResponse =
  (status: number, body: unknown, headers: Record<string, string> = {}) =>
  () =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

describe('waitFromHeaders', () => {
  const now = Date.parse('2025-03-14T13:00:00Z');
  it('reads Retry-After as seconds or an HTTP date', () => {
    expect(waitFromHeaders(new Headers({ 'retry-after': '2' }), now)).toBe(2000);
    expect(waitFromHeaders(new Headers({ 'retry-after': 'Fri, 14 Mar 2025 13:00:03 GMT' }), now)).toBe(3000);
    expect(waitFromHeaders(new Headers({ 'retry-after': 'Fri, 14 Mar 2025 12:00:00 GMT' }), now)).toBe(0);
  });
  it('reads X epoch resets and Reddit relative resets', () => {
    expect(waitFromHeaders(new Headers({ 'x-rate-limit-reset': String(now / 1000 + 5) }), now)).toBe(5000);
    expect(waitFromHeaders(new Headers({ 'x-ratelimit-reset': '7' }), now)).toBe(7000);
    expect(
      waitFromHeaders(new Headers({ 'retry-after': '1', 'x-rate-limit-reset': String(now / 1000 + 60) }), now),
    ).toBe(1000);
  });
  it('returns undefined when nothing usable is there', () => {
    expect(waitFromHeaders(new Headers(), now)).toBeUndefined();
    expect(waitFromHeaders(new Headers({ 'retry-after': 'soon', 'x-rate-limit-reset': 'later' }), now)).toBeUndefined();
  });
});

describe('createHttpClient', () => {
  const policy = { maxAttempts: 3, maxWaitMs: 1_000, baseBackoffMs: 5, timeoutMs: 200 };

  it('retries 5xx with back-off and returns the JSON that follows', async () => {
    const fetch = scripted(jsonResponse(502, { message: 'Bad Gateway' }), jsonResponse(200, { ok: true }));
    const result = await createHttpClient({ ...policy, fetch }).requestJson(context, {
      url,
      label: 'GET /r/stocks/new',
    });
    expect(result.body).toEqual({ ok: true });
    expect(fetch.calls).toBe(2);
  });

  it('does not retry other 4xx', async () => {
    const fetch = scripted(jsonResponse(404, { message: 'Not Found', error: 404 }));
    await expectConnectorError(
      createHttpClient({ ...policy, fetch }).requestJson(context, { url, label: 'GET /r/stocks/new' }),
      false,
      'reddit r/stocks: GET /r/stocks/new: request rejected (HTTP 404: Not Found)',
    );
    expect(fetch.calls).toBe(1);
  });

  it('calls an empty 200 body malformed', async () => {
    const fetch = scripted(() => new Response('', { status: 200 }));
    await expectConnectorError(
      createHttpClient({ ...policy, fetch }).requestJson(context, { url, label: 'GET /r/stocks/new' }),
      false,
      /the body is not JSON/,
    );
  });

  it('gives up on network failures with a retryable error', async () => {
    const fetch = Object.assign(async () => {
      throw new TypeError('fetch failed', { cause: new Error('connect ECONNREFUSED 127.0.0.1:9') });
    });
    await expectConnectorError(
      createHttpClient({ ...policy, fetch }).requestJson(context, { url, label: 'GET /r/stocks/new' }),
      true,
      /network error \(fetch failed: connect ECONNREFUSED/,
      /after 3 attempt/,
    );
  });

  describe('against a server that never answers', () => {
    let server: Server;
    let hangingUrl: URL;
    beforeAll(async () => {
      server = createServer(() => undefined);
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      hangingUrl = new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}/hang`);
    });
    afterAll(async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    });

    it('times out each attempt and reports a retryable error', async () => {
      const { ms } = await timed(() =>
        expectConnectorError(
          createHttpClient({ ...policy, maxAttempts: 2 }).requestJson(context, { url: hangingUrl, label: 'GET /hang' }),
          true,
          /timed out after 200 ms, gave up after 2 attempt/,
        ),
      );
      expect(ms).toBeGreaterThanOrEqual(390);
    });

    it('stops at once when the caller aborts, with the caller’s reason', async () => {
      const controller = new AbortController();
      setTimeout(() => controller.abort(new Error('scan cancelled')), 50);
      const { ms } = await timed(() =>
        expect(
          createHttpClient({ ...policy, timeoutMs: 5_000 }).requestJson(context, {
            url: hangingUrl,
            label: 'GET /hang',
            signal: controller.signal,
          }),
        ).rejects.toThrow('scan cancelled'),
      );
      expect(ms).toBeLessThan(1_000);
    });
  });

  it('aborts a back-off wait too', async () => {
    const controller = new AbortController();
    const fetch = scripted(jsonResponse(429, {}, { 'retry-after': '1' }));
    setTimeout(() => controller.abort(new Error('worker shutting down')), 50);
    const { ms } = await timed(() =>
      expect(
        createHttpClient({ ...policy, maxWaitMs: 5_000, fetch }).requestJson(context, {
          url,
          label: 'GET /r/stocks/new',
          signal: controller.signal,
        }),
      ).rejects.toThrow('worker shutting down'),
    );
    expect(ms).toBeLessThan(500);
  });
});

describe('parsePayload', () => {
  it('names the platform, source, request and the first problems', () => {
    const schema = z.object({ data: z.object({ children: z.array(z.object({ name: z.string() })) }) });
    expect(() => parsePayload(schema, { data: { children: [{ name: 1 }, {}] } }, context, 'GET /r/stocks/new')).toThrow(
      /^reddit r\/stocks: GET \/r\/stocks\/new returned a malformed payload: data\.children\.0\.name: .*; data\.children\.1\.name: /,
    );
    expect(() => parsePayload(schema, 'nope', context, 'GET /x')).toThrow(/\(root\)/);
  });
});

describe('TokenCache', () => {
  it('issues once, shares one in-flight request, and refreshes near expiry or after invalidate', async () => {
    const issuedAt = 1_700_000_000_000;
    let clock = issuedAt;
    let issued = 0;
    const cache = new TokenCache<string>(
      async () => ({ accessToken: `token-${++issued}`, expiresInSeconds: 3600 }),
      () => clock,
    );
    expect(await Promise.all([cache.get('a'), cache.get('b')])).toEqual(['token-1', 'token-1']);
    clock = issuedAt + 3_500_000;
    expect(await cache.get('a')).toBe('token-1');
    clock = issuedAt + 3_540_001; // inside the one-minute safety margin
    expect(await cache.get('a')).toBe('token-2');
    cache.invalidate();
    expect(await cache.get('a')).toBe('token-3');
  });
});

describe('time marks', () => {
  const items = [
    { id: 'a', time: 1000 },
    { id: 'b', time: 2000 },
    { id: 'c', time: 2000 },
    { id: 'd', time: 3000 },
  ];
  const stamp = (x: { id: string; time: number }) => x;

  it('takes the newest on a first scan and the oldest when resuming', () => {
    expect(takeAfterMark(items, stamp, null, 2)).toEqual({
      taken: [items[2], items[3]],
      mark: { time: 3000, seen: ['d'] },
    });
    expect(takeAfterMark(items, stamp, { time: 1000, seen: ['a'] }, 1)).toEqual({
      taken: [items[1]],
      mark: { time: 2000, seen: ['b'] },
    });
  });

  it('keeps same-instant items reachable and never repeats one', () => {
    const after = takeAfterMark(items, stamp, { time: 2000, seen: ['b'] }, 10);
    expect(after.taken.map((x) => x.id)).toEqual(['c', 'd']);
    expect(advanceMark({ time: 2000, seen: ['b'] }, [{ id: 'c', time: 2000 }])).toEqual({
      time: 2000,
      seen: ['b', 'c'],
    });
    expect(takeAfterMark([...items, items[0]!], stamp, null, 10).taken).toHaveLength(4);
    expect(takeAfterMark(items, stamp, { time: 3000, seen: ['d'] }, 10)).toEqual({
      taken: [],
      mark: { time: 3000, seen: ['d'] },
    });
  });

  it('reads only its own cursors; anything else means a first scan', () => {
    const cursor = encodeCursor({ time: 5, seen: ['x'] });
    expect(decodeCursor(timeMarkSchema, cursor)).toEqual({ time: 5, seen: ['x'] });
    expect(decodeCursor(timeMarkSchema, '2025-03-14T13:00:00.000Z')).toBeNull(); // a simulated-feed cursor
    expect(decodeCursor(timeMarkSchema, '{"v":1}')).toBeNull();
    expect(decodeCursor(timeMarkSchema, null)).toBeNull();
  });
});
