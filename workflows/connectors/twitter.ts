import { z } from 'zod';
import { createHttpClient, type HttpPolicy, type RequestContext } from './http/httpClient';
import { dateString, parsePayload, sourceLabel } from './http/payload';
import { decodeCursor, encodeCursor } from './http/watermark';
import { ConnectorError, type Connector, type FetchOptions, type FetchResult, type RawPost, type Source } from './types';

export interface TwitterConnectorOptions {
  bearerToken: string;
  /** Default https://api.x.com */
  apiUrl?: string;
  /** `max_results`, 10–100. Default 100. */
  pageSize?: number;
  /** Pages per fetch (each page is billed per post read). Default 10. */
  maxPages?: number;
  /** `lang:` operator. Default "en". */
  lang?: string;
  http?: Partial<HttpPolicy>;
}

const tweetSchema = z.object({
  id: z.string().regex(/^\d+$/),
  text: z.string(),
  created_at: dateString,
  author_id: z.string(),
  public_metrics: z.object({ retweet_count: z.number(), reply_count: z.number(), like_count: z.number(), quote_count: z.number() }),
  /** Posts longer than 280 characters: `text` is truncated, the full text is here. */
  note_tweet: z.object({ text: z.string() }).optional(),
});
const searchSchema = z.object({
  data: z.array(tweetSchema).optional(),
  includes: z.object({ users: z.array(z.object({ id: z.string(), username: z.string() })).optional() }).optional(),
  meta: z.object({ result_count: z.number(), newest_id: z.string().optional(), oldest_id: z.string().optional(), next_token: z.string().optional() }),
});

/** Cursor: the newest tweet id delivered, sent back as `since_id`. */
const cursorSchema = z.object({ sinceId: z.string().regex(/^\d+$/) });

/** Standalone words that make a cashtag query valid (`has:cashtags` cannot stand alone) and keep it about trading. */
const CASHTAG_CONTEXT = ['stock', 'stocks', 'shares', 'calls', 'puts', 'earnings', 'buy', 'sell', 'bullish', 'bearish'];

/**
 * The recent-search query for a source (original English posts, no retweets):
 * - hashtags "#stocks" → `#stocks lang:en -is:retweet`
 * - keyword "$" → `(stock OR stocks OR … OR bearish) has:cashtags lang:en -is:retweet` (posts that carry at least one $TICKER)
 * - keyword "$TSLA" → `$TSLA lang:en -is:retweet`; keyword "calls" → `calls …`; several words → an exact phrase `"market update" …`
 */
