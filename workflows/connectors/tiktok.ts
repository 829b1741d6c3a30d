import { z } from 'zod';
import { createHttpClient, type HttpPolicy, type RequestContext } from '../../platform/http/httpClient';
import { parsePayload, sourceLabel } from '../../platform/http/payload';
import { TokenCache } from '../../platform/http/tokenCache';
import { decodeCursor, encodeCursor, takeAfterMark, timeMarkSchema } from '../../platform/http/watermark';
import {
  ConnectorError,
  type Connector,
  type FetchOptions,
  type FetchResult,
  type RawPost,
  type Source,
} from '../../domain/scans/connector';
import { DAY_MS } from '../../core/timeWindows';

export interface TikTokConnectorOptions {
  clientKey: string;
  clientSecret: string;
  /** Default https://open.tiktokapis.com */
  apiUrl?: string;
  /** `max_count`, 1–100. Default 100. */
  pageSize?: number;
  /** Pages per fetch (the Research API allows about 1,000 requests a day). Default 10. */
  maxPages?: number;
  /** How many days back a first scan looks (start_date = today − n, UTC). Default 1. */
  firstScanDays?: number;
  http?: Partial<HttpPolicy>;
  now?: () => number;
}

const FIELDS =
  'id,video_description,create_time,username,like_count,comment_count,share_count,view_count,hashtag_names';
/** start_date and end_date may be at most 30 days apart. */
const MAX_WINDOW_DAYS = 29;

const tokenSchema = z.object({
  access_token: z.string().min(1),
  expires_in: z.number().positive(),
  token_type: z.string(),
});
const videoId = z.union([z.string().regex(/^\d+$/), z.number().int()]).transform(String);
/** The Research API answers `id` (what the `fields` parameter asks for); its documentation example names it `video_id`. Either is accepted. */
const videoSchema = z
  .object({
    id: videoId.optional(),
    video_id: videoId.optional(),
    create_time: z.number().int(),
    username: z.string().optional(),
    video_description: z.string().optional(),
    like_count: z.number().optional(),
    comment_count: z.number().optional(),
    share_count: z.number().optional(),
  })
  .check((ctx) => {
    if (ctx.value.id === undefined && ctx.value.video_id === undefined) {
      ctx.issues.push({
        code: 'custom',
        input: ctx.value,
        path: ['id'],
        message: 'missing (expected id or video_id, a numeric string or integer)',
      });
    }
  })
  .transform(({ id, video_id, ...video }) => ({ ...video, id: (id ?? video_id)! }));
const querySchema = z.object({
  data: z.object({
    videos: z.array(videoSchema),
    cursor: z.number(),
    has_more: z.boolean(),
    search_id: z.union([z.string(), z.number()]).transform(String),
  }),
  error: z.object({ code: z.string(), message: z.string() }),
});
type Video = z.output<typeof videoSchema>;

/** Video ids are 64-bit integers sent as bare JSON numbers: quote them before parsing so no digit is lost. */
export function parseTikTokJson(text: string): unknown {
  return JSON.parse(text.replace(/"(id|video_id|search_id)"(\s*):(\s*)(\d{16,})/g, '"$1"$2:$3"$4"'));
}

const yyyymmdd = (ms: number) => new Date(ms).toISOString().slice(0, 10).replaceAll('-', '');

/**
 * TikTok Research API (client-credentials token). `hashtags` ("#stocks" → hashtag_name IN ["stocks"]) and `keywords`
 * (keyword IN [value]) over [start_date, today] in UTC. Results are not in time order, so each fetch pages the whole
 * window and keeps what is newer than the cursor. Cursor: `{"v":1,"time":<ms>,"seen":["videoId",…]}`.
 */
