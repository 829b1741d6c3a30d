import { decodeHTML } from 'entities';
import { z } from 'zod';
import { createHttpClient, type HttpPolicy, type RequestContext } from '../../platform/http/httpClient';
import { dateString, parsePayload, sourceLabel } from '../../platform/http/payload';
import type { RequestLimit, RequestPacer } from '../../platform/http/requestPacer';
import { decodeCursor, encodeCursor } from '../../platform/http/watermark';
import {
  ConnectorError,
  type Connector,
  type FetchOptions,
  type FetchResult,
  type RawPost,
  type Source,
} from '../../domain/scans/connector';
import { HOUR_MS } from '../../core/timeWindows';

/** Recent search allows an app (bearer token) 450 requests per 15-minute window. */
export const X_RECENT_SEARCH_LIMIT: RequestLimit = { requests: 450, windowSeconds: 15 * 60 };

export interface TwitterConnectorOptions {
  bearerToken: string;
  /** Shared request counter that keeps every worker within X_RECENT_SEARCH_LIMIT. */
  pacer: RequestPacer;
  /** Default https://api.x.com */
  apiUrl?: string;
  /** `max_results`, 10–100. Default 100. */
  pageSize?: number;
  /** Pages per fetch (each page is billed per post read). Default 10. */
  maxPages?: number;
  /** `lang:` operator. Default "en". */
  lang?: string;
  /** How far back the very first scan of a source reads (`start_time`). Default 1 hour: X bills every post read. */
  firstScanHours?: number;
  http?: Partial<HttpPolicy>;
  now?: () => number;
}

const tweetSchema = z.object({
  id: z.string().regex(/^\d+$/),
  text: z.string(),
  created_at: dateString,
  author_id: z.string(),
  public_metrics: z.object({
    retweet_count: z.number(),
    reply_count: z.number(),
    like_count: z.number(),
    quote_count: z.number(),
  }),
  /** Posts longer than 280 characters: `text` is truncated, the full text is here. */
  note_tweet: z.object({ text: z.string() }).optional(),
});
const searchSchema = z.object({
  data: z.array(tweetSchema).optional(),
  includes: z.object({ users: z.array(z.object({ id: z.string(), username: z.string() })).optional() }).optional(),
  meta: z.object({
    result_count: z.number(),
    newest_id: z.string().optional(),
    oldest_id: z.string().optional(),
    next_token: z.string().optional(),
  }),
});

const tweetId = z.string().regex(/^\d+$/);
/**
 * `sinceId`: every post up to this id has been read; the next run asks `since_id` = it.
 * `backlog`: a run that stopped before its last page (page limit, maxPosts or pacing). The next scan continues it with
 * its `next_token` under the SAME bound (`sinceId`, or `startTime` on a source's first run), and only when the run
 * reaches its last page does `sinceId` move to the newest post the run saw. Pages of one run never overlap, and the
 * next run starts above the newest post of this one, so no post is read twice and no page is skipped.
 */
const cursorSchema = z.object({
  sinceId: tweetId.nullable(),
  backlog: z.object({ nextToken: z.string().min(1), newestId: tweetId, startTime: z.string().optional() }).optional(),
});
type XCursor = z.output<typeof cursorSchema>;

/** The filters every query carries: original posts only (retweets repeat someone else's words) in one language. */
export const xQueryRules = (lang: string) => `lang:${lang} -is:retweet`;

/** Standalone words that make a cashtag query valid (`has:cashtags` cannot stand alone) and keep it about trading. */
const CASHTAG_CONTEXT = ['stock', 'stocks', 'shares', 'calls', 'puts', 'earnings', 'buy', 'sell', 'bullish', 'bearish'];

/**
 * The recent-search query for a source (original posts in `lang`, no retweets):
 * - hashtags "#stocks" → `#stocks lang:en -is:retweet`
 * - keyword "$" → `(stock OR stocks OR … OR bearish) has:cashtags lang:en -is:retweet` (posts that carry at least one $TICKER)
 * - keyword "$TSLA" → `$TSLA lang:en -is:retweet`; keyword "calls" → `calls …`; several words → an exact phrase `"market update" …`
 */
