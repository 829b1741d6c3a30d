import { z } from 'zod';
import {
  createHttpClient,
  type ErrorResponse,
  type ErrorVerdict,
  type HttpPolicy,
  type RequestContext,
} from '../../platform/http/httpClient';
import { dateString, parsePayload, sourceLabel } from '../../platform/http/payload';
import { decodeCursor, encodeCursor, takeAfterMark, timeMarkSchema } from '../../platform/http/watermark';
import {
  ConnectorError,
  type Connector,
  type FetchOptions,
  type FetchResult,
  type RawPost,
  type Source,
} from '../../domain/scans/connector';

export interface InstagramConnectorOptions {
  /** A user access token with instagram_basic + Instagram Public Content Access. */
  accessToken: string;
  /** The Instagram professional account (IG User id) the queries are made for. */
  userId: string;
  /** Default https://graph.facebook.com/v21.0 */
  apiUrl?: string;
  /** recent_media `limit`, 1–50. Default 50. */
  pageSize?: number;
  /** Pages per fetch. Default 10. */
  maxPages?: number;
  http?: Partial<HttpPolicy>;
}

const FIELDS = 'id,caption,timestamp,like_count,comments_count,permalink,media_type';
/** Graph API throttling codes: app (4), user (17), page (32), call-rate (613), Instagram business use case (80002). */
const THROTTLE_CODES = new Set([4, 17, 32, 613, 80002]);

const hashtagSearchSchema = z.object({ data: z.array(z.object({ id: z.string() })) });
const mediaSchema = z.object({
  id: z.string(),
  caption: z.string().optional(),
  timestamp: dateString,
  // Omitted when the owner hides like counts.
  like_count: z.number().optional(),
  comments_count: z.number().optional(),
  permalink: z.string(),
});
const recentMediaSchema = z.object({
  data: z.array(mediaSchema),
  paging: z
    .object({ cursors: z.object({ after: z.string().optional() }).optional(), next: z.string().optional() })
    .optional(),
});
type Media = z.output<typeof mediaSchema>;

/**
 * Instagram Graph API hashtag search. A `hashtags` source ("#stocks") or a `keywords` source (its words joined into one
 * hashtag: "stock analysis" → #stockanalysis) is resolved once via /ig_hashtag_search, then /{hashtag-id}/recent_media
 * (the last 24 hours, not in time order) is paged fully and filtered by the cursor.
 * Cursor: `{"v":1,"time":<ms>,"seen":["mediaId",…]}`. Hashtag media carry no author: `author` is empty.
 */
export function createInstagramConnector(options: InstagramConnectorOptions): Connector {
  const apiUrl = (options.apiUrl ?? 'https://graph.facebook.com/v21.0').replace(/\/$/, '');
  const pageSize = Math.min(50, Math.max(1, options.pageSize ?? 50));
  const maxPages = options.maxPages ?? 10;
  const http = createHttpClient(options.http);
  const hashtagIds = new Map<string, string>();

  async function get(context: RequestContext, path: string, params: Record<string, string>, signal?: AbortSignal) {
    const url = new URL(`${apiUrl}${path}`);
    for (const [k, v] of Object.entries({ ...params, user_id: options.userId, access_token: options.accessToken }))
      url.searchParams.set(k, v);
    return http.requestJson(context, {
      url,
      label: `GET ${path.replace(/^\/\d+\//, '/{hashtag-id}/')}`,
      signal,
      interpretError: interpretGraphError,
    });
  }

  async function hashtagId(context: RequestContext, tag: string, signal?: AbortSignal): Promise<string> {
    const cached = hashtagIds.get(tag);
    if (cached) return cached;
    const res = await get(context, '/ig_hashtag_search', { q: tag }, signal);
    const id = parsePayload(hashtagSearchSchema, res.body, context, 'GET /ig_hashtag_search').data[0]?.id;
    if (!id) throw new ConnectorError(`instagram ${context.source}: no hashtag #${tag} found`, false);
    hashtagIds.set(tag, id);
    return id;
  }

  return {
    platform: 'instagram',
    simulated: false,
    async fetchNew(source: Source, cursor: string | null, fetchOptions: FetchOptions): Promise<FetchResult> {
      const context: RequestContext = { platform: 'instagram', source: sourceLabel(source) };
      const tag = hashtagFor(source, context);
      const id = await hashtagId(context, tag, fetchOptions.signal);
      const mark = decodeCursor(timeMarkSchema, cursor);

      const media: Media[] = [];
      let after: string | undefined;
      for (let page = 0; page < maxPages; page++) {
        const params: Record<string, string> = { fields: FIELDS, limit: String(pageSize) };
        if (after) params.after = after;
        const res = await get(context, `/${id}/recent_media`, params, fetchOptions.signal);
        const body = parsePayload(recentMediaSchema, res.body, context, 'GET /{hashtag-id}/recent_media');
        media.push(...body.data);
        fetchOptions.heartbeat?.({ source: context.source, fetched: media.length });
        after = body.paging?.cursors?.after;
        if (!body.paging?.next || !after) break;
      }
      const { taken, mark: nextMark } = takeAfterMark(
        media,
        (m) => ({ id: m.id, time: Date.parse(m.timestamp) }),
        mark,
        fetchOptions.maxPosts,
      );
      return {
        posts: taken.map((m) => toRawPost(context.source, m)),
        cursor: nextMark ? encodeCursor(nextMark) : cursor,
      };
    },
  };
}

