import { z } from 'zod';
import {
  createHttpClient,
  type ErrorResponse,
  type ErrorVerdict,
  type HttpPolicy,
  type RequestContext,
} from '../../platform/http/httpClient';
import { dateString, parsePayload, sourceLabel } from '../../platform/http/payload';
import {
  advanceMark,
  decodeCursor,
  encodeCursor,
  isAfterMark,
  timeMarkSchema,
  type Stamped,
  type TimeMark,
} from '../../platform/http/watermark';
import { nextPacificMidnight } from '../../domain/quota/quotaDay';
import {
  ConnectorError,
  type Connector,
  type FetchOptions,
  type FetchResult,
  type QuotaAllowance,
  type QuotaKind,
  type RawPost,
  type Source,
} from '../../domain/scans/connector';
import { DAY_MS } from '../../core/timeWindows';

export interface YouTubeConnectorOptions {
  apiKey: string;
  /** Default https://www.googleapis.com/youtube/v3 */
  apiUrl?: string;
  /** search.list `maxResults`, 1–50. Default 50. */
  searchPageSize?: number;
  /** search.list pages per fetch; each costs 100 quota units. Default 2. */
  maxSearchPages?: number;
  /** commentThreads.list `maxResults`, 1–100. Default 100. */
  commentPageSize?: number;
  /** commentThreads pages per video per fetch (1 unit each). Default 3. */
  maxCommentPages?: number;
  /** comments.list pages per thread per fetch (1 unit each) for replies the thread does not carry. Default 2. */
  maxReplyPages?: number;
  /** Days after publication during which a video's comments are re-read on every scan. Default 7. */
  commentWindowDays?: number;
  /** Units a day the API key may spend (Google's default grant is 10,000). Default 10,000. */
  dailyQuota?: number;
  http?: Partial<HttpPolicy>;
  now?: () => number;
}

/** What each call costs in quota units (Google's published table: search.list 100, every list call 1). */
export const YOUTUBE_UNIT_COST = { search: 100, videos: 1, commentThreads: 1, comments: 1 } as const;
type Resource = keyof typeof YOUTUBE_UNIT_COST;
const kindOf = (resource: Resource): QuotaKind => (resource === 'search' ? 'search' : 'read');

const count = z.string().regex(/^\d+$/).transform(Number).optional();
const searchSchema = z.object({
  kind: z.literal('youtube#searchListResponse'),
  nextPageToken: z.string().optional(),
  items: z.array(
    z.object({
      id: z.object({ kind: z.string(), videoId: z.string().optional(), channelId: z.string().optional() }),
      snippet: z.object({ publishedAt: dateString, channelId: z.string(), title: z.string(), description: z.string() }),
    }),
  ),
});
const videosSchema = z.object({
  kind: z.literal('youtube#videoListResponse'),
  items: z.array(
    z.object({
      id: z.string(),
      snippet: z.object({ publishedAt: dateString, channelId: z.string(), title: z.string(), description: z.string() }),
      // likeCount is absent when the owner hides it.
      statistics: z.object({ likeCount: count, commentCount: count }).optional(),
    }),
  ),
});
const commentSchema = z.object({
  id: z.string(),
  snippet: z.object({
    textDisplay: z.string(),
    authorDisplayName: z.string(),
    authorChannelId: z.object({ value: z.string() }).optional(),
    likeCount: z.number(),
    publishedAt: dateString,
  }),
});
type Comment = z.output<typeof commentSchema>;
const threadsSchema = z.object({
  kind: z.literal('youtube#commentThreadListResponse'),
  nextPageToken: z.string().optional(),
  items: z.array(
    z.object({
      id: z.string().optional(),
      snippet: z.object({ videoId: z.string(), totalReplyCount: z.number(), topLevelComment: commentSchema }),
      /** Some of the thread's replies (part=replies); `totalReplyCount` says how many there are. */
      replies: z.object({ comments: z.array(commentSchema) }).optional(),
    }),
  ),
});
type Thread = z.output<typeof threadsSchema>['items'][number];
const repliesSchema = z.object({
  kind: z.literal('youtube#commentListResponse'),
  nextPageToken: z.string().optional(),
  items: z.array(commentSchema),
});

/**
 * Cursor: the search mark (newest video publishedAt found, plus the ids found at exactly that instant) and the videos
 * still inside the comment window, each with the newest comment or reply read on it and when it was last read.
 */