export function createTikTokConnector(options: TikTokConnectorOptions): Connector {
  const apiUrl = options.apiUrl ?? 'https://open.tiktokapis.com';
  const pageSize = Math.min(100, Math.max(1, options.pageSize ?? 100));
  const maxPages = options.maxPages ?? 10;
  const firstScanDays = options.firstScanDays ?? 1;
  const now = options.now ?? Date.now;
  const http = createHttpClient(options.http);

  const tokens = new TokenCache<RequestContext>(async (context, signal) => {
    const label = 'POST /v2/oauth/token/';
    const res = await http.requestJson(context, {
      method: 'POST',
      url: new URL('/v2/oauth/token/', apiUrl),
      label,
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'Cache-Control': 'no-cache' },
      body: new URLSearchParams({
        client_key: options.clientKey,
        client_secret: options.clientSecret,
        grant_type: 'client_credentials',
      }).toString(),
      signal,
    });
    const refused = res.body as { error?: unknown; error_description?: unknown };
    if (typeof refused.error === 'string' && refused.error !== '') {
      throw new ConnectorError(
        `tiktok ${context.source}: ${label}: token refused (${refused.error}: ${String(refused.error_description ?? '')})`,
        false,
      );
    }
    const token = parsePayload(tokenSchema, res.body, context, label);
    return { accessToken: token.access_token, expiresInSeconds: token.expires_in };
  });

  async function queryPage(context: RequestContext, body: Record<string, unknown>, signal?: AbortSignal) {
    const label = 'POST /v2/research/video/query/';
    const url = new URL('/v2/research/video/query/', apiUrl);
    url.searchParams.set('fields', FIELDS);
    for (let retriedAuth = false; ; retriedAuth = true) {
      const token = await tokens.get(context, signal);
      const res = await http.requestJson(context, {
        method: 'POST',
        url,
        label,
        signal,
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
        parse: parseTikTokJson,
        interpretError: (r) => (r.status === 401 && !retriedAuth ? { action: 'accept' } : undefined),
      });
      if (res.status === 401) {
        tokens.invalidate();
        continue;
      }
      const page = parsePayload(querySchema, res.body, context, label);
      if (page.error.code !== 'ok')
        throw new ConnectorError(
          `tiktok ${context.source}: ${label}: ${page.error.code}: ${page.error.message}`,
          false,
        );
      return page.data;
    }
  }

  return {
    platform: 'tiktok',
    simulated: false,
    async fetchNew(source: Source, cursor: string | null, fetchOptions: FetchOptions): Promise<FetchResult> {
      const context: RequestContext = { platform: 'tiktok', source: sourceLabel(source) };
      const condition = conditionFor(source, context);
      const mark = decodeCursor(timeMarkSchema, cursor);
      const today = now();
      const startMs = Math.max(mark ? mark.time : today - firstScanDays * DAY_MS, today - MAX_WINDOW_DAYS * DAY_MS);
      const base = {
        query: { and: [condition] },
        start_date: yyyymmdd(startMs),
        end_date: yyyymmdd(today),
        max_count: pageSize,
      };

      const videos: Video[] = [];
      let next: { cursor: number; search_id: string } | undefined;
      for (let page = 0; page < maxPages; page++) {
        const data = await queryPage(context, next ? { ...base, ...next } : base, fetchOptions.signal);
        videos.push(...data.videos);
        fetchOptions.heartbeat?.({ source: context.source, fetched: videos.length });
        if (!data.has_more) break;
        next = { cursor: data.cursor, search_id: data.search_id };
      }
      const { taken, mark: nextMark } = takeAfterMark(
        videos,
        (v) => ({ id: v.id, time: v.create_time * 1000 }),
        mark,
        fetchOptions.maxPosts,
      );
      return {
        posts: taken.map((v) => toRawPost(context.source, v)),
        cursor: nextMark ? encodeCursor(nextMark) : cursor,
      };
    },
  };
}

function conditionFor(source: Source, context: RequestContext) {
  const value = source.value.trim();
  if (source.settingType === 'hashtags') {
    const tag = value.replace(/^#+/, '');
    if (!/^\w+$/u.test(tag))
      throw new ConnectorError(`tiktok ${context.source}: "${source.value}" is not a hashtag`, false);
    return { operation: 'IN', field_name: 'hashtag_name', field_values: [tag] };
  }
  if (source.settingType === 'keywords' && value !== '')
    return { operation: 'IN', field_name: 'keyword', field_values: [value] };
  throw new ConnectorError(
    `tiktok ${context.source}: unsupported source "${source.settingType}/${source.value}" (hashtags or keywords)`,
    false,
  );
}

function toRawPost(source: string, video: Video): RawPost {
  return {
    platform: 'tiktok',
    postId: video.id,
    source,
    author: video.username ?? '',
    createdAt: new Date(video.create_time * 1000).toISOString(),
    title: '',
    text: video.video_description ?? '',
    url: video.username
      ? `https://www.tiktok.com/@${video.username}/video/${video.id}`
      : `https://www.tiktok.com/video/${video.id}`,
    engagement: (video.like_count ?? 0) + (video.comment_count ?? 0) + (video.share_count ?? 0),
  };
}
