import { RateLimiterMemory } from 'rate-limiter-flexible';
import { describe, expect, it } from 'vitest';
import { createPostAnalyser } from '../../domain/signal/analysePost';
import { createSentimentAnalyser, loadSentimentModel } from '../../domain/signal/sentimentModel';
import { loadTickerData } from '../../domain/signal/tickerData';
import {
  expectConnectorError,
  expectWellFormed,
  fetchOptions,
  testHttpPolicy,
  timed,
  unpaced,
  useReplayServer,
} from '../../tests/replay/testing';
import { compileQuery, X_BEARER_TOKEN } from '../../tests/replay/twitterReplay';
import { createRequestPacer } from '../../platform/http/requestPacer';
import { buildTwitterQuery, createTwitterConnector } from './twitter';
import type { Source } from '../../domain/scans/connector';

const stocks: Source = { platform: 'twitter', settingType: 'hashtags', value: '#stocks' };
const cashtags: Source = { platform: 'twitter', settingType: 'keywords', value: '$' };
const dividends: Source = { platform: 'twitter', settingType: 'hashtags', value: '#dividends' };
const SEARCH = '/2/tweets/search/recent';

describe('X query building', () => {
  it('builds English, retweet-free queries per source type', () => {
    expect(buildTwitterQuery(stocks)).toBe('#stocks lang:en -is:retweet');
    expect(buildTwitterQuery({ ...stocks, value: 'investing' })).toBe('#investing lang:en -is:retweet');
    expect(buildTwitterQuery({ ...cashtags, value: 'calls' })).toBe('calls lang:en -is:retweet');
    expect(buildTwitterQuery({ ...cashtags, value: 'market update' })).toBe('"market update" lang:en -is:retweet');
    expect(buildTwitterQuery(cashtags)).toBe(
      '(stock OR stocks OR shares OR calls OR puts OR earnings OR buy OR sell OR bullish OR bearish) has:cashtags lang:en -is:retweet',
    );
    // Every built query is one X accepts (a standalone term besides the operators).
    for (const value of ['$', 'calls', 'market update'])
      expect(() => compileQuery(buildTwitterQuery({ ...cashtags, value }))).not.toThrow();
  });
});

