import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  expectConnectorError,
  expectWellFormed,
  fetchOptions,
  testHttpPolicy,
  timed,
  useReplayServer,
} from '../../tests/replay/testing';
import { TIKTOK_CLIENT_KEY, TIKTOK_CLIENT_SECRET } from '../../tests/replay/tiktokReplay';
import { createTikTokConnector, parseTikTokJson } from './tiktok';
import type { Source } from '../../domain/scans/connector';

const stocks: Source = { platform: 'tiktok', settingType: 'hashtags', value: '#stocks' };
const QUERY = '/v2/research/video/query/';
const recordedIds = [
  ...readFileSync(new URL('../../tests/replay/fixtures/tiktok/video-query.json', import.meta.url), 'utf8').matchAll(
    /"id": (\d+)/g,
  ),
].map((m) => m[1]!);

describe('TikTok connector against the replay server', () => {
  const replay = useReplayServer();

  const connector = (overrides: Partial<Parameters<typeof createTikTokConnector>[0]> = {}) =>
    createTikTokConnector({
      clientKey: TIKTOK_CLIENT_KEY,
      clientSecret: TIKTOK_CLIENT_SECRET,
      apiUrl: replay().url,
      pageSize: 5,
      firstScanDays: 2,
      http: testHttpPolicy,
      ...overrides,
    });

  it('pages the video query with cursor + search_id under one cached client token, keeping 64-bit ids exact', async () => {
    const options = fetchOptions(100);
    const { posts, cursor } = await connector().fetchNew(stocks, null, options);

    expect(posts).toHaveLength(14);
    expectWellFormed(posts);
    expect(posts.map((p) => p.postId).sort()).toEqual([...recordedIds].sort()); // 19-digit ids, not rounded doubles
    const pages = replay().requestsTo(QUERY);
    expect(pages).toHaveLength(3);
    expect(options.beats.map((b) => b.fetched)).toEqual([5, 10, 14]);
    const bodies = pages.map((r) => JSON.parse(r.body) as Record<string, unknown>);
    expect(bodies[0]).toMatchObject({
      query: { and: [{ operation: 'IN', field_name: 'hashtag_name', field_values: ['stocks'] }] },
      max_count: 5,
      start_date: expect.stringMatching(/^\d{8}$/),
      end_date: expect.stringMatching(/^\d{8}$/),
    });
    expect(bodies[0]).not.toHaveProperty('search_id');
    expect(bodies[1]).toMatchObject({ cursor: 5, search_id: expect.stringMatching(/^\d+$/) });
    expect(bodies[2]).toMatchObject({ cursor: 10, search_id: bodies[1]!.search_id });
    expect(pages[0]!.query.get('fields')).toContain('id,video_description,create_time,username');

    expect(replay().requestsTo('/v2/oauth/token/')).toHaveLength(1);
    for (const r of pages) expect(r.headers.authorization).toBe(`Bearer ${replay().tiktok.tokensIssued[0]}`);

    const pltr = posts.find((p) => p.text.startsWith('Is PLTR a bubble?'))!;
    expect(pltr).toMatchObject({ platform: 'tiktok', source: '#stocks', author: 'thefinancebro', title: '' });
    expect(pltr.url).toBe(`https://www.tiktok.com/@thefinancebro/video/${pltr.postId}`);
    // Results arrive in no time order; the cursor is the newest create_time.
    const newest = Math.max(...posts.map((p) => Date.parse(p.createdAt)));
    expect(JSON.parse(cursor!)).toMatchObject({ v: 1, time: newest });
  });

  it('resumes from the cursor: only newer videos, then nothing', async () => {
    const tiktok = connector();
    const first = await tiktok.fetchNew(stocks, null, fetchOptions(100));
    const added = replay().tiktok.addVideo({
      description: 'NVDA to 1000? #stocks #nvda',
      hashtags: ['stocks', 'nvda'],
    });
    replay().tiktok.addVideo({ description: 'Cooking pasta #food', hashtags: ['food'] });

    const second = await tiktok.fetchNew(stocks, first.cursor, fetchOptions(100));
    expect(second.posts.map((p) => p.postId)).toEqual([added]);
    const third = await tiktok.fetchNew(stocks, second.cursor, fetchOptions(100));
    expect(third).toEqual({ posts: [], cursor: second.cursor });
    expect(replay().tiktok.tokensIssued).toHaveLength(1);
  });

  it('delivers a backlog oldest first within maxPosts, including videos created in the same second', async () => {
    const tiktok = connector();
    let cursor = (await tiktok.fetchNew(stocks, null, fetchOptions(100))).cursor;
    const at = Math.floor(Date.now() / 1000);
    const added = [at, at, at, at + 1].map((t, i) =>
      replay().tiktok.addVideo({ description: `SPY update ${i} #stocks`, hashtags: ['stocks'], createTime: t }),
    );
    const seen: string[] = [];
    for (let round = 0; round < 4; round++) {
      const result = await tiktok.fetchNew(stocks, cursor, fetchOptions(1));
      seen.push(...result.posts.map((p) => p.postId));
      cursor = result.cursor;
    }
    expect(seen).toEqual(added);
  });

  it('waits for Retry-After on a 429 and then succeeds', async () => {
    replay().enqueue(
      { path: QUERY },
      {
        status: 429,
        headers: { 'retry-after': '1' },
        body: {
          data: {},
          error: {
            code: 'rate_limit_exceeded',
            message: 'API rate limit was exceeded. Please try again later.',
            log_id: '202503141300',
          },
        },
      },
    );
    const { result, ms } = await timed(() => connector().fetchNew(stocks, null, fetchOptions(100)));
    expect(ms).toBeGreaterThanOrEqual(950);
    expect(result.posts).toHaveLength(14);
  });

  it('accepts the id as `video_id`, as TikTok documents it, and names the field when neither id is sent', async () => {
    // Written in the shape of TikTok's documented answer: `video_id` as a bare 19-digit number, no `id`.
    replay().enqueue(
      { path: QUERY },
      {
        status: 200,
        headers: { 'content-type': 'application/json' },
        body: readFileSync(
          new URL('../../tests/replay/fixtures/tiktok/video-query-video-id.json', import.meta.url),
          'utf8',
        ),
      },
    );
    const { posts } = await connector().fetchNew(stocks, null, fetchOptions(10));
    expect(posts.map((p) => p.postId).sort()).toEqual(['7481230598765432109', '7481230612345678901']);
    expect(posts.find((p) => p.postId === '7481230612345678901')).toMatchObject({
      text: 'NVDA into earnings, my plan #stocks #nvda',
      url: 'https://www.tiktok.com/video/7481230612345678901',
      engagement: 42,
    });

    replay().enqueue(
      { path: QUERY },
      {
        status: 200,
        body: {
          data: {
            videos: [{ create_time: 1741966800, video_description: 'no id at all' }],
            cursor: 1,
            has_more: false,
            search_id: '1',
          },
          error: { code: 'ok', message: '' },
        },
      },
    );
    await expectConnectorError(
      connector().fetchNew(stocks, null, fetchOptions(10)),
      false,
      /^tiktok #stocks: POST \/v2\/research\/video\/query\/ returned a malformed payload: data\.videos\.0\.id: missing \(expected id or video_id/,
    );
  });

  it('rejects malformed payloads and API errors with clear, non-retryable errors', async () => {
    replay().enqueue(
      { path: QUERY },
      {
        status: 200,
        body: {
          data: {
            videos: [{ id: '7481230000000000001', create_time: 'today' }],
            cursor: 1,
            has_more: false,
            search_id: '1',
          },
          error: { code: 'ok', message: '' },
        },
      },
    );
    await expectConnectorError(
      connector().fetchNew(stocks, null, fetchOptions(10)),
      false,
      /^tiktok #stocks: POST \/v2\/research\/video\/query\/ returned a malformed payload: data\.videos\.0\.create_time/,
    );

    replay().enqueue({ path: QUERY }, { status: 200, body: { error: { code: 'ok', message: '' } } });
    await expectConnectorError(
      connector().fetchNew(stocks, null, fetchOptions(10)),
      false,
      /malformed payload: data: missing \(expected object\)/,
    );

    await expectConnectorError(
      connector({ firstScanDays: 45 }).fetchNew({ ...stocks, settingType: 'creators' }, null, fetchOptions(10)),
      false,
      /unsupported source/,
    );
  });

  it('refreshes a rejected token once, and fails clearly on bad client credentials', async () => {
    const tiktok = connector();
    await tiktok.fetchNew(stocks, null, fetchOptions(100));
    replay().tiktok.revokeTokens();
    expect((await tiktok.fetchNew(stocks, null, fetchOptions(100))).posts).toHaveLength(14);
    expect(replay().tiktok.tokensIssued).toHaveLength(2);

    await expectConnectorError(
      connector({ clientSecret: 'wrong' }).fetchNew(stocks, null, fetchOptions(10)),
      false,
      /tiktok #stocks: POST \/v2\/oauth\/token\/: credentials rejected \(HTTP 401: Client key or secret is incorrect\.\)/,
    );
  });

  it('never asks for a window longer than 30 days', async () => {
    const old = JSON.stringify({ v: 1, time: Date.now() - 90 * 86_400_000, seen: [] });
    await connector().fetchNew(stocks, old, fetchOptions(100));
    const body = JSON.parse(replay().requestsTo(QUERY)[0]!.body) as { start_date: string; end_date: string };
    const days =
      (Date.parse(`${body.end_date.slice(0, 4)}-${body.end_date.slice(4, 6)}-${body.end_date.slice(6)}`) -
        Date.parse(`${body.start_date.slice(0, 4)}-${body.start_date.slice(4, 6)}-${body.start_date.slice(6)}`)) /
      86_400_000;
    expect(days).toBeLessThanOrEqual(30);
  });
});

describe('parseTikTokJson', () => {
  it('keeps every digit of 64-bit ids and search ids', () => {
    const parsed = parseTikTokJson(
      '{"data":{"videos":[{"id": 7481230555272286983,"create_time":1741965609}],"search_id":7481239999999999999,"cursor":1}}',
    ) as { data: { videos: Array<{ id: string; create_time: number }>; search_id: string } };
    expect(parsed.data.videos[0]).toEqual({ id: '7481230555272286983', create_time: 1741965609 });
    expect(parsed.data.search_id).toBe('7481239999999999999');
  });
});