export function buildTwitterQuery(source: Source, lang = 'en'): string {
  const value = source.value.trim().replace(/"/g, '');
  const suffix = `lang:${lang} -is:retweet`;
  if (source.settingType === 'hashtags') {
    const tag = value.replace(/^#+/, '');
    if (!/^\w+$/u.test(tag)) throw new ConnectorError(`twitter ${sourceLabel(source)}: "${source.value}" is not a hashtag`, false);
    return `#${tag} ${suffix}`;
  }
  if (source.settingType !== 'keywords') throw new ConnectorError(`twitter ${sourceLabel(source)}: unsupported setting type "${source.settingType}" (hashtags or keywords)`, false);
  if (value === '$') return `(${CASHTAG_CONTEXT.join(' OR ')}) has:cashtags ${suffix}`;
  if (value === '') throw new ConnectorError(`twitter ${sourceLabel(source)}: empty keyword`, false);
  return `${/\s/.test(value) ? `"${value}"` : value} ${suffix}`;
}

const byId = (a: { id: string }, b: { id: string }) => (BigInt(a.id) < BigInt(b.id) ? -1 : BigInt(a.id) > BigInt(b.id) ? 1 : 0);

/** X API v2 recent search (last 7 days), app-only bearer token. Cursor: `{"v":1,"sinceId":"…"}`. */
export function createTwitterConnector(options: TwitterConnectorOptions): Connector {
  const apiUrl = options.apiUrl ?? 'https://api.x.com';
  const pageSize = Math.min(100, Math.max(10, options.pageSize ?? 100));
  const maxPages = options.maxPages ?? 10;
  const http = createHttpClient(options.http);

  async function search(context: RequestContext, query: string, sinceId: string | null, fetchOptions: FetchOptions) {
    const tweets: RawPost[] = [];
    let nextToken: string | undefined;
    for (let page = 0; page < maxPages; page++) {
      const url = new URL('/2/tweets/search/recent', apiUrl);
      url.searchParams.set('query', query);
      url.searchParams.set('max_results', String(pageSize));
      url.searchParams.set('tweet.fields', 'created_at,author_id,public_metrics,note_tweet');
      url.searchParams.set('expansions', 'author_id');
      url.searchParams.set('user.fields', 'username');
      if (sinceId) url.searchParams.set('since_id', sinceId);
      if (nextToken) url.searchParams.set('next_token', nextToken);
      const label = 'GET /2/tweets/search/recent';
      const res = await http.requestJson(context, {
        url,
        label,
        signal: fetchOptions.signal,
        headers: { Authorization: `Bearer ${options.bearerToken}` },
        // A since_id older than the 7-day window is rejected (400); the caller then starts over without it.
        interpretError: (r) => (r.status === 400 && sinceId && mentionsSinceId(r.body) ? { action: 'accept' } : undefined),
      });
      if (res.status === 400) return null;
      const body = parsePayload(searchSchema, res.body, context, label);
      const usernames = new Map((body.includes?.users ?? []).map((u) => [u.id, u.username]));
      for (const t of body.data ?? []) tweets.push(toRawPost(context.source, t, usernames.get(t.author_id)));
      fetchOptions.heartbeat?.({ source: context.source, fetched: tweets.length });
      nextToken = body.meta.next_token;
      if (!nextToken) break;
      if (!sinceId && tweets.length >= fetchOptions.maxPosts) break;
    }
    return tweets;
  }

  return {
    platform: 'twitter',
    simulated: false,
    async fetchNew(source: Source, cursor: string | null, fetchOptions: FetchOptions): Promise<FetchResult> {
      const context: RequestContext = { platform: 'twitter', source: sourceLabel(source) };
      const query = buildTwitterQuery(source, options.lang);
      let sinceId = decodeCursor(cursorSchema, cursor)?.sinceId ?? null;
      let found = await search(context, query, sinceId, fetchOptions);
      if (found === null) {
        sinceId = null;
        found = (await search(context, query, null, fetchOptions)) ?? [];
      }
      const unique = [...new Map(found.map((p) => [p.postId, p])).values()].map((p) => ({ id: p.postId, post: p })).sort(byId);
      // Resuming: the oldest maxPosts (the rest waits, since_id keeps them reachable). First scan: the newest maxPosts.
      const taken = sinceId ? unique.slice(0, fetchOptions.maxPosts) : unique.slice(Math.max(0, unique.length - fetchOptions.maxPosts));
      const newest = taken.at(-1);
      return { posts: taken.map((t) => t.post), cursor: newest ? encodeCursor({ sinceId: newest.id }) : cursor };
    },
  };
}

function mentionsSinceId(body: unknown): boolean {
  const errors = (body as { errors?: Array<{ parameters?: Record<string, unknown>; message?: string }> } | undefined)?.errors;
  return Array.isArray(errors) && errors.some((e) => (e.parameters && 'since_id' in e.parameters) || /since_id/.test(e.message ?? ''));
}

function toRawPost(source: string, tweet: z.output<typeof tweetSchema>, username: string | undefined): RawPost {
  const m = tweet.public_metrics;
  return {
    platform: 'twitter',
    postId: tweet.id,
    source,
    author: tweet.author_id,
    createdAt: new Date(tweet.created_at).toISOString(),
    title: '',
    text: tweet.note_tweet?.text ?? tweet.text,
    url: username ? `https://x.com/${username}/status/${tweet.id}` : `https://x.com/i/web/status/${tweet.id}`,
    engagement: m.like_count + m.retweet_count + m.reply_count + m.quote_count,
  };
}