describe('X connector against the replay server', () => {
  const replay = useReplayServer();

  const connector = (overrides: Partial<Parameters<typeof createTwitterConnector>[0]> = {}) =>
    createTwitterConnector({
      bearerToken: X_BEARER_TOKEN,
      pacer: unpaced(),
      apiUrl: replay().url,
      pageSize: 10,
      firstScanHours: 24,
      http: testHttpPolicy,
      ...overrides,
    });

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
    expect(nvda).toMatchObject({
      platform: 'twitter',
      source: '#stocks',
      author: '1349149096909668363',
      title: '',
      engagement: 1940 + 210 + 88 + 31,
    });
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

  it('continues an unfinished run on the next scan with its next_token and fixed bound, so no page is skipped or read twice', async () => {
    const x = connector({ maxPages: 1 });
    const read: string[] = [];
    const scan = async (cursor: string | null) => {
      const result = await x.fetchNew(stocks, cursor, fetchOptions(100));
      read.push(...result.posts.map((p) => p.postId));
      return result.cursor;
    };
    // First run: 23 posts in 3 pages, one page per scan. Posts published meanwhile wait for the next run.
    let cursor = await scan(null);
    const firstRequest = replay().requestsTo(SEARCH)[0]!;
    const startTime = firstRequest.query.get('start_time');
    expect(startTime).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(JSON.parse(cursor!)).toMatchObject({
      v: 1,
      sinceId: null,
      backlog: { nextToken: expect.any(String), startTime },
    });
    const during = replay().twitter.addTweet({ text: '$MSFT breaking out during the backlog #stocks' });
    cursor = await scan(cursor);
    cursor = await scan(cursor);
    const firstRun = replay().requestsTo(SEARCH);
    expect(firstRun.map((r) => Boolean(r.query.get('next_token')))).toEqual([false, true, true]);
    expect(firstRun.every((r) => r.query.get('start_time') === startTime && r.query.get('since_id') === null)).toBe(
      true,
    );
    expect(read).toHaveLength(23);
    expect(read).not.toContain(during);
    // The run is over: since_id moves to the newest post it read (the first page's), not past the one published meanwhile.
    const newestOfRun = read.map(BigInt).reduce((a, b) => (a > b ? a : b));
    expect(JSON.parse(cursor!)).toEqual({ v: 1, sinceId: String(newestOfRun) });

    // Second run: 12 more than a page, above that bound; its pages all keep the same since_id.
    const added = [
      during,
      ...Array.from({ length: 11 }, (_, i) => replay().twitter.addTweet({ text: `$SPY update ${i} #stocks` })),
    ];
    cursor = await scan(cursor);
    const unfinished = JSON.parse(cursor!) as { sinceId: string; backlog: { nextToken: string } };
    expect(unfinished).toMatchObject({ sinceId: String(newestOfRun), backlog: { nextToken: expect.any(String) } });
    cursor = await scan(cursor);
    const secondRun = replay().requestsTo(SEARCH).slice(3);
    expect(secondRun.map((r) => r.query.get('since_id'))).toEqual([String(newestOfRun), String(newestOfRun)]);
    expect(secondRun.map((r) => r.query.get('next_token'))).toEqual([null, unfinished.backlog.nextToken]);
    expect(read).toHaveLength(23 + 12);
    expect(new Set(read).size).toBe(read.length); // never twice
    expect(read.slice(23).sort()).toEqual([...added].sort()); // never skipped
    expect(await x.fetchNew(stocks, cursor, fetchOptions(100))).toEqual({ posts: [], cursor });
  });

  it('stops at maxPosts on a page boundary and keeps the rest of the run for the next scan', async () => {
    const x = connector();
    const first = await x.fetchNew(stocks, null, fetchOptions(15));
    expect(first.posts).toHaveLength(20); // two pages of 10: a page is never cut
    expect(
      replay()
        .requestsTo(SEARCH)
        .map((r) => r.query.get('max_results')),
    ).toEqual(['10', '10']);
    const rest = await x.fetchNew(stocks, first.cursor, fetchOptions(15));
    expect(rest.posts).toHaveLength(3);
    expect(new Set([...first.posts, ...rest.posts].map((p) => p.postId)).size).toBe(23);
  });

  it('paces requests through the shared counter and, when it is spent, keeps the run for the next scan', async () => {
    const counter = new RateLimiterMemory({ points: 2, duration: 60 });
    const x = connector({ pacer: createRequestPacer(counter, 'x', { maxWaitMs: 0 }) });
    const first = await x.fetchNew(stocks, null, fetchOptions(100));
    expect(first.posts).toHaveLength(20); // 2 requests allowed, then the budget is spent
    expect(replay().requestsTo(SEARCH)).toHaveLength(2);
    expect(JSON.parse(first.cursor!)).toMatchObject({ backlog: { nextToken: expect.any(String) } });
    await counter.delete('x');
    const rest = await x.fetchNew(stocks, first.cursor, fetchOptions(100));
    expect(rest.posts).toHaveLength(3);
  });

  it('decodes the HTML entities X sends in text and in long notes, so "AT&amp;T" reads as AT&T', async () => {
    const { posts } = await connector().fetchNew(dividends, null, fetchOptions(100));
    const texts = posts.map((p) => p.text);
    expect(texts).toContain(
      'AT&T raised guidance, free cash flow > $17B this year. Still a hold for the 6.5% yield #dividends',
    );
    expect(texts).toContain(
      'Johnson & Johnson vs Procter & Gamble for a 20-year hold? J&J has the better pipeline <3 #dividends',
    );
    const note = texts.find((t) => t.startsWith('Dividend aristocrats'))!;
    expect(note).toMatch(
      /Procter & Gamble .* Yields < 4% but payout ratios > 50% .* AT&T is not on the list .* #dividends$/,
    ); // the full note, decoded
    expect(texts.join(' ')).not.toMatch(/&(amp|lt|gt);/);

    const analyser = createPostAnalyser(loadTickerData(), createSentimentAnalyser(loadSentimentModel()));
    expect(analyser.analyse(texts[0]!).tickers).toContain('T');
    expect(analyser.analyse(texts[1]!).tickers).toEqual(expect.arrayContaining(['JNJ', 'PG']));
  });

  it('finds cashtag posts for the "$" keyword', async () => {
    const { posts } = await connector().fetchNew(cashtags, null, fetchOptions(100));
    expect(posts.length).toBeGreaterThan(3);
    for (const p of posts) expect(p.text).toMatch(/\$[A-Z]{1,5}/);
    expect(posts.every((p) => p.source === '$')).toBe(true);
  });

  it('waits until x-rate-limit-reset on a 429 and then succeeds', async () => {
    const reset = Math.floor(Date.now() / 1000) + 2;
    replay().enqueue(
      { path: SEARCH },
      {
        status: 429,
        headers: { 'x-rate-limit-limit': '450', 'x-rate-limit-remaining': '0', 'x-rate-limit-reset': String(reset) },
        body: { title: 'Too Many Requests', detail: 'Too Many Requests', type: 'about:blank', status: 429 },
      },
    );
    const { result, ms } = await timed(() => connector().fetchNew(stocks, null, fetchOptions(100)));
    expect(ms).toBeGreaterThanOrEqual(950);
    expect(Date.now()).toBeGreaterThanOrEqual(reset * 1000 - 50);
    expect(result.posts).toHaveLength(23);
  });

  it('waits for Retry-After: 1 too', async () => {
    replay().enqueue(
      { path: SEARCH },
      { status: 429, headers: { 'retry-after': '1' }, body: { title: 'Too Many Requests', status: 429 } },
    );
    const { ms } = await timed(() => connector().fetchNew(stocks, null, fetchOptions(10)));
    expect(ms).toBeGreaterThanOrEqual(950);
  });

  it('rejects a malformed page with a clear, non-retryable error', async () => {
    replay().enqueue(
      { path: SEARCH },
      {
        status: 200,
        body: {
          data: [
            {
              id: '1768512000000000001',
              text: '$TSLA #stocks',
              created_at: '2025-03-14T13:00:00.000Z',
              author_id: '1',
            },
          ],
          meta: { result_count: 1 },
        },
      },
    );
    await expectConnectorError(
      connector().fetchNew(stocks, null, fetchOptions(10)),
      false,
      /^twitter #stocks: GET \/2\/tweets\/search\/recent returned a malformed payload/,
      /data\.0\.public_metrics/,
    );

    replay().enqueue({ path: SEARCH }, { status: 200, body: { data: [] } });
    await expectConnectorError(connector().fetchNew(stocks, null, fetchOptions(10)), false, /meta/);
  });

  it('starts over without since_id when X rejects an expired since_id', async () => {
    const x = connector();
    const stale = JSON.stringify({ v: 1, sinceId: '1000000000000000000' });
    replay().enqueue(
      { path: SEARCH },
      {
        status: 400,
        body: {
          errors: [
            {
              parameters: { since_id: ['1000000000000000000'] },
              message:
                "Invalid 'since_id':'1000000000000000000'. 'since_id' must be a tweet id created after 2025-03-07T13:00Z.",
            },
          ],
          title: 'Invalid Request',
          detail: 'One or more parameters to your request was invalid.',
          type: 'https://api.twitter.com/2/problems/invalid-request',
        },
      },
    );
    const result = await x.fetchNew(stocks, stale, fetchOptions(100));
    expect(result.posts).toHaveLength(23);
    expect(replay().requestsTo(SEARCH).at(-1)!.query.get('since_id')).toBeNull();
    expect(replay().requestsTo(SEARCH).at(-1)!.query.get('start_time')).toBeTruthy();
  });

  it('fails without retry on a rejected bearer token or an invalid hashtag', async () => {
    await expectConnectorError(
      connector({ bearerToken: 'nope' }).fetchNew(stocks, null, fetchOptions(10)),
      false,
      /twitter #stocks/,
      /credentials rejected \(HTTP 401: Unauthorized\)/,
    );
    await expectConnectorError(
      connector().fetchNew({ ...stocks, value: '#not a tag' }, null, fetchOptions(10)),
      false,
      /not a hashtag/,
    );
  });
});
