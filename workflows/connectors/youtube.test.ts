import { describe, expect, it } from 'vitest';
import { fixture } from '../../tests/replay/replayTypes';
import {
  expectConnectorError,
  expectWellFormed,
  fetchOptions,
  testHttpPolicy,
  timed,
  useReplayServer,
} from '../../tests/replay/testing';
import { FINANCIAL_EDUCATION_CHANNEL, YOUTUBE_API_KEY } from '../../tests/replay/youtubeReplay';
import type { Source } from '../../domain/scans/connector';
import { nextPacificMidnight } from '../../domain/quota/quotaDay';
import { createYouTubeConnector } from './youtube';

const channel: Source = { platform: 'youtube', settingType: 'channels', value: 'Financial Education' };
const earnings: Source = { platform: 'youtube', settingType: 'keywords', value: 'earnings' };
const SEARCH = '/youtube/v3/search';
const THREADS = '/youtube/v3/commentThreads';

describe('YouTube connector against the replay server', () => {
  const replay = useReplayServer();

  const connector = (overrides: Partial<Parameters<typeof createYouTubeConnector>[0]> = {}) =>
    createYouTubeConnector({
      apiKey: YOUTUBE_API_KEY,
      apiUrl: `${replay().url}/youtube/v3`,
      searchPageSize: 2,
      maxSearchPages: 5,
      commentPageSize: 2,
      http: testHttpPolicy,
      ...overrides,
    });

  it('resolves a channel name once, pages search and comment threads, and posts each video with its comments', async () => {
    const youtube = connector();
    const options = fetchOptions(100);
    const { posts, cursor } = await youtube.fetchNew(channel, null, options);

    // 4 Financial Education videos, their 4 + 5 + 3 + 5 top-level comments, and the 2 replies one thread carries.
    expect(posts.filter((p) => p.title !== '')).toHaveLength(4);
    expect(posts.filter((p) => p.title === '')).toHaveLength(17 + 2);
    expectWellFormed(posts);
    expect(posts.every((p) => p.source === 'channel:Financial Education')).toBe(true);

    const videoSearches = replay()
      .requestsTo(SEARCH)
      .filter((r) => r.query.get('type') === 'video');
    expect(videoSearches).toHaveLength(2); // 4 videos, 2 per page
    expect(videoSearches[1]!.query.get('pageToken')).toBeTruthy();
    for (const r of videoSearches)
      expect(Object.fromEntries(r.query)).toMatchObject({
        part: 'snippet',
        type: 'video',
        order: 'date',
        channelId: FINANCIAL_EDUCATION_CHANNEL,
      });
    expect(replay().requestsTo(THREADS).length).toBeGreaterThan(4); // 2 comments per page: every video needs several pages
    for (const r of replay().requests) expect(r.query.get('key')).toBe(YOUTUBE_API_KEY);
    expect(options.beats.length).toBe(videoSearches.length + replay().requestsTo(THREADS).length);

    const nvidia = posts.find((p) => p.title.startsWith('NVIDIA Stock Is About To Explode'))!;
    expect(nvidia.text).toMatch(/Not financial advice\.$/); // the full description from videos.list, not the 160-character search snippet
    expect(nvidia).toMatchObject({
      author: FINANCIAL_EDUCATION_CHANNEL,
      url: `https://www.youtube.com/watch?v=${nvidia.postId}`,
    });
    const stats = fixture<{ items: Array<{ id: string; statistics: { likeCount: string; commentCount: string } }> }>(
      'youtube/videos.json',
    ).items.find((v) => v.id === nvidia.postId)!.statistics;
    expect(nvidia.engagement).toBe(Number(stats.likeCount) + Number(stats.commentCount));
    const comment = posts.find((p) => p.title === '')!;
    expect(comment.url).toMatch(/^https:\/\/www\.youtube\.com\/watch\?v=.+&lc=Ugz/);
    expect(comment.author).toMatch(/^UC/);

    expect(JSON.parse(cursor!)).toMatchObject({
      v: 1,
      time: expect.any(Number),
      seen: [posts.find((p) => p.title.startsWith('Microsoft vs Google'))!.postId],
    });
    expect((JSON.parse(cursor!) as { videos: unknown[] }).videos).toHaveLength(4); // each watched for new comments
    // Quota: 1 channel lookup + 2 searches (100 units each) + 1 videos.list + the comment pages (1 each).
    expect(replay().youtube.quotaUsed).toBe(300 + 1 + replay().requestsTo(THREADS).length);

    await youtube.fetchNew(channel, cursor, fetchOptions(100));
    expect(
      replay()
        .requestsTo(SEARCH)
        .filter((r) => r.query.get('type') === 'channel'),
    ).toHaveLength(1); // cached
  });

  it('resumes with publishedAfter: only the new video and its comments, then nothing', async () => {
    const youtube = connector();
    const first = await youtube.fetchNew(channel, null, fetchOptions(100));
    const videoId = replay().youtube.addVideo({
      channelId: FINANCIAL_EDUCATION_CHANNEL,
      channelTitle: 'Financial Education',
      title: 'AMD Stock Analysis: Buy The Dip?',
      description: 'AMD fell 10% this week. Is it a buy?',
    });
    const commentId = replay().youtube.addComment(videoId, { text: 'Loaded AMD at 165, thanks!' });
    replay().youtube.addVideo({
      channelId: 'UCvJJ_dzjViJCoLf5uKUTwoA',
      title: 'Other channel',
      description: 'not ours',
    });

    const second = await youtube.fetchNew(channel, first.cursor, fetchOptions(100));
    expect(second.posts.map((p) => p.postId)).toEqual([videoId, commentId]);
    const after = replay().requestsTo(SEARCH).at(-1)!.query.get('publishedAfter');
    expect(after).toBe(new Date(JSON.parse(first.cursor!).time).toISOString());

    const third = await youtube.fetchNew(channel, second.cursor, fetchOptions(100));
    expect(third.posts).toEqual([]);
  });

  it('searches keywords and skips comments on videos that disabled them', async () => {
    const { posts } = await connector().fetchNew(earnings, null, fetchOptions(100));
    const videos = posts.filter((p) => p.title !== '');
    expect(videos.map((v) => v.title).sort()).toEqual([
      'Earnings this week: Netflix, Tesla, Meta and more',
      'JPMorgan earnings beat as net interest income climbs',
      'NVIDIA Stock Is About To Explode (Earnings Breakdown)',
    ]);
    expect(posts.filter((p) => p.title === '')).toHaveLength(3 + 5 + 7); // and the 7 replies of the JPM thread
    expect(posts.every((p) => p.source === 'earnings')).toBe(true);
    expect(
      replay()
        .requestsTo(SEARCH)
        .every((r) => r.query.get('q') === 'earnings'),
    ).toBe(true);
  });

  it('re-reads the comments of known videos on every scan, from the newest comment already read', async () => {
    const youtube = connector();
    const first = await youtube.fetchNew(channel, null, fetchOptions(100));
    const video = first.posts.find((p) => p.title.startsWith('NVIDIA Stock Is About To Explode'))!.postId;
    const later = replay().youtube.addComment(video, { text: 'NVDA guidance was even better than the video said' });
    replay().requests.length = 0;

    const second = await youtube.fetchNew(channel, first.cursor, fetchOptions(100));
    expect(second.posts.map((p) => p.postId)).toEqual([later]); // nothing read twice, the new comment on a known video found
    // One commentThreads page per watched video: each read stops at the comment it already had.
    const reads = replay().requestsTo(THREADS);
    expect(reads.map((r) => r.query.get('videoId')).sort()).toEqual(
      [...new Set(first.posts.filter((p) => p.title !== '').map((p) => p.postId))].sort(),
    );
    expect(
      reads.every(
        (r) =>
          !r.query.get('pageToken') && r.query.get('part') === 'snippet,replies' && r.query.get('order') === 'time',
      ),
    ).toBe(true);
  });

  it('reads replies: those a thread carries, and comments.list for threads with more replies than they carry', async () => {
    const { posts } = await connector().fetchNew(earnings, null, fetchOptions(100));
    const replies = fixture<{
      items: Array<{ id: string; snippet: { parentId: string; textDisplay: string; likeCount: number } }>;
    }>('youtube/comment-replies.json').items;
    const jpmThread = 'UgzcIhP6Br1iQFeOUhGXZn4AaABAg'; // totalReplyCount 7, carries 5
    const jpmReplies = replies.filter((r) => r.snippet.parentId === jpmThread);
    expect(jpmReplies).toHaveLength(7);
    for (const reply of jpmReplies) {
      expect(posts.find((p) => p.postId === reply.id)).toMatchObject({
        title: '',
        text: reply.snippet.textDisplay,
        engagement: reply.snippet.likeCount,
        url: `https://www.youtube.com/watch?v=_UcU3zr1Zto&lc=${reply.id}`,
      });
    }
    const lookups = replay().requestsTo('/youtube/v3/comments');
    expect(lookups.map((r) => r.query.get('parentId'))).toEqual([jpmThread]); // only the thread that carries fewer than it has
    expect(lookups[0]!.query.get('textFormat')).toBe('plainText');

    // A reply to a known thread, carried by the thread on the next read, is found too.
    const youtube = connector();
    const first = await youtube.fetchNew(channel, null, fetchOptions(100));
    const reply = replay().youtube.addReply('UgzaJLShuQjOud-_yDUA_54AaABAg', { text: 'AMD at 165 was the buy' });
    const second = await youtube.fetchNew(channel, first.cursor, fetchOptions(100));
    expect(second.posts.map((p) => p.postId)).toEqual([reply]);
  });

  it('watches a video only within the comment window', async () => {
    let now = Date.now();
    const youtube = connector({ commentWindowDays: 7, now: () => now });
    const first = await youtube.fetchNew(channel, null, fetchOptions(100));
    expect((JSON.parse(first.cursor!) as { videos: unknown[] }).videos).toHaveLength(4);
    now += 8 * 86_400_000;
    replay().requests.length = 0;
    const later = await youtube.fetchNew(channel, first.cursor, fetchOptions(100));
    expect(replay().requestsTo(THREADS)).toHaveLength(0);
    expect((JSON.parse(later.cursor!) as { videos: unknown[] }).videos).toEqual([]);
    expect(replay().requestsTo(SEARCH).at(-1)!.query.get('publishedAfter')).toBe(
      new Date(now - 7 * 86_400_000).toISOString(),
    );
  });

  it('spends no more than the allowance: search only when 100 units fit, 1 unit per list call, unread videos first next time', async () => {
    const youtube = connector({ commentPageSize: 100 });
    const first = await youtube.fetchNew(channel, null, fetchOptions(100));
    const videos = (JSON.parse(first.cursor!) as { videos: Array<{ id: string }> }).videos.map((v) => v.id);
    for (const id of videos) replay().youtube.addComment(id, { text: `MSFT and GOOGL both cheap here (${id})` });
    replay().requests.length = 0;

    const spent: Array<[string, number]> = [];
    const quota = (search: number, read: number) => ({
      units: { search, read },
      spend: (kind: 'search' | 'read', units: number) => spent.push([kind, units]),
    });
    const second = await youtube.fetchNew(channel, first.cursor, { ...fetchOptions(100), quota: quota(99, 2) });
    expect(replay().requestsTo(SEARCH)).toHaveLength(0); // 99 units cannot pay for a search.list
    expect(replay().requestsTo(THREADS)).toHaveLength(2);
    expect(spent).toEqual([
      ['read', 1],
      ['read', 1],
    ]);
    expect(second.posts).toHaveLength(2);

    replay().requests.length = 0;
    const third = await youtube.fetchNew(channel, second.cursor, { ...fetchOptions(100), quota: quota(100, 2) });
    // The two videos not read last time come first; the search fits this time.
    expect(replay().requestsTo(SEARCH)).toHaveLength(1);
    expect(third.posts.map((p) => p.text).sort()).toEqual(
      videos
        .filter((id) => !second.posts.some((p) => p.text.includes(id)))
        .map((id) => `MSFT and GOOGL both cheap here (${id})`)
        .sort(),
    );
    expect(spent.slice(2)).toEqual([
      ['search', 100],
      ['read', 1],
      ['read', 1],
    ]);
  });

  it('reads the videos read longest ago first even when the clock shows the same millisecond across scans', async () => {
    const frozen = Date.now();
    const youtube = connector({ commentPageSize: 100, now: () => frozen });
    const first = await youtube.fetchNew(channel, null, fetchOptions(100));
    const videos = (JSON.parse(first.cursor!) as { videos: Array<{ id: string }> }).videos.map((v) => v.id);
    for (const id of videos) replay().youtube.addComment(id, { text: `new comment on ${id}` });
    const reads = { units: { search: 0, read: 2 }, spend: () => {} };

    const second = await youtube.fetchNew(channel, first.cursor, { ...fetchOptions(100), quota: reads });
    const third = await youtube.fetchNew(channel, second.cursor, { ...fetchOptions(100), quota: reads });
    const readIn = (posts: Array<{ text: string }>) => videos.filter((id) => posts.some((p) => p.text.includes(id)));
    expect(readIn(second.posts)).toHaveLength(2);
    expect(readIn(third.posts).sort()).toEqual(videos.filter((id) => !readIn(second.posts).includes(id)).sort());
  });

  it('stays within maxPosts, counting videos and comments', async () => {
    const { posts } = await connector().fetchNew(channel, null, fetchOptions(6));
    expect(posts).toHaveLength(6);
    expect(posts[0]!.title).toBe('Microsoft vs Google: Best AI Stock To Buy Now'); // first scan: newest video first
  });

  it('turns quotaExceeded into a non-retryable error and stops calling until the quota resets', async () => {
    replay().enqueue({ path: SEARCH }, { status: 403, body: fixture('youtube/error-quota.json') });
    const youtube = connector({ apiUrl: `${replay().url}/youtube/v3` });
    await expectConnectorError(
      youtube.fetchNew(earnings, null, fetchOptions(10)),
      false,
      /^youtube earnings: GET \/search: daily API quota exhausted \(quotaExceeded: The request cannot be completed because you have exceeded your quota\.\)/,
    );
    const before = replay().requests.length;
    await expectConnectorError(
      youtube.fetchNew(earnings, null, fetchOptions(10)),
      false,
      /quota exhausted earlier; requests resume after/,
    );
    expect(replay().requests.length).toBe(before);
  });

  it('waits for Retry-After on a 429 and then succeeds', async () => {
    replay().enqueue(
      { path: THREADS },
      {
        status: 429,
        headers: { 'retry-after': '1' },
        body: {
          error: {
            code: 429,
            message: 'Too many requests',
            errors: [{ reason: 'rateLimitExceeded', domain: 'youtube.quota' }],
          },
        },
      },
    );
    const { result, ms } = await timed(() => connector().fetchNew(channel, null, fetchOptions(100)));
    expect(ms).toBeGreaterThanOrEqual(950);
    expect(result.posts).toHaveLength(23);
  });

  it('rejects malformed payloads with a clear, non-retryable error', async () => {
    const page = fixture<{ items: Array<{ snippet: Record<string, unknown> }> }>('youtube/search-videos.json');
    delete page.items[0]!.snippet.publishedAt;
    replay().enqueue({ path: SEARCH }, { status: 200, body: page });
    await expectConnectorError(
      connector().fetchNew(earnings, null, fetchOptions(10)),
      false,
      /^youtube earnings: GET \/search returned a malformed payload: items\.0\.snippet\.publishedAt/,
    );

    replay().enqueue(
      { path: THREADS },
      { status: 200, body: '{"kind": "youtube#commentThreadListResponse", "items": [' },
    );
    await expectConnectorError(
      connector().fetchNew(earnings, null, fetchOptions(10)),
      false,
      /GET \/commentThreads returned a malformed payload: the body is not JSON/,
    );
  });

  it('fails without retry on an invalid key or an unknown channel', async () => {
    await expectConnectorError(
      connector({ apiKey: 'bad' }).fetchNew(earnings, null, fetchOptions(10)),
      false,
      /request rejected \(HTTP 400: 400 API key not valid/,
    );
    await expectConnectorError(
      connector().fetchNew({ ...channel, value: 'No Such Channel' }, null, fetchOptions(10)),
      false,
      /no channel matches "No Such Channel"/,
    );
  });

  it('knows when the quota resets (midnight Pacific)', () => {
    expect(new Date(nextPacificMidnight(Date.parse('2025-03-14T20:00:00Z'))).toISOString()).toBe(
      '2025-03-15T07:00:00.000Z',
    ); // PDT
    expect(new Date(nextPacificMidnight(Date.parse('2025-01-14T20:00:00Z'))).toISOString()).toBe(
      '2025-01-15T08:00:00.000Z',
    ); // PST
  });
});
