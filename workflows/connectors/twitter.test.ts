import { describe, expect, it } from 'vitest';
import { expectConnectorError, expectWellFormed, fetchOptions, testHttpPolicy, timed, useReplayServer } from '../../tests/replay/testing';
import { compileQuery, X_BEARER_TOKEN } from '../../tests/replay/twitterReplay';
import { buildTwitterQuery, createTwitterConnector } from './twitter';
import type { Source } from './types';

const stocks: Source = { platform: 'twitter', settingType: 'hashtags', value: '#stocks' };
const cashtags: Source = { platform: 'twitter', settingType: 'keywords', value: '$' };
const SEARCH = '/2/tweets/search/recent';

describe('X query building', () => {
  it('builds English, retweet-free queries per source type', () => {
    expect(buildTwitterQuery(stocks)).toBe('#stocks lang:en -is:retweet');
    expect(buildTwitterQuery({ ...stocks, value: 'investing' })).toBe('#investing lang:en -is:retweet');
    expect(buildTwitterQuery({ ...cashtags, value: 'calls' })).toBe('calls lang:en -is:retweet');
    expect(buildTwitterQuery({ ...cashtags, value: 'market update' })).toBe('"market update" lang:en -is:retweet');
    expect(buildTwitterQuery(cashtags)).toBe('(stock OR stocks OR shares OR calls OR puts OR earnings OR buy OR sell OR bullish OR bearish) has:cashtags lang:en -is:retweet');
    // Every built query is one X accepts (a standalone term besides the operators).
    for (const value of ['$', 'calls', 'market update']) expect(() => compileQuery(buildTwitterQuery({ ...cashtags, value }))).not.toThrow();
  });
});