const cursorSchema = timeMarkSchema.extend({
  videos: z
    .array(
      z.object({
        id: z.string(),
        publishedAt: z.number(),
        newestComment: z.number().nullable(),
        readAt: z.number().nullable(),
      }),
    )
    .default([]),
});
type Cursor = z.output<typeof cursorSchema>;
type WatchedVideo = Cursor['videos'][number];
const CHANNEL_ID = /^UC[\w-]{22}$/;

interface Candidate extends Stamped {
  snippet: { channelId: string; title: string; description: string; publishedAt: string };
}

/** The units one fetch may still spend, per kind; without an allowance nothing is limited. */
function createMeter(quota: QuotaAllowance | undefined) {
  const spent: Record<QuotaKind, number> = { search: 0, read: 0 };
  return {
    canAfford: (resource: Resource, calls = 1) =>
      !quota || spent[kindOf(resource)] + YOUTUBE_UNIT_COST[resource] * calls <= quota.units[kindOf(resource)],
    charge(resource: Resource) {
      const kind = kindOf(resource);
      spent[kind] += YOUTUBE_UNIT_COST[resource];
      quota?.spend(kind, YOUTUBE_UNIT_COST[resource]);
    },
  };
}
type Meter = ReturnType<typeof createMeter>;

/**
 * YouTube Data API v3 with an API key. `channels` (a UC… id, or a name resolved once via search type=channel) and
 * `keywords` (q) find new videos with search.list (order=date, publishedAfter); each new video yields one post
 * (title + full description from videos.list). Every video published within the comment window is then re-read on each
 * scan, newest comments first, down to the newest comment already read: its comment threads (commentThreads.list, with
 * the replies a thread carries) and, for threads with more replies than they carry, comments.list with parentId.
 * Each call is charged against the fetch's quota allowance and skipped when it does not fit; videos whose comments
 * could not be reached keep their place and are read first on the next scan.
 */