function hashtagFor(source: Source, context: RequestContext): string {
  if (source.settingType !== 'hashtags' && source.settingType !== 'keywords') {
    throw new ConnectorError(
      `instagram ${context.source}: unsupported setting type "${source.settingType}" (hashtags or keywords)`,
      false,
    );
  }
  const tag = source.value
    .trim()
    .replace(/^#+/, '')
    .replace(/[\s_-]+/g, '')
    .toLowerCase();
  if (!/^[\p{L}\p{N}]+$/u.test(tag))
    throw new ConnectorError(`instagram ${context.source}: "${source.value}" cannot be searched as a hashtag`, false);
  return tag;
}

/** Graph errors: {error:{message,type,code,error_subcode,fbtrace_id}}; throttling comes as codes, not always as HTTP 429. */
export function interpretGraphError(response: ErrorResponse): ErrorVerdict | undefined {
  const error = (response.body as { error?: { code?: number; message?: string; type?: string } } | undefined)?.error;
  if (!error || typeof error.code !== 'number') return undefined;
  const detail = `${error.type ?? 'GraphError'} ${error.code}: ${error.message ?? ''}`;
  if (THROTTLE_CODES.has(error.code))
    return { action: 'retry', waitMs: regainAccessMs(response.headers), reason: `rate limited (${detail})` };
  if (error.code === 1 || error.code === 2) return { action: 'retry', reason: `temporary Graph API error (${detail})` };
  if (error.code === 190)
    return { action: 'fail', retryable: false, message: `access token invalid or expired (${detail})` };
  if (response.status >= 500) return undefined;
  return { action: 'fail', retryable: false, message: `request rejected (HTTP ${response.status}, ${detail})` };
}

/** X-Business-Use-Case-Usage: {"<id>":[{"estimated_time_to_regain_access":<minutes>,…}]}. */
function regainAccessMs(headers: Headers): number | undefined {
  try {
    const usage = JSON.parse(headers.get('x-business-use-case-usage') ?? '{}') as Record<
      string,
      Array<{ estimated_time_to_regain_access?: number }>
    >;
    const minutes = Math.max(
      0,
      ...Object.values(usage)
        .flat()
        .map((u) => u.estimated_time_to_regain_access ?? 0),
    );
    return minutes > 0 ? minutes * 60_000 : undefined;
  } catch {
    return undefined;
  }
}

function toRawPost(source: string, media: Media): RawPost {
  return {
    platform: 'instagram',
    postId: media.id,
    source,
    author: '',
    createdAt: new Date(media.timestamp).toISOString(),
    title: '',
    text: media.caption ?? '',
    url: media.permalink,
    engagement: (media.like_count ?? 0) + (media.comments_count ?? 0),
  };
}
