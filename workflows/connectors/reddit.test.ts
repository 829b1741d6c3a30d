import { describe, expect, it } from 'vitest';
import { REDDIT_CLIENT_ID, REDDIT_CLIENT_SECRET } from '../../tests/replay/redditReplay';
import {
  expectConnectorError,
  expectWellFormed,
  fetchOptions,
  testHttpPolicy,
  timed,
  useReplayServer,
} from '../../tests/replay/testing';
import { createRedditConnector, redditIdValue } from './reddit';
import type { Source } from '../../domain/scans/connector';

const wsb: Source = { platform: 'reddit', settingType: 'subreddits', value: 'wallstreetbets' };
const USER_AGENT = 'server:stockpulse-test:v0.1.0 (by /u/stockpulse)';

describe('Reddit connector against the replay server', () => {
  const replay = useReplayServer();

  const connector = (overrides: Partial<Parameters<typeof createRedditConnector>[0]> = {}) =>
    createRedditConnector({
      clientId: REDDIT_CLIENT_ID,
      clientSecret: REDDIT_CLIENT_SECRET,
      userAgent: USER_AGENT,
      apiUrl: replay().url,
      authUrl: replay().url,
      pageSize: 5,
      http: testHttpPolicy,
      ...overrides,
    });

  it('reads posts from /new and comments from /comments across several pages, with one cached token', async () => {
    const options = fetchOptions(100);
    const { posts, cursor } = await connector().fetchNew(wsb, null, options);

    expect(posts.filter((p) => p.postId.startsWith('t3_'))).toHaveLength(12);
    expect(posts.filter((p) => p.postId.startsWith('t1_'))).toHaveLength(10);
    expectWellFormed(posts);
    const listingCalls = replay().requestsTo(/^\/r\/wallstreetbets\/(new|comments)$/);
    expect(listingCalls).toHaveLength(3 + 2); // 12 posts and 10 comments in pages of 5
    expect(listingCalls.filter((r) => r.query.get('after'))).toHaveLength(3);
    expect(options.beats).toHaveLength(5);
    expect(options.beats.at(-1)).toEqual({ source: 'r/wallstreetbets', fetched: 22 });

    // One token, sent on every listing call together with the User-Agent.
    expect(replay().requestsTo('/api/v1/access_token')).toHaveLength(1);
    expect(replay().reddit.tokensIssued).toHaveLength(1);
    for (const r of listingCalls) {
      expect(r.headers.authorization).toBe(`bearer ${replay().reddit.tokensIssued[0]}`);
      expect(r.headers['user-agent']).toBe(USER_AGENT);
      expect(r.query.get('raw_json')).toBe('1');
    }

    const yolo = posts.find((p) => p.title.startsWith('GME yolo update'))!;
    expect(yolo).toMatchObject({
      platform: 'reddit',
      source: 'r/wallstreetbets',
      author: 'DiamondHandsDan',
      engagement: 2301 + 644,
    });
    expect(yolo.text).toContain('1,200 shares of GME');
    expect(yolo.url).toMatch(/^https:\/\/www\.reddit\.com\/r\/wallstreetbets\/comments\//);
    const comment = posts.find((p) => p.text === 'Sir, this is a casino')!;
    expect(comment).toMatchObject({ title: '', author: 'wsb_elder', engagement: 530 });
    expect(JSON.parse(cursor!)).toMatchObject({
      v: 1,
      posts: expect.stringMatching(/^t3_/),
      comments: expect.stringMatching(/^t1_/),
    });
  });

  it('resumes from the cursor: only newer posts and comments, then nothing', async () => {
    const reddit = connector();
    const first = await reddit.fetchNew(wsb, null, fetchOptions(100));
    const newPost = replay().reddit.addPost('wallstreetbets', {
      title: 'AMD 200c for next week',
      selftext: 'AMD breaking out, loading calls',
      score: 12,
      num_comments: 3,
    });
    const newComment = replay().reddit.addComment('wallstreetbets', { body: 'NVDA calls printing again' });

    const second = await reddit.fetchNew(wsb, first.cursor, fetchOptions(100));
    expect(second.posts.map((p) => p.postId).sort()).toEqual([newComment, newPost].sort());
    expect(second.posts.find((p) => p.postId === newPost)).toMatchObject({
      title: 'AMD 200c for next week',
      engagement: 15,
    });

    const third = await reddit.fetchNew(wsb, second.cursor, fetchOptions(100));
    expect(third.posts).toEqual([]);
    expect(third.cursor).toBe(second.cursor);
    // The token is reused across fetches.
    expect(replay().reddit.tokensIssued).toHaveLength(1);
  });

  it('hands out a backlog oldest first, maxPosts at a time, without repeats or gaps', async () => {
    const reddit = connector();
    let cursor = (await reddit.fetchNew(wsb, null, fetchOptions(100))).cursor;
    const added = Array.from({ length: 7 }, (_, i) =>
      replay().reddit.addPost('wallstreetbets', { title: `TSLA post ${i}` }),
    );
    const seen: string[] = [];
    for (let round = 0; round < 4; round++) {
      const result = await reddit.fetchNew(wsb, cursor, fetchOptions(3));
      seen.push(...result.posts.map((p) => p.postId));
      cursor = result.cursor;
    }
    expect(seen).toEqual(added);
  });

  it('skips AutoModerator and the configured bots, keeps each deleted author distinct, and leaves removed bodies unread', async () => {
    const investing: Source = { ...wsb, value: 'investing' };
    const { posts } = await connector({ botAccounts: ['visualmod'] }).fetchNew(investing, null, fetchOptions(100));

    const byId = new Map(posts.map((p) => [p.postId, p]));
    // AutoModerator's pinned thread and rule reminder, and the VisualMod bot (matched case-insensitively), are gone.
    expect([...byId.keys()].sort()).toEqual([
      't1_mhq9jxe',
      't1_mhq9jzu',
      't1_mhq9k0c',
      't1_mhq9k1x',
      't3_1jbh6zq',
      't3_1jbh7aa',
    ]);
    expect(posts.some((p) => /AutoModerator|VisualMod/i.test(p.author))).toBe(false);

    // Each "[deleted]" author is its own anonymous author, not one shared "[deleted]" voice.
    const deleted = posts.filter((p) => p.author.startsWith('[deleted]'));
    expect(deleted.map((p) => p.author).sort()).toEqual([
      '[deleted]:t1_mhq9jzu',
      '[deleted]:t1_mhq9k0c',
      '[deleted]:t1_mhq9k1x',
      '[deleted]:t3_1jbh6zq',
    ]);

    // "[removed]"/"[deleted]" bodies are not text to analyse; a removed submission keeps its title; a deleted author's surviving text stays.
    expect(byId.get('t1_mhq9k1x')!.text).toBe('');
    expect(byId.get('t1_mhq9k0c')!.text).toBe('');
    expect(byId.get('t3_1jbh6zq')).toMatchObject({ title: 'TSLA puts are free money', text: '' });
    expect(byId.get('t1_mhq9jzu')!.text).toBe('MSFT is the safest of the three, KO is fine');
    // A comment without a permalink (older listings) is addressed through its link id.
    expect(byId.get('t1_mhq9jxe')!.url).toBe('https://www.reddit.com/comments/1jbh7aa/_/mhq9jxe/');

    // Without the configured list, only AutoModerator is skipped.
    const plain = await connector().fetchNew(investing, null, fetchOptions(100));
    expect(plain.posts.map((p) => p.author)).toContain('VisualMod');
    expect(plain.posts.map((p) => p.author)).not.toContain('AutoModerator');
  });

  it('waits for Retry-After on a 429 and then succeeds', async () => {
    replay().enqueue(
      { path: '/r/wallstreetbets/new' },
      {
        status: 429,
        headers: { 'retry-after': '1', 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': '1' },
        body: { message: 'Too Many Requests', error: 429 },
      },
    );
    const { result, ms } = await timed(() => connector().fetchNew(wsb, null, fetchOptions(100)));
    expect(ms).toBeGreaterThanOrEqual(950);
    expect(result.posts).toHaveLength(22);
    expect(replay().requestsTo('/r/wallstreetbets/new')).toHaveLength(4); // the 429, then 3 pages
  });

  it('gives up with a retryable error when 429s persist, and at once when the wait exceeds the cap', async () => {
    replay().enqueue(
      { path: '/r/wallstreetbets/new' },
      { status: 429, headers: { 'retry-after': '0' }, body: { message: 'Too Many Requests', error: 429 } },
      3,
    );
    await expectConnectorError(
      connector().fetchNew(wsb, null, fetchOptions(10)),
      true,
      /reddit r\/wallstreetbets/,
      /HTTP 429/,
      /3 attempt/,
    );

    replay().enqueue(
      { path: '/r/wallstreetbets/new' },
      { status: 503, headers: { 'retry-after': '600' }, body: '<html>upstream overloaded</html>' },
    );
    const { ms } = await timed(() =>
      expectConnectorError(
        connector().fetchNew(wsb, null, fetchOptions(10)),
        true,
        /wait 600 s, more than the 3 s cap/,
      ),
    );
    expect(ms).toBeLessThan(500);
  });

  it('rejects a malformed listing with a clear, non-retryable error', async () => {
    const bad = {
      kind: 'Listing',
      data: {
        after: null,
        children: [
          {
            kind: 't3',
            data: {
              name: 't3_abc123',
              author: 'x',
              title: 'x',
              selftext: '',
              created_utc: 'yesterday',
              score: 1,
              num_comments: 0,
              permalink: '/r/x/',
            },
          },
        ],
      },
    };
    replay().enqueue({ path: '/r/wallstreetbets/new' }, { status: 200, body: bad });
    await expectConnectorError(
      connector().fetchNew(wsb, null, fetchOptions(10)),
      false,
      /^reddit r\/wallstreetbets: GET \/r\/wallstreetbets\/new returned a malformed payload/,
      /data\.children\.0\.data\.created_utc/,
    );

    replay().enqueue(
      { path: '/r/wallstreetbets/comments' },
      {
        status: 200,
        headers: { 'content-type': 'text/html' },
        body: '<!doctype html><title>reddit.com: over capacity</title>',
      },
    );
    await expectConnectorError(
      connector().fetchNew(wsb, null, fetchOptions(10)),
      false,
      /reddit r\/wallstreetbets/,
      /not JSON \(text\/html\)/,
      /over capacity/,
    );
  });

  it('fetches a fresh token once when the cached one is rejected, and fails clearly on bad credentials', async () => {
    const reddit = connector();
    await reddit.fetchNew(wsb, null, fetchOptions(5));
    replay().reddit.revokeTokens();
    const again = await reddit.fetchNew(wsb, null, fetchOptions(5));
    expect(again.posts.length).toBeGreaterThan(0);
    expect(replay().reddit.tokensIssued).toHaveLength(2);

    await expectConnectorError(
      connector({ clientSecret: 'wrong' }).fetchNew(wsb, null, fetchOptions(5)),
      false,
      /reddit r\/wallstreetbets: POST \/api\/v1\/access_token/,
      /credentials rejected \(HTTP 401/,
    );
  });

  it('names unreadable subreddits and invalid names without retrying', async () => {
    await expectConnectorError(
      connector().fetchNew({ ...wsb, value: 'no such sub!' }, null, fetchOptions(5)),
      false,
      /not a subreddit name/,
    );
    replay().enqueue(
      { path: '/r/secretclub/new' },
      { status: 403, body: { reason: 'private', message: 'Forbidden', error: 403 } },
    );
    await expectConnectorError(
      connector().fetchNew({ ...wsb, value: 'secretclub' }, null, fetchOptions(5)),
      false,
      /r\/secretclub/,
      /cannot be read \(private\)/,
    );
  });

  it('orders fullnames by their base-36 sequence', () => {
    expect(redditIdValue('t3_zz') < redditIdValue('t3_100')).toBe(true);
    expect(redditIdValue('t1_1jbf2k0')).toBe(BigInt(parseInt('1jbf2k0', 36)));
  });
});