export function createYouTubeConnector(options: YouTubeConnectorOptions): Connector {
  const apiUrl = (options.apiUrl ?? 'https://www.googleapis.com/youtube/v3').replace(/\/$/, '');
  const searchPageSize = Math.min(50, Math.max(1, options.searchPageSize ?? 50));
  const maxSearchPages = options.maxSearchPages ?? 2;
  const commentPageSize = Math.min(100, Math.max(1, options.commentPageSize ?? 100));
  const maxCommentPages = options.maxCommentPages ?? 3;
  const maxReplyPages = options.maxReplyPages ?? 2;
  const windowMs = (options.commentWindowDays ?? 7) * DAY_MS;
  const now = options.now ?? Date.now;
  const http = createHttpClient(options.http);
  const channelIds = new Map<string, string>();
  let quotaResetsAt = 0;

  async function call(
    context: RequestContext,
    meter: Meter,
    resource: Resource,
    params: Record<string, string>,
    signal?: AbortSignal,
    accept?: (r: ErrorResponse) => boolean,
  ) {
    if (now() < quotaResetsAt)
      throw quotaError(
        context,
        `quota exhausted earlier; requests resume after ${new Date(quotaResetsAt).toISOString()}`,
      );
    const url = new URL(`${apiUrl}/${resource}`);
    for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
    url.searchParams.set('key', options.apiKey);
    // Google charges a call whatever it answers, so the units count as soon as it is sent.
    meter.charge(resource);
    return http.requestJson(context, {
      url,
      label: `GET /${resource}`,
      signal,
      interpretError: (r) =>
        accept?.(r)
          ? { action: 'accept' }
          : interpretYouTubeError(r, () => (quotaResetsAt = nextPacificMidnight(now()))),
    });
  }

  async function resolveChannel(
    context: RequestContext,
    meter: Meter,
    name: string,
    signal?: AbortSignal,
  ): Promise<string | null> {
    if (CHANNEL_ID.test(name)) return name;
    const cached = channelIds.get(name.toLowerCase());
    if (cached) return cached;
    if (!meter.canAfford('search')) return null;
    const res = await call(
      context,
      meter,
      'search',
      { part: 'snippet', type: 'channel', q: name, maxResults: '1' },
      signal,
    );
    const found = parsePayload(searchSchema, res.body, context, 'GET /search (type=channel)').items[0];
    const id = found?.id.channelId ?? found?.snippet.channelId;
    if (!id) throw new ConnectorError(`youtube ${context.source}: no channel matches "${name}"`, false);
    channelIds.set(name.toLowerCase(), id);
    return id;
  }

  async function findVideos(
    context: RequestContext,
    meter: Meter,
    filter: Record<string, string>,
    publishedAfter: number,
    fetchOptions: FetchOptions,
    firstScan: boolean,
  ): Promise<Candidate[]> {
    const found: Candidate[] = [];
    let pageToken: string | undefined;
    for (let page = 0; page < maxSearchPages && meter.canAfford('search'); page++) {
      const params: Record<string, string> = {
        part: 'snippet',
        type: 'video',
        order: 'date',
        maxResults: String(searchPageSize),
        publishedAfter: new Date(publishedAfter).toISOString(),
        ...filter,
      };
      if (pageToken) params.pageToken = pageToken;
      const res = await call(context, meter, 'search', params, fetchOptions.signal);
      const body = parsePayload(searchSchema, res.body, context, 'GET /search');
      for (const item of body.items) {
        if (!item.id.videoId) continue;
        found.push({ id: item.id.videoId, time: Date.parse(item.snippet.publishedAt), snippet: item.snippet });
      }
      fetchOptions.heartbeat?.({ source: context.source, fetched: found.length });
      pageToken = body.nextPageToken;
      if (!pageToken || (firstScan && found.length >= fetchOptions.maxPosts)) break;
    }
    return found;
  }

  async function details(context: RequestContext, meter: Meter, ids: string[], signal?: AbortSignal) {
    const res = await call(
      context,
      meter,
      'videos',
      { part: 'snippet,statistics', id: ids.join(','), maxResults: '50' },
      signal,
    );
    return new Map(parsePayload(videosSchema, res.body, context, 'GET /videos').items.map((v) => [v.id, v]));
  }

  /** Replies of one thread beyond those it carries (comments.list parentId), newest first as the API sends them. */
  async function moreReplies(
    context: RequestContext,
    meter: Meter,
    threadId: string,
    fetchOptions: FetchOptions,
  ): Promise<Comment[]> {
    const replies: Comment[] = [];
    let pageToken: string | undefined;
    for (let page = 0; page < maxReplyPages && meter.canAfford('comments'); page++) {
      const params: Record<string, string> = {
        part: 'snippet',
        parentId: threadId,
        textFormat: 'plainText',
        maxResults: '100',
      };
      if (pageToken) params.pageToken = pageToken;
      const res = await call(context, meter, 'comments', params, fetchOptions.signal, (r) => r.status === 404);
      if (res.status >= 400) break;
      const body = parsePayload(repliesSchema, res.body, context, 'GET /comments');
      replies.push(...body.items);
      pageToken = body.nextPageToken;
      if (!pageToken) break;
    }
    return replies;
  }

  /**
   * The comments and replies on one video newer than its watermark, newest threads first. The watermark moves only
   * when the read reached it (or the end of the threads), so a read cut short by the page or quota limit loses nothing.
   */
  async function readComments(
    context: RequestContext,
    meter: Meter,
    video: WatchedVideo,
    budget: number,
    fetchOptions: FetchOptions,
    progress: { fetched: number },
  ): Promise<{ posts: RawPost[]; video: WatchedVideo }> {
    const posts: RawPost[] = [];
    const since = video.newestComment ?? -Infinity;
    let newest = video.newestComment;
    let complete = false;
    let pageToken: string | undefined;
    const take = (videoId: string, comment: Comment, replyCount: number) => {
      const at = Date.parse(comment.snippet.publishedAt);
      if (at <= since) return;
      posts.push(commentPost(context.source, videoId, comment, replyCount));
      newest = Math.max(newest ?? at, at);
    };
    for (let page = 0; page < maxCommentPages && posts.length < budget && meter.canAfford('commentThreads'); page++) {
      const params: Record<string, string> = {
        part: 'snippet,replies',
        videoId: video.id,
        order: 'time',
        textFormat: 'plainText',
        maxResults: String(commentPageSize),
      };
      if (pageToken) params.pageToken = pageToken;
      // Comments turned off (403 commentsDisabled) or the video gone (404): the video simply has no comments to read.
      const res = await call(
        context,
        meter,
        'commentThreads',
        params,
        fetchOptions.signal,
        (r) => r.status === 404 || reasonOf(r.body) === 'commentsDisabled',
      );
      if (res.status >= 400) {
        complete = true;
        break;
      }
      const body = parsePayload(threadsSchema, res.body, context, 'GET /commentThreads');
      let reachedWatermark = false;
      for (const thread of body.items) {
        const top = thread.snippet.topLevelComment;
        if (Date.parse(top.snippet.publishedAt) <= since) reachedWatermark = true;
        take(video.id, top, thread.snippet.totalReplyCount);
        for (const reply of await repliesOf(context, meter, thread, since, fetchOptions)) take(video.id, reply, 0);
      }
      progress.fetched += body.items.length;
      fetchOptions.heartbeat?.({ source: context.source, fetched: progress.fetched });
      pageToken = body.nextPageToken;
      if (!pageToken || reachedWatermark) {
        complete = true;
        break;
      }
    }
    return { posts, video: { ...video, newestComment: complete ? newest : video.newestComment } };
  }

  /** The replies of a thread: those it carries, and the rest through comments.list when it carries fewer than it has and is new. */
  async function repliesOf(
    context: RequestContext,
    meter: Meter,
    thread: Thread,
    since: number,
    fetchOptions: FetchOptions,
  ): Promise<Comment[]> {
    const carried = thread.replies?.comments ?? [];
    const isNew = Date.parse(thread.snippet.topLevelComment.snippet.publishedAt) > since;
    if (thread.snippet.totalReplyCount <= carried.length || !isNew) return carried;
    const all = await moreReplies(context, meter, thread.id ?? thread.snippet.topLevelComment.id, fetchOptions);
    return all.length > 0 ? all : carried;
  }

  return {
    platform: 'youtube',
    simulated: false,
    dailyQuota: options.dailyQuota ?? 10_000,
    async fetchNew(source: Source, cursor: string | null, fetchOptions: FetchOptions): Promise<FetchResult> {
      const context: RequestContext = { platform: 'youtube', source: sourceLabel(source) };
      const meter = createMeter(fetchOptions.quota);
      const value = source.value.trim();
      if (source.settingType !== 'channels' && source.settingType !== 'keywords') {
        throw new ConnectorError(
          `youtube ${context.source}: unsupported setting type "${source.settingType}" (channels or keywords)`,
          false,
        );
      }
      const stored = decodeCursor(cursorSchema, cursor);
      const windowStart = now() - windowMs;
      const mark: TimeMark | null = stored ? { time: stored.time, seen: stored.seen } : null;
      const watched = new Map((stored?.videos ?? []).filter((v) => v.publishedAt >= windowStart).map((v) => [v.id, v]));
      const posts: RawPost[] = [];
      const progress = { fetched: 0 };

      // 1. New videos, when the allowance has room for a search and the videos.list that details what it finds.
      let searchMark = mark;
      if (meter.canAfford('search') && meter.canAfford('videos')) {
        const channelId =
          source.settingType === 'channels' ? await resolveChannel(context, meter, value, fetchOptions.signal) : null;
        const filter: Record<string, string> | null =
          source.settingType === 'channels' ? (channelId ? { channelId } : null) : { q: value };
        if (filter && meter.canAfford('search')) {
          const unique = new Map<string, Candidate>();
          for (const c of await findVideos(
            context,
            meter,
            filter,
            Math.max(mark?.time ?? windowStart, windowStart),
            fetchOptions,
            !mark,
          )) {
            if (isAfterMark(c, mark) && !unique.has(c.id)) unique.set(c.id, c);
          }
          // Resuming: oldest first, so what does not fit waits. First scan: newest first.
          const queue = [...unique.values()].sort((a, b) => (mark ? a.time - b.time : b.time - a.time));
          const processed: Candidate[] = [];
          for (let i = 0; i < queue.length && posts.length < fetchOptions.maxPosts; i += 50) {
            if (!meter.canAfford('videos')) break;
            const batch = queue.slice(i, Math.min(i + 50, i + fetchOptions.maxPosts - posts.length));
            const info = await details(
              context,
              meter,
              batch.map((c) => c.id),
              fetchOptions.signal,
            );
            for (const candidate of batch) {
              processed.push(candidate);
              const video = info.get(candidate.id);
              if (!video) continue; // deleted or made private since the search
              posts.push(videoPost(context.source, video));
              watched.set(video.id, {
                id: video.id,
                publishedAt: Date.parse(video.snippet.publishedAt),
                newestComment: null,
                readAt: null,
              });
            }
          }
          searchMark = advanceMark(mark, processed);
        }
      }

      // 2. Comments on every watched video, least recently read first, as far as the allowance and maxPosts reach.
      const order = [...watched.values()].sort(
        (a, b) => (a.readAt ?? -Infinity) - (b.readAt ?? -Infinity) || b.publishedAt - a.publishedAt,
      );
      // Each read is stamped after every earlier one, even within the clock's millisecond: otherwise a video read
      // this scan can tie with one the last scan read and be read again before it.
      let lastRead = Math.max(0, ...order.map((v) => v.readAt ?? 0));
      for (const video of order) {
        if (posts.length >= fetchOptions.maxPosts || !meter.canAfford('commentThreads')) break;
        const read = await readComments(
          context,
          meter,
          video,
          fetchOptions.maxPosts - posts.length,
          fetchOptions,
          progress,
        );
        posts.push(...read.posts.slice(0, fetchOptions.maxPosts - posts.length));
        lastRead = Math.max(now(), lastRead + 1);
        watched.set(video.id, { ...read.video, readAt: lastRead });
      }

      // Pages read while comments arrive can repeat an item: each post once.
      const unique = [...new Map(posts.map((p) => [p.postId, p])).values()];
      if (!searchMark && watched.size === 0) return { posts: unique, cursor };
      const next: Cursor = {
        time: searchMark?.time ?? windowStart,
        seen: searchMark?.seen ?? [],
        videos: [...watched.values()],
      };
      return { posts: unique, cursor: encodeCursor(next) };
    },
  };
}

