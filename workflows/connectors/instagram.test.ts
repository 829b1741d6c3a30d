import { describe, expect, it } from 'vitest';
import { INSTAGRAM_ACCESS_TOKEN, INSTAGRAM_USER_ID, STOCKS_HASHTAG_ID } from '../../tests/replay/instagramReplay';
import { fixture } from '../../tests/replay/replayTypes';
import {
  expectConnectorError,
  expectWellFormed,
  fetchOptions,
  testHttpPolicy,
  timed,
  useReplayServer,
} from '../../tests/replay/testing';
import { createInstagramConnector } from './instagram';
import type { Source } from '../../domain/scans/connector';

const stocks: Source = { platform: 'instagram', settingType: 'hashtags', value: '#stocks' };
const MEDIA = `/v21.0/${STOCKS_HASHTAG_ID}/recent_media`;

describe('Instagram connector against the replay server', () => {
  const replay = useReplayServer();

  const connector = (overrides: Partial<Parameters<typeof createInstagramConnector>[0]> = {}) =>
    createInstagramConnector({
      accessToken: INSTAGRAM_ACCESS_TOKEN,
      userId: INSTAGRAM_USER_ID,
      apiUrl: `${replay().url}/v21.0`,
      pageSize: 5,
      http: testHttpPolicy,
      ...overrides,
    });

  it('resolves the hashtag once and pages recent_media with the after cursor', async () => {
    const instagram = connector();
    const options = fetchOptions(100);
    const { posts, cursor } = await instagram.fetchNew(stocks, null, options);

    expect(posts).toHaveLength(12);
    expectWellFormed(posts);
    const pages = replay().requestsTo(MEDIA);
    expect(pages).toHaveLength(3);
    expect(pages.map((r) => Boolean(r.query.get('after')))).toEqual([false, true, true]);
    expect(options.beats.map((b) => b.fetched)).toEqual([5, 10, 12]);
    for (const r of replay().requests) {
      expect(r.query.get('access_token')).toBe(INSTAGRAM_ACCESS_TOKEN);
      expect(r.query.get('user_id')).toBe(INSTAGRAM_USER_ID);
    }
    expect(pages[0]!.query.get('fields')).toBe('id,caption,timestamp,like_count,comments_count,permalink,media_type');
    expect(replay().requestsTo('/v21.0/ig_hashtag_search')[0]!.query.get('q')).toBe('stocks');

    // Posts come back oldest first whatever order the API used; hidden like counts count as 0.
    const times = posts.map((p) => Date.parse(p.createdAt));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    const recorded = fixture<{ data: Array<{ id: string; like_count?: number; comments_count: number }> }>(
      'instagram/recent-media-stocks.json',
    ).data;
    const hidden = recorded.find((m) => m.like_count === undefined)!;
    expect(posts.find((p) => p.postId === hidden.id)!.engagement).toBe(hidden.comments_count);
    expect(posts[0]).toMatchObject({
      platform: 'instagram',
      source: '#stocks',
      author: '',
      title: '',
      url: expect.stringMatching(/^https:\/\/www\.instagram\.com\/p\//),
    });
    expect(JSON.parse(cursor!)).toMatchObject({ v: 1, time: times.at(-1) });

    await instagram.fetchNew(stocks, cursor, fetchOptions(100));
    expect(replay().requestsTo('/v21.0/ig_hashtag_search')).toHaveLength(1); // cached
  });

  it('resumes from the cursor: only newer media, wherever they appear in the pages, then nothing', async () => {
    const instagram = connector();
    const first = await instagram.fetchNew(stocks, null, fetchOptions(100));
    const added = replay().instagram.addMedia('stocks', {
      caption: 'AMD dip buyers where you at? #stocks',
      likeCount: 40,
      commentsCount: 2,
    });
    const second = await instagram.fetchNew(stocks, first.cursor, fetchOptions(100));
    expect(second.posts.map((p) => p.postId)).toEqual([added]);
    expect(second.posts[0]!.engagement).toBe(42);
    const third = await instagram.fetchNew(stocks, second.cursor, fetchOptions(100));
    expect(third).toEqual({ posts: [], cursor: second.cursor });
  });

  it('searches a keyword source as one hashtag', async () => {
    replay().instagram.addMedia('stockanalysis', { caption: 'Reading a 10-K like a pro #stockanalysis' });
    const { posts } = await connector().fetchNew(
      { platform: 'instagram', settingType: 'keywords', value: 'stock analysis' },
      null,
      fetchOptions(100),
    );
    expect(posts.map((p) => p.text)).toEqual(['Reading a 10-K like a pro #stockanalysis']);
    expect(posts[0]!.source).toBe('stock analysis');
  });

  it('waits for Retry-After on a 429, and backs off on Graph throttling codes', async () => {
    replay().enqueue(
      { path: MEDIA },
      {
        status: 429,
        headers: { 'retry-after': '1' },
        body: { error: { message: 'Too many calls', type: 'OAuthException', code: 80002, fbtrace_id: 'A1' } },
      },
    );
    const { result, ms } = await timed(() => connector().fetchNew(stocks, null, fetchOptions(100)));
    expect(ms).toBeGreaterThanOrEqual(950);
    expect(result.posts).toHaveLength(12);

    // Code 4 arrives as HTTP 400 with no Retry-After: retried after an exponential back-off.
    replay().enqueue({ path: MEDIA }, { status: 400, body: fixture('instagram/error-rate-limit.json') });
    expect((await connector().fetchNew(stocks, null, fetchOptions(100))).posts).toHaveLength(12);

    // A business-use-case estimate beyond the cap fails at once, retryable.
    replay().enqueue(
      { path: MEDIA },
      {
        status: 400,
        headers: {
          'x-business-use-case-usage': JSON.stringify({
            [INSTAGRAM_USER_ID]: [
              {
                type: 'instagram',
                call_count: 100,
                total_cputime: 10,
                total_time: 10,
                estimated_time_to_regain_access: 12,
              },
            ],
          }),
        },
        body: fixture('instagram/error-rate-limit.json'),
      },
    );
    await expectConnectorError(
      connector().fetchNew(stocks, null, fetchOptions(100)),
      true,
      /instagram #stocks/,
      /Application request limit reached/,
      /wait 720 s/,
    );
  });

  it('rejects malformed payloads and bad tokens with clear, non-retryable errors', async () => {
    replay().enqueue(
      { path: MEDIA },
      {
        status: 200,
        body: {
          data: [
            {
              id: '1',
              caption: '$TSLA #stocks',
              timestamp: 'last tuesday',
              permalink: 'https://www.instagram.com/p/x/',
            },
          ],
        },
      },
    );
    await expectConnectorError(
      connector().fetchNew(stocks, null, fetchOptions(10)),
      false,
      /^instagram #stocks: GET \/\{hashtag-id\}\/recent_media returned a malformed payload: data\.0\.timestamp: not a parseable date/,
    );

    await expectConnectorError(
      connector({ accessToken: 'expired' }).fetchNew(stocks, null, fetchOptions(10)),
      false,
      /instagram #stocks: GET \/ig_hashtag_search: access token invalid or expired \(OAuthException 190/,
    );
  });
});
