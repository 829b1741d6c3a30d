import { z } from 'zod';
import { createHttpClient, type ErrorResponse, type ErrorVerdict, type HttpPolicy, type RequestContext } from './http/httpClient';
import { dateString, parsePayload, sourceLabel } from './http/payload';
import { advanceMark, decodeCursor, encodeCursor, isAfterMark, timeMarkSchema, type Stamped } from './http/watermark';
import { ConnectorError, type Connector, type FetchOptions, type FetchResult, type RawPost, type Source } from './types';

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
  /** commentThreads pages per video (1 unit each). Default 3. */
  maxCommentPages?: number;
  http?: Partial<HttpPolicy>;
  now?: () => number;
}

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
const threadsSchema = z.object({
  kind: z.literal('youtube#commentThreadListResponse'),
  nextPageToken: z.string().optional(),
  items: z.array(
    z.object({
      snippet: z.object({
        videoId: z.string(),
        totalReplyCount: z.number(),
        topLevelComment: z.object({
          id: z.string(),
          snippet: z.object({
            textDisplay: z.string(),
            authorDisplayName: z.string(),
            authorChannelId: z.object({ value: z.string() }).optional(),
            likeCount: z.number(),
            publishedAt: dateString,
          }),
        }),
      }),
    }),
  ),
});

/** Cursor: the newest video publishedAt processed, plus the video ids processed at exactly that instant. */
const cursorSchema = timeMarkSchema;
const CHANNEL_ID = /^UC[\w-]{22}$/;

interface Candidate extends Stamped {
  snippet: { channelId: string; title: string; description: string; publishedAt: string };
}

/**
 * YouTube Data API v3 with an API key. `channels` (a UC… id, or a name resolved once via search type=channel) and
 * `keywords` (q) find new videos with search.list (order=date, publishedAfter); each new video yields one post
 * (title + full description from videos.list) and its top-level comments (commentThreads.list).
 * Cursor: `{"v":1,"time":<ms>,"seen":["videoId",…]}`.
 */
