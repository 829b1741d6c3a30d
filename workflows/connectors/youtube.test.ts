import { describe, expect, it } from 'vitest';
import { fixture } from '../../tests/replay/replayTypes';
import { expectConnectorError, expectWellFormed, fetchOptions, testHttpPolicy, timed, useReplayServer } from '../../tests/replay/testing';
import { FINANCIAL_EDUCATION_CHANNEL, YOUTUBE_API_KEY } from '../../tests/replay/youtubeReplay';
import type { Source } from './types';
import { createYouTubeConnector, nextPacificMidnight } from './youtube';

const channel: Source = { platform: 'youtube', settingType: 'channels', value: 'Financial Education' };
const earnings: Source = { platform: 'youtube', settingType: 'keywords', value: 'earnings' };
const SEARCH = '/youtube/v3/search';
const THREADS = '/youtube/v3/commentThreads';

describe('YouTube connector against the replay server', () => {
  const replay = useReplayServer();

  const connector = (overrides: Partial<Parameters<typeof createYouTubeConnector>[0]> = {}) =>
    createYouTubeConnector({ apiKey: YOUTUBE_API_KEY, apiUrl: `${replay().url}/youtube/v3`, searchPageSize: 2, maxSearchPages: 5, commentPageSize: 2, http: testHttpPolicy, ...overrides });

  it('resolves a channel name once, pages search and comment threads, and posts each video with its comments', async () => {
    const youtube = connector();
    const options = fetchOptions(100);
    const { posts, cursor } = await youtube.fetchNew(channel, null, options);

    // 4 Financial Education videos and their 4 + 5 + 3 + 5 top-level comments.
    expect(posts.filter((p) => p.title !== '')).toHaveLength(4);
    expect(posts.filter((p) => p.title === '')).toHaveLength(17);
    expectWellFormed(posts);
    expect(posts.every((p) => p.source === 'channel:Financial Education')).toBe(true);

    const videoSearches = replay().requestsTo(SEARCH).filter((r) => r.query.get('type') === 'video');
    expect(videoSearches).toHaveLength(2); // 4 videos, 2 per page
    expect(videoSearches[1]!.query.get('pageToken')).toBeTruthy();
    for (const r of videoSearches) expect(Object.fromEntries(r.query)).toMatchObject({ part: 'snippet', type: 'video', order: 'date', channelId: FINANCIAL_EDUCATION_CHANNEL });
    expect(replay().requestsTo(THREADS).length).toBeGreaterThan(4); // 2 comments per page: every video needs several pages
    for (const r of replay().requests) expect(r.query.get('key')).toBe(YOUTUBE_API_KEY);
    expect(options.beats.length).toBe(videoSearches.length + replay().requestsTo(THREADS).length);

    const nvidia = posts.find((p) => p.title.startsWith('NVIDIA Stock Is About To Explode'))!;
    expect(nvidia.text).toMatch(/Not financial advice\.$/); // the full description from videos.list, not the 160-character search snippet
    expect(nvidia).toMatchObject({ author: FINANCIAL_EDUCATION_CHANNEL, url: `https://www.youtube.com/watch?v=${nvidia.postId}` });
    const stats = fixture<{ items: Array<{ id: string; statistics: { likeCount: string; commentCount: string } }> }>('youtube/videos.json').items.find((v) => v.id === nvidia.postId)!.statistics;
    expect(nvidia.engagement).toBe(Number(stats.likeCount) + Number(stats.commentCount));
    const comment = posts.find((p) => p.title === '')!;
    expect(comment.url).toMatch(/^https:\/\/www\.youtube\.com\/watch\?v=.+&lc=Ugz/);
    expect(comment.author).toMatch(/^UC/);

    expect(JSON.parse(cursor!)).toMatchObject({ v: 1, time: expect.any(Number), seen: [posts.find((p) => p.title.startsWith('Microsoft vs Google'))!.postId] });
    // Quota: 1 channel lookup + 2 searches (100 units each) + 1 videos.list + the comment pages (1 each).
    expect(replay().youtube.quotaUsed).toBe(300 + 1 + replay().requestsTo(THREADS).length);

    await youtube.fetchNew(channel, cursor, fetchOptions(100));
    expect(replay().requestsTo(SEARCH).filter((r) => r.query.get('type') === 'channel')).toHaveLength(1); // cached
  });

  it('resumes with publishedAfter: only the new video and its comments, then nothing', async () => {
    const youtube = connector();
    const first = await youtube.fetchNew(channel, null, fetchOptions(100));
    const videoId = replay().youtube.addVideo({ channelId: FINANCIAL_EDUCATION_CHANNEL, channelTitle: 'Financial Education', title: 'AMD Stock Analysis: Buy The Dip?', description: 'AMD fell 10% this week. Is it a buy?' });
    const commentId = replay().youtube.addComment(videoId, { text: 'Loaded AMD at 165, thanks!' });
    replay().youtube.addVideo({ channelId: 'UCvJJ_dzjViJCoLf5uKUTwoA', title: 'Other channel', description: 'not ours' });

    const second = await youtube.fetchNew(channel, first.cursor, fetchOptions(100));
    expect(second.posts.map((p) => p.postId)).toEqual([videoId, commentId]);
    const after = replay().requestsTo(SEARCH).at(-1)!.query.get('publishedAfter');
    expect(after).toBe(new Date(JSON.parse(first.cursor!).time).toISOString());

    const third = await youtube.fetchNew(channel, second.cursor, fetchOptions(100));
    expect(third).toEqual({ posts: [], cursor: second.cursor });
  });

  it('searches keywords and skips comments on videos that disabled them', async () => {
    const { posts } = await connector().fetchNew(earnings, null, fetchOptions(100));
    const videos = posts.filter((p) => p.title !== '');
    expect(videos.map((v) => v.title).sort()).toEqual(['Earnings this week: Netflix, Tesla, Meta and more', 'JPMorgan earnings beat as net interest income climbs', 'NVIDIA Stock Is About To Explode (Earnings Breakdown)']);
    expect(posts.filter((p) => p.title === '')).toHaveLength(3 + 5);
    expect(posts.every((p) => p.source === 'earnings')).toBe(true);
    expect(replay().requestsTo(SEARCH).every((r) => r.query.get('q') === 'earnings')).toBe(true);
  });

  it('stays within maxPosts, counting videos and comments', async () => {
    const { posts } = await connector().fetchNew(channel, null, fetchOptions(6));
    expect(posts).toHaveLength(6);
    expect(posts[0]!.title).toBe('Microsoft vs Google: Best AI Stock To Buy Now'); // first scan: newest video first
  });

  it('turns quotaExceeded into a non-retryable error and stops calling until the quota resets', async () => {
    replay().enqueue({ path: SEARCH }, { status: 403, body: fixture('youtube/error-quota.json') });
    const youtube = connector({ apiUrl: `${replay().url}/youtube/v3` });
    await expectConnectorError(youtube.fetchNew(earnings, null, fetchOptions(10)), false, /^youtube earnings: GET \/search: daily API quota exhausted \(quotaExceeded: The request cannot be completed because you have exceeded your quota\.\)/);
    const before = replay().requests.length;
    await expectConnectorError(youtube.fetchNew(earnings, null, fetchOptions(10)), false, /quota exhausted earlier; requests resume after/);
    expect(replay().requests.length).toBe(before);
  });

  it('waits for Retry-After on a 429 and then succeeds', async () => {
    replay().enqueue({ path: THREADS }, { status: 429, headers: { 'retry-after': '1' }, body: { error: { code: 429, message: 'Too many requests', errors: [{ reason: 'rateLimitExceeded', domain: 'youtube.quota' }] } } });
    const { result, ms } = await timed(() => connector().fetchNew(channel, null, fetchOptions(100)));
    expect(ms).toBeGreaterThanOrEqual(950);
    expect(result.posts).toHaveLength(21);
  });

  it('rejects malformed payloads with a clear, non-retryable error', async () => {
    const page = fixture<{ items: Array<{ snippet: Record<string, unknown> }> }>('youtube/search-videos.json');
    delete page.items[0]!.snippet.publishedAt;
    replay().enqueue({ path: SEARCH }, { status: 200, body: page });
    await expectConnectorError(connector().fetchNew(earnings, null, fetchOptions(10)), false, /^youtube earnings: GET \/search returned a malformed payload: items\.0\.snippet\.publishedAt/);

    replay().enqueue({ path: THREADS }, { status: 200, body: '{"kind": "youtube#commentThreadListResponse", "items": [' });
    await expectConnectorError(connector().fetchNew(earnings, null, fetchOptions(10)), false, /GET \/commentThreads returned a malformed payload: the body is not JSON/);
  });

  it('fails without retry on an invalid key or an unknown channel', async () => {
    await expectConnectorError(connector({ apiKey: 'bad' }).fetchNew(earnings, null, fetchOptions(10)), false, /request rejected \(HTTP 400: 400 API key not valid/);
    await expectConnectorError(connector().fetchNew({ ...channel, value: 'No Such Channel' }, null, fetchOptions(10)), false, /no channel matches "No Such Channel"/);
  });

  it('knows when the quota resets (midnight Pacific)', () => {
    expect(new Date(nextPacificMidnight(Date.parse('2025-03-14T20:00:00Z'))).toISOString()).toBe('2025-03-15T07:00:00.000Z'); // PDT
    expect(new Date(nextPacificMidnight(Date.parse('2025-01-14T20:00:00Z'))).toISOString()).toBe('2025-01-15T08:00:00.000Z'); // PST
  });
});