describe('X connector against the replay server', () => {
  const replay = useReplayServer();

  const connector = (overrides: Partial<Parameters<typeof createTwitterConnector>[0]> = {}) =>
    createTwitterConnector({ bearerToken: X_BEARER_TOKEN, apiUrl: replay().url, pageSize: 10, http: testHttpPolicy, ...overrides });

  it('pages recent search with next_token, skipping retweets and other languages', async () => {
    const options = fetchOptions(100);
    const { posts, cursor } = await connector().fetchNew(stocks, null, options);

    expect(posts).toHaveLength(23); // 25 recorded with #stocks, minus one retweet and one Spanish post
    expectWellFormed(posts);
    expect(posts.some((p) => p.text.startsWith('RT @'))).toBe(false);
    expect(posts.some((p) => p.text.startsWith('Las acciones'))).toBe(false);
    const calls = replay().requestsTo(SEARCH);
    expect(calls).toHaveLength(3);
    expect(calls.map((r) => Boolean(r.query.get('next_token')))).toEqual([false, true, true]);
    expect(options.beats.map((b) => b.fetched)).toEqual([10, 20, 23]);
    for (const r of calls) {
      expect(r.headers.authorization).toBe(`Bearer ${X_BEARER_TOKEN}`);
      expect(r.query.get('query')).toBe('#stocks lang:en -is:retweet');
      expect(r.query.get('tweet.fields')).toContain('created_at,author_id,public_metrics');
      expect(r.query.get('expansions')).toBe('author_id');
    }

    const nvda = posts.find((p) => p.text.startsWith('Thread on why $NVDA'))!;
    expect(nvda.text).toContain('adding $AVGO as the networking play'); // the full note_tweet, not the truncated text
    expect(nvda).toMatchObject({ platform: 'twitter', source: '#stocks', author: '1349149096909668363', title: '', engagement: 1940 + 210 + 88 + 31 });
    expect(nvda.url).toBe(`https://x.com/PelosiTracker_/status/${nvda.postId}`);
    const newest = posts.map((p) => BigInt(p.postId)).reduce((a, b) => (a > b ? a : b));
    expect(JSON.parse(cursor!)).toEqual({ v: 1, sinceId: String(newest) });
  });

  it('resumes with since_id: only newer posts, then nothing', async () => {
    const x = connector();
    const first = await x.fetchNew(stocks, null, fetchOptions(100));
    const added = replay().twitter.addTweet({ text: '$AMD reclaiming 180, adding shares #stocks', likes: 12 });
    replay().twitter.addTweet({ text: 'This one is about #crypto only' });

    const second = await x.fetchNew(stocks, first.cursor, fetchOptions(100));
    expect(second.posts.map((p) => p.postId)).toEqual([added]);
    expect(replay().requestsTo(SEARCH).at(-1)!.query.get('since_id')).toBe(JSON.parse(first.cursor!).sinceId);

    const third = await x.fetchNew(stocks, second.cursor, fetchOptions(100));
    expect(third).toEqual({ posts: [], cursor: second.cursor });
  });

  it('delivers a backlog oldest first within maxPosts, without repeats', async () => {
    const x = connector();
    let cursor = (await x.fetchNew(stocks, null, fetchOptions(100))).cursor;
    const added = Array.from({ length: 5 }, (_, i) => replay().twitter.addTweet({ text: `$SPY update ${i} #stocks` }));
    const seen: string[] = [];
    for (let round = 0; round < 4; round++) {
      const result = await x.fetchNew(stocks, cursor, fetchOptions(2));
      seen.push(...result.posts.map((p) => p.postId));
      cursor = result.cursor;
    }
    expect(seen).toEqual(added);
  });

  it('finds cashtag posts for the "$" keyword', async () => {
    const { posts } = await connector().fetchNew(cashtags, null, fetchOptions(100));
    expect(posts.length).toBeGreaterThan(3);
    for (const p of posts) expect(p.text).toMatch(/\$[A-Z]{1,5}/);
    expect(posts.every((p) => p.source === '$')).toBe(true);
  });

  it('waits until x-rate-limit-reset on a 429 and then succeeds', async () => {
    const reset = Math.floor(Date.now() / 1000) + 2;
    replay().enqueue({ path: SEARCH }, { status: 429, headers: { 'x-rate-limit-limit': '450', 'x-rate-limit-remaining': '0', 'x-rate-limit-reset': String(reset) }, body: { title: 'Too Many Requests', detail: 'Too Many Requests', type: 'about:blank', status: 429 } });
    const { result, ms } = await timed(() => connector().fetchNew(stocks, null, fetchOptions(100)));
    expect(ms).toBeGreaterThanOrEqual(950);
    expect(Date.now()).toBeGreaterThanOrEqual(reset * 1000 - 50);
    expect(result.posts).toHaveLength(23);
  });

  it('waits for Retry-After: 1 too', async () => {
    replay().enqueue({ path: SEARCH }, { status: 429, headers: { 'retry-after': '1' }, body: { title: 'Too Many Requests', status: 429 } });
    const { ms } = await timed(() => connector().fetchNew(stocks, null, fetchOptions(10)));
    expect(ms).toBeGreaterThanOrEqual(950);
  });

  it('rejects a malformed page with a clear, non-retryable error', async () => {
    replay().enqueue({ path: SEARCH }, { status: 200, body: { data: [{ id: '1768512000000000001', text: '$TSLA #stocks', created_at: '2025-03-14T13:00:00.000Z', author_id: '1' }], meta: { result_count: 1 } } });
    await expectConnectorError(connector().fetchNew(stocks, null, fetchOptions(10)), false, /^twitter #stocks: GET \/2\/tweets\/search\/recent returned a malformed payload/, /data\.0\.public_metrics/);

    replay().enqueue({ path: SEARCH }, { status: 200, body: { data: [] } });
    await expectConnectorError(connector().fetchNew(stocks, null, fetchOptions(10)), false, /meta/);
  });

  it('starts over without since_id when X rejects an expired since_id', async () => {
    const x = connector();
    const stale = JSON.stringify({ v: 1, sinceId: '1000000000000000000' });
    replay().enqueue({ path: SEARCH }, { status: 400, body: { errors: [{ parameters: { since_id: ['1000000000000000000'] }, message: "Invalid 'since_id':'1000000000000000000'. 'since_id' must be a tweet id created after 2025-03-07T13:00Z." }], title: 'Invalid Request', detail: 'One or more parameters to your request was invalid.', type: 'https://api.twitter.com/2/problems/invalid-request' } });
    const result = await x.fetchNew(stocks, stale, fetchOptions(100));
    expect(result.posts).toHaveLength(23);
    expect(replay().requestsTo(SEARCH).at(-1)!.query.get('since_id')).toBeNull();
  });

  it('fails without retry on a rejected bearer token or an invalid hashtag', async () => {
    await expectConnectorError(connector({ bearerToken: 'nope' }).fetchNew(stocks, null, fetchOptions(10)), false, /twitter #stocks/, /credentials rejected \(HTTP 401: Unauthorized\)/);
    await expectConnectorError(connector().fetchNew({ ...stocks, value: '#not a tag' }, null, fetchOptions(10)), false, /not a hashtag/);
  });
});