function videoPost(source: string, video: z.output<typeof videosSchema>['items'][number]): RawPost {
  return {
    platform: 'youtube',
    postId: video.id,
    source,
    author: video.snippet.channelId,
    createdAt: new Date(video.snippet.publishedAt).toISOString(),
    title: video.snippet.title,
    text: video.snippet.description,
    url: `https://www.youtube.com/watch?v=${video.id}`,
    engagement: (video.statistics?.likeCount ?? 0) + (video.statistics?.commentCount ?? 0),
  };
}

/** A top-level comment (engagement: likes + replies) or a reply (likes), each its own post. */
function commentPost(source: string, videoId: string, comment: Comment, replyCount: number): RawPost {
  return {
    platform: 'youtube',
    postId: comment.id,
    source,
    author: comment.snippet.authorChannelId?.value ?? comment.snippet.authorDisplayName,
    createdAt: new Date(comment.snippet.publishedAt).toISOString(),
    title: '',
    text: comment.snippet.textDisplay,
    url: `https://www.youtube.com/watch?v=${videoId}&lc=${comment.id}`,
    engagement: comment.snippet.likeCount + replyCount,
  };
}

/** The first `errors[].reason` of a Google API error body. */
function reasonOf(body: unknown): string | undefined {
  return (body as { error?: { errors?: Array<{ reason?: string }> } } | undefined)?.error?.errors?.[0]?.reason;
}

/** quotaExceeded/dailyLimitExceeded: the day's units are gone (not retryable); rateLimitExceeded: back off and retry. */
export function interpretYouTubeError(response: ErrorResponse, onQuotaExhausted: () => void): ErrorVerdict | undefined {
  const reason = reasonOf(response.body);
  const message = ((response.body as { error?: { message?: string } } | undefined)?.error?.message ?? '').replace(
    /<[^>]*>/g,
    '',
  );
  if (reason === 'quotaExceeded' || reason === 'dailyLimitExceeded') {
    onQuotaExhausted();
    return {
      action: 'fail',
      retryable: false,
      message: `daily API quota exhausted (${reason}: ${message}); YouTube requests fail until the quota resets at midnight Pacific time`,
    };
  }
  if (reason === 'rateLimitExceeded' || reason === 'userRateLimitExceeded')
    return { action: 'retry', reason: `rate limited (HTTP ${response.status} ${reason})` };
  return undefined;
}

function quotaError(context: RequestContext, detail: string): ConnectorError {
  return new ConnectorError(`youtube ${context.source}: daily API quota exhausted (quotaExceeded): ${detail}`, false);
}