export function buildTwitterQuery(source: Source, lang = 'en'): string {
  const value = source.value.trim().replace(/"/g, '');
  const suffix = xQueryRules(lang);
  if (source.settingType === 'hashtags') {
    const tag = value.replace(/^#+/, '');
    if (!/^\w+$/u.test(tag))
      throw new ConnectorError(`twitter ${sourceLabel(source)}: "${source.value}" is not a hashtag`, false);
    return `#${tag} ${suffix}`;
  }
  if (source.settingType !== 'keywords')
    throw new ConnectorError(
      `twitter ${sourceLabel(source)}: unsupported setting type "${source.settingType}" (hashtags or keywords)`,
      false,
    );
  if (value === '$') return `(${CASHTAG_CONTEXT.join(' OR ')}) has:cashtags ${suffix}`;
  if (value === '') throw new ConnectorError(`twitter ${sourceLabel(source)}: empty keyword`, false);
  return `${/\s/.test(value) ? `"${value}"` : value} ${suffix}`;
}

const newer = (a: string | undefined, b: string | undefined) =>
  a === undefined ? b : b === undefined ? a : BigInt(a) >= BigInt(b) ? a : b;

/** One run of recent search: a fixed lower bound, and where in its pages the next request starts. */
interface Run {
  sinceId: string | null;
  startTime?: string;
  nextToken?: string;
  newestId?: string;
}

/** X API v2 recent search (last 7 days), app-only bearer token. Cursor: `{"v":1,"sinceId":"…","backlog":{…}}` (see cursorSchema). */
export function createTwitterConnector(options: TwitterConnectorOptions): Connector {
  const apiUrl = options.apiUrl ?? 'https://api.x.com';
  const pageSize = Math.min(100, Math.max(10, options.pageSize ?? 100));
  const maxPages = options.maxPages ?? 10;
  const firstScanMs = (options.firstScanHours ?? 1) * HOUR_MS;
  const now = options.now ?? Date.now;
  const http = createHttpClient(options.http);

  const freshRun = (): Run => ({ sinceId: null, startTime: new Date(now() - firstScanMs).toISOString() });

  function runFrom(cursor: XCursor | null): Run {
    if (!cursor || (cursor.sinceId === null && !cursor.backlog)) return freshRun();
    if (!cursor.backlog) return { sinceId: cursor.sinceId };
    return {
      sinceId: cursor.sinceId,
      startTime: cursor.backlog.startTime,
      nextToken: cursor.backlog.nextToken,
      newestId: cursor.backlog.newestId,
    };
  }

  async function page(
    context: RequestContext,
    query: string,
    run: Run,
    maxResults: number,
    fetchOptions: FetchOptions,
  ) {
    const url = new URL('/2/tweets/search/recent', apiUrl);
    url.searchParams.set('query', query);
    url.searchParams.set('max_results', String(maxResults));
    url.searchParams.set('tweet.fields', 'created_at,author_id,public_metrics,note_tweet');
    url.searchParams.set('expansions', 'author_id');
    url.searchParams.set('user.fields', 'username');
    if (run.sinceId) url.searchParams.set('since_id', run.sinceId);
    else if (run.startTime) url.searchParams.set('start_time', run.startTime);
    if (run.nextToken) url.searchParams.set('next_token', run.nextToken);
    const label = 'GET /2/tweets/search/recent';
    const res = await http.requestJson(context, {
      url,
      label,
      signal: fetchOptions.signal,
      headers: { Authorization: `Bearer ${options.bearerToken}` },
      // A since_id older than the 7-day window, or a next_token X no longer honours, is a 400 naming the parameter.
      interpretError: (r) => (r.status === 400 && rejectedParameter(r.body) ? { action: 'accept' } : undefined),
    });
    if (res.status === 400) return { rejected: rejectedParameter(res.body)! };
    return { body: parsePayload(searchSchema, res.body, context, label) };
  }

  return {
    platform: 'twitter',
    simulated: false,
    async fetchNew(source: Source, cursor: string | null, fetchOptions: FetchOptions): Promise<FetchResult> {
      const context: RequestContext = { platform: 'twitter', source: sourceLabel(source) };
      const query = buildTwitterQuery(source, options.lang);
      let run = runFrom(decodeCursor(cursorSchema, cursor));
      const posts = new Map<string, RawPost>();
      let finished = false;
      for (let pages = 0; pages < maxPages && posts.size < fetchOptions.maxPosts;) {
        const paced = await options.pacer.take({
          signal: fetchOptions.signal,
          onWait: () => fetchOptions.heartbeat?.({ source: context.source, fetched: posts.size }),
        });
        if (!paced) break; // The app's request budget is spent for now: the run waits, with its place kept, for the next scan.
        const maxResults = Math.min(pageSize, Math.max(10, fetchOptions.maxPosts - posts.size));
        const answer = await page(context, query, run, maxResults, fetchOptions);
        pages++;
        if (answer.rejected === 'since_id') {
          // Older than the 7-day window: nothing between it and the window is reachable any more; start a fresh run.
          run = freshRun();
          continue;
        }
        if (answer.rejected === 'next_token') {
          // The run restarts at its newest end under the same bound; pages read again are the same posts, stored idempotently.
          run = { ...run, nextToken: undefined };
          continue;
        }
        const body = answer.body!;
        const usernames = new Map((body.includes?.users ?? []).map((u) => [u.id, u.username]));
        for (const t of body.data ?? []) {
          posts.set(t.id, toRawPost(context.source, t, usernames.get(t.author_id)));
          run.newestId = newer(run.newestId, t.id);
        }
        fetchOptions.heartbeat?.({ source: context.source, fetched: posts.size });
        run.nextToken = body.meta.next_token;
        if (!run.nextToken) {
          finished = true;
          break;
        }
      }
      const next: XCursor =
        finished || !run.nextToken
          ? { sinceId: newer(run.newestId, run.sinceId ?? undefined) ?? null }
          : {
              sinceId: run.sinceId,
              backlog: {
                nextToken: run.nextToken,
                newestId: run.newestId ?? run.sinceId ?? '0',
                ...(run.sinceId ? {} : { startTime: run.startTime }),
              },
            };
      const changed = next.sinceId !== null || next.backlog;
      return { posts: [...posts.values()], cursor: changed ? encodeCursor(next) : cursor };
    },
  };
}

/** Which request parameter a 400 names, of the two a run can outlive: `since_id` (too old) or `next_token` (expired). */
function rejectedParameter(body: unknown): 'since_id' | 'next_token' | undefined {
  const errors = (body as { errors?: Array<{ parameters?: Record<string, unknown>; message?: string }> } | undefined)
    ?.errors;
  if (!Array.isArray(errors)) return undefined;
  for (const name of ['since_id', 'next_token', 'pagination_token'] as const) {
    if (errors.some((e) => (e.parameters && name in e.parameters) || (e.message ?? '').includes(name)))
      return name === 'since_id' ? 'since_id' : 'next_token';
  }
  return undefined;
}

/** X escapes `&`, `<` and `>` in every text it sends ("AT&amp;T"); the analyser and the store need the characters. */
const plainText = (text: string) => decodeHTML(text);

function toRawPost(source: string, tweet: z.output<typeof tweetSchema>, username: string | undefined): RawPost {
  const m = tweet.public_metrics;
  return {
    platform: 'twitter',
    postId: tweet.id,
    source,
    author: tweet.author_id,
    createdAt: new Date(tweet.created_at).toISOString(),
    title: '',
    text: plainText(tweet.note_tweet?.text ?? tweet.text),
    url: username ? `https://x.com/${username}/status/${tweet.id}` : `https://x.com/i/web/status/${tweet.id}`,
    engagement: m.like_count + m.retweet_count + m.reply_count + m.quote_count,
  };
}