export function createYouTubeConnector(options: YouTubeConnectorOptions): Connector {
  const apiUrl = (options.apiUrl ?? 'https://www.googleapis.com/youtube/v3').replace(/\/$/, '');
  const searchPageSize = Math.min(50, Math.max(1, options.searchPageSize ?? 50));
  const maxSearchPages = options.maxSearchPages ?? 2;
  const commentPageSize = Math.min(100, Math.max(1, options.commentPageSize ?? 100));
  const maxCommentPages = options.maxCommentPages ?? 3;
  const now = options.now ?? Date.now;
  const http = createHttpClient(options.http);
  const channelIds = new Map<string, string>();
  let quotaResetsAt = 0;

  async function call(context: RequestContext, resource: string, params: Record<string, string>, signal?: AbortSignal, accept?: (r: ErrorResponse) => boolean) {
    if (now() < quotaResetsAt) throw quotaError(context, `quota exhausted earlier; requests resume after ${new Date(quotaResetsAt).toISOString()}`);
    const url = new URL(`${apiUrl}/${resource}`);
    for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
    url.searchParams.set('key', options.apiKey);
    return http.requestJson(context, {
      url,
      label: `GET /${resource}`,
      signal,
      interpretError: (r) => (accept?.(r) ? { action: 'accept' } : interpretYouTubeError(r, () => (quotaResetsAt = nextPacificMidnight(now())))),
    });
  }

  async function resolveChannel(context: RequestContext, name: string, signal?: AbortSignal): Promise<string> {
    if (CHANNEL_ID.test(name)) return name;
    const cached = channelIds.get(name.toLowerCase());
    if (cached) return cached;
    const res = await call(context, 'search', { part: 'snippet', type: 'channel', q: name, maxResults: '1' }, signal);
    const found = parsePayload(searchSchema, res.body, context, 'GET /search (type=channel)').items[0];
    const id = found?.id.channelId ?? found?.snippet.channelId;
    if (!id) throw new ConnectorError(`youtube ${context.source}: no channel matches "${name}"`, false);
    channelIds.set(name.toLowerCase(), id);
    return id;
  }

  async function findVideos(context: RequestContext, filter: Record<string, string>, mark: z.output<typeof cursorSchema> | null, fetchOptions: FetchOptions): Promise<Candidate[]> {
    const found: Candidate[] = [];
    let pageToken: string | undefined;
    for (let page = 0; page < maxSearchPages; page++) {
      const params: Record<string, string> = { part: 'snippet', type: 'video', order: 'date', maxResults: String(searchPageSize), ...filter };
      if (mark) params.publishedAfter = new Date(mark.time).toISOString();
      if (pageToken) params.pageToken = pageToken;
      const res = await call(context, 'search', params, fetchOptions.signal);
      const body = parsePayload(searchSchema, res.body, context, 'GET /search');
      for (const item of body.items) {
        if (!item.id.videoId) continue;
        found.push({ id: item.id.videoId, time: Date.parse(item.snippet.publishedAt), snippet: item.snippet });
      }
      fetchOptions.heartbeat?.({ source: context.source, fetched: found.length });
      pageToken = body.nextPageToken;
      if (!pageToken || (!mark && found.length >= fetchOptions.maxPosts)) break;
    }
    return found;
  }

  async function details(context: RequestContext, ids: string[], signal?: AbortSignal) {
    const res = await call(context, 'videos', { part: 'snippet,statistics', id: ids.join(','), maxResults: '50' }, signal);
    return new Map(parsePayload(videosSchema, res.body, context, 'GET /videos').items.map((v) => [v.id, v]));
  }

  async function comments(context: RequestContext, videoId: string, budget: number, fetchOptions: FetchOptions, progress: { fetched: number }): Promise<RawPost[]> {
    const posts: RawPost[] = [];
    let pageToken: string | undefined;
    for (let page = 0; page < maxCommentPages && posts.length < budget; page++) {
      const params: Record<string, string> = { part: 'snippet', videoId, order: 'time', textFormat: 'plainText', maxResults: String(Math.min(commentPageSize, budget - posts.length)) };
      if (pageToken) params.pageToken = pageToken;
      // Comments turned off (403 commentsDisabled) or the video gone (404): the video simply has no comments to read.
      const res = await call(context, 'commentThreads', params, fetchOptions.signal, (r) => r.status === 404 || reasonOf(r.body) === 'commentsDisabled');
      if (res.status >= 400) break;
      const body = parsePayload(threadsSchema, res.body, context, 'GET /commentThreads');
      for (const thread of body.items.slice(0, budget - posts.length)) posts.push(commentPost(context.source, thread.snippet));
      progress.fetched += body.items.length;
      fetchOptions.heartbeat?.({ source: context.source, fetched: progress.fetched });
      pageToken = body.nextPageToken;
      if (!pageToken) break;
    }
    return posts;
  }

  return {
    platform: 'youtube',
    simulated: false,
    async fetchNew(source: Source, cursor: string | null, fetchOptions: FetchOptions): Promise<FetchResult> {
      const context: RequestContext = { platform: 'youtube', source: sourceLabel(source) };
      const value = source.value.trim();
      let filter: Record<string, string>;
      if (source.settingType === 'channels') filter = { channelId: await resolveChannel(context, value, fetchOptions.signal) };
      else if (source.settingType === 'keywords') filter = { q: value };
      else throw new ConnectorError(`youtube ${context.source}: unsupported setting type "${source.settingType}" (channels or keywords)`, false);

      const mark = decodeCursor(cursorSchema, cursor);
      const unique = new Map<string, Candidate>();
      for (const c of await findVideos(context, filter, mark, fetchOptions)) if (isAfterMark(c, mark) && !unique.has(c.id)) unique.set(c.id, c);
      // Resuming: oldest first, so what does not fit waits. First scan: newest first, older history is skipped.
      const queue = [...unique.values()].sort((a, b) => (mark ? a.time - b.time : b.time - a.time));

      const posts: RawPost[] = [];
      const processed: Candidate[] = [];
      const progress = { fetched: 0 };
      let info = new Map<string, z.output<typeof videosSchema>['items'][number]>();
      for (let i = 0; i < queue.length && posts.length < fetchOptions.maxPosts; i++) {
        if (i % 50 === 0) info = await details(context, queue.slice(i, i + 50).map((c) => c.id), fetchOptions.signal);
        const candidate = queue[i]!;
        processed.push(candidate);
        const video = info.get(candidate.id);
        if (!video) continue; // deleted or made private since the search
        posts.push(videoPost(context.source, video));
        posts.push(...(await comments(context, video.id, fetchOptions.maxPosts - posts.length, fetchOptions, progress)));
      }
      const next = advanceMark(mark, processed);
      return { posts, cursor: next ? encodeCursor(next) : cursor };
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

function commentPost(source: string, thread: z.output<typeof threadsSchema>['items'][number]['snippet']): RawPost {
  const comment = thread.topLevelComment;
  return {
    platform: 'youtube',
    postId: comment.id,
    source,
    author: comment.snippet.authorChannelId?.value ?? comment.snippet.authorDisplayName,
    createdAt: new Date(comment.snippet.publishedAt).toISOString(),
    title: '',
    text: comment.snippet.textDisplay,
    url: `https://www.youtube.com/watch?v=${thread.videoId}&lc=${comment.id}`,
    engagement: comment.snippet.likeCount + thread.totalReplyCount,
  };
}

/** The first `errors[].reason` of a Google API error body. */
function reasonOf(body: unknown): string | undefined {
  return (body as { error?: { errors?: Array<{ reason?: string }> } } | undefined)?.error?.errors?.[0]?.reason;
}

/** quotaExceeded/dailyLimitExceeded: the day's units are gone (not retryable); rateLimitExceeded: back off and retry. */
export function interpretYouTubeError(response: ErrorResponse, onQuotaExhausted: () => void): ErrorVerdict | undefined {
  const reason = reasonOf(response.body);
  const message = ((response.body as { error?: { message?: string } } | undefined)?.error?.message ?? '').replace(/<[^>]*>/g, '');
  if (reason === 'quotaExceeded' || reason === 'dailyLimitExceeded') {
    onQuotaExhausted();
    return { action: 'fail', retryable: false, message: `daily API quota exhausted (${reason}: ${message}); YouTube requests fail until the quota resets at midnight Pacific time` };
  }
  if (reason === 'rateLimitExceeded' || reason === 'userRateLimitExceeded') return { action: 'retry', reason: `rate limited (HTTP ${response.status} ${reason})` };
  return undefined;
}

function quotaError(context: RequestContext, detail: string): ConnectorError {
  return new ConnectorError(`youtube ${context.source}: daily API quota exhausted (quotaExceeded): ${detail}`, false);
}

/** YouTube quotas reset at midnight America/Los_Angeles. */
export function nextPacificMidnight(nowMs: number): number {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone: 'America/Los_Angeles', hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' }).formatToParts(new Date(nowMs));
  const part = (type: string) => Number(parts.find((p) => p.type === type)!.value);
  const localAsUtc = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second'));
  const offset = localAsUtc - Math.floor(nowMs / 1000) * 1000;
  return Date.UTC(part('year'), part('month') - 1, part('day') + 1) - offset;
}
