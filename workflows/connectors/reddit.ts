import { z } from 'zod';
import {
  createHttpClient,
  type ErrorVerdict,
  type HttpPolicy,
  type JsonResponse,
  type RequestContext,
} from '../../platform/http/httpClient';
import { parsePayload, sourceLabel } from '../../platform/http/payload';
import { TokenCache } from '../../platform/http/tokenCache';
import { decodeCursor, encodeCursor } from '../../platform/http/watermark';
import {
  ConnectorError,
  type Connector,
  type FetchOptions,
  type FetchResult,
  type RawPost,
  type Source,
} from '../../domain/scans/connector';

export interface RedditConnectorOptions {
  clientId: string;
  clientSecret: string;
  /** Reddit throttles generic agents; use "<platform>:<app id>:<version> (by /u/<name>)". */
  userAgent: string;
  /** Default https://oauth.reddit.com */
  apiUrl?: string;
  /** Where the token comes from. Default https://www.reddit.com */
  authUrl?: string;
  /** Listing `limit`, 1–100. Default 100. */
  pageSize?: number;
  /** Pages per stream (posts, comments) per fetch; listings end near 1,000 items anyway. Default 10. */
  maxPages?: number;
  /** Accounts whose posts and comments are skipped (case-insensitive), besides AutoModerator. */
  botAccounts?: readonly string[];
  http?: Partial<HttpPolicy>;
}

const tokenSchema = z.object({
  access_token: z.string().min(1),
  token_type: z.string(),
  expires_in: z.number().positive(),
});

const postSchema = z.object({
  name: z.string().regex(/^t3_[0-9a-z]+$/),
  author: z.string(),
  title: z.string(),
  selftext: z.string(),
  created_utc: z.number(),
  score: z.number(),
  num_comments: z.number(),
  permalink: z.string(),
});
const commentSchema = z.object({
  name: z.string().regex(/^t1_[0-9a-z]+$/),
  author: z.string(),
  body: z.string(),
  created_utc: z.number(),
  score: z.number(),
  // Older comment listings carry no permalink; the link id then gives the comment's address.
  permalink: z.string().optional(),
  link_id: z.string().regex(/^t3_[0-9a-z]+$/),
});
const listingOf = <T extends z.ZodType>(kind: 't1' | 't3', data: T) =>
  z.object({
    kind: z.literal('Listing'),
    data: z.object({ after: z.string().nullable(), children: z.array(z.object({ kind: z.literal(kind), data })) }),
  });
const postListing = listingOf('t3', postSchema);
const commentListing = listingOf('t1', commentSchema);

/** Newest fullname delivered per stream; Reddit ids are base-36 sequence numbers, so "newer" is "larger id". */
const cursorSchema = z.object({ posts: z.string().nullable(), comments: z.string().nullable() });

type Stream = 'posts' | 'comments';
interface Item {
  stream: Stream;
  post: RawPost;
  created: number;
  id: bigint;
}

/** Reddit's own moderation bot posts in nearly every busy subreddit; its rule reminders are not opinions. */
export const DEFAULT_REDDIT_BOTS = ['AutoModerator'];
/** What Reddit shows in place of the author or the text once a user deleted it or a moderator removed it. */
const GONE = new Set(['[deleted]', '[removed]']);

/** Base-36 id of a fullname ("t3_1abcde") as a number that orders by creation. */
export function redditIdValue(fullname: string): bigint {
  let value = 0n;
  for (const ch of fullname.slice(fullname.indexOf('_') + 1).toLowerCase())
    value = value * 36n + BigInt(parseInt(ch, 36));
  return value;
}

/**
 * Reddit, application-only OAuth (client credentials). A `subreddits` source reads `/r/{sub}/new` (posts: title + selftext)
 * and `/r/{sub}/comments` (comments: body, empty title). Cursor: `{"v":1,"posts":"t3_…","comments":"t1_…"}`.
 */
export function createRedditConnector(options: RedditConnectorOptions): Connector {
  const apiUrl = options.apiUrl ?? 'https://oauth.reddit.com';
  const authUrl = options.authUrl ?? 'https://www.reddit.com';
  const pageSize = Math.min(100, Math.max(1, options.pageSize ?? 100));
  const maxPages = options.maxPages ?? 10;
  const http = createHttpClient(options.http);
  const bots = new Set([...DEFAULT_REDDIT_BOTS, ...(options.botAccounts ?? [])].map((name) => name.toLowerCase()));

  const tokens = new TokenCache<RequestContext>(async (context, signal) => {
    const res = await http.requestJson(context, {
      method: 'POST',
      url: new URL('/api/v1/access_token', authUrl),
      label: 'POST /api/v1/access_token',
      headers: {
        Authorization: `Basic ${Buffer.from(`${options.clientId}:${options.clientSecret}`).toString('base64')}`,
        'Content-Type': 'application/x-www-form-urlencoded',
        'User-Agent': options.userAgent,
      },
      body: new URLSearchParams({ grant_type: 'client_credentials' }).toString(),
      signal,
    });
    const token = parsePayload(tokenSchema, res.body, context, 'POST /api/v1/access_token');
    return { accessToken: token.access_token, expiresInSeconds: token.expires_in };
  });

  /** GET with the cached token; a 401 (token revoked or expired early) gets one fresh token and one more try. */
  async function get(context: RequestContext, url: URL, label: string, signal?: AbortSignal): Promise<JsonResponse> {
    for (let retriedAuth = false; ; retriedAuth = true) {
      const token = await tokens.get(context, signal);
      const res = await http.requestJson(context, {
        url,
        label,
        signal,
        headers: { Authorization: `bearer ${token}`, 'User-Agent': options.userAgent },
        interpretError: (r) =>
          r.status === 401 && !retriedAuth ? { action: 'accept' } : subredditError(r.status, r.body),
      });
      if (res.status !== 401) return res;
      tokens.invalidate();
    }
  }

  async function fetchStream(
    context: RequestContext,
    sub: string,
    stream: Stream,
    mark: string | null,
    fetchOptions: FetchOptions,
    progress: { fetched: number },
  ): Promise<Item[]> {
    const path = `/r/${sub}/${stream === 'posts' ? 'new' : 'comments'}`;
    const markValue = mark ? redditIdValue(mark) : null;
    const items: Item[] = [];
    let after: string | null = null;
    for (let page = 0; page < maxPages; page++) {
      const url = new URL(path, apiUrl);
      url.searchParams.set('limit', String(pageSize));
      url.searchParams.set('raw_json', '1');
      if (after) url.searchParams.set('after', after);
      const res = await get(context, url, `GET ${path}`, fetchOptions.signal);
      const children =
        stream === 'posts'
          ? parsePayload(postListing, res.body, context, `GET ${path}`).data
          : parsePayload(commentListing, res.body, context, `GET ${path}`).data;
      let reachedMark = false;
      for (const child of children.children) {
        const id = redditIdValue(child.data.name);
        if (markValue !== null && id <= markValue) {
          reachedMark = true;
          continue;
        }
        if (bots.has(child.data.author.toLowerCase())) continue;
        items.push({ stream, id, created: child.data.created_utc, post: toRawPost(context.source, child.data) });
      }
      progress.fetched += children.children.length;
      fetchOptions.heartbeat?.({ source: context.source, fetched: progress.fetched });
      after = children.after;
      if (reachedMark || !after) break;
      if (markValue === null && items.length >= fetchOptions.maxPosts) break;
    }
    return items;
  }

  return {
    platform: 'reddit',
    simulated: false,
    async fetchNew(source: Source, cursor: string | null, fetchOptions: FetchOptions): Promise<FetchResult> {
      const label = sourceLabel(source);
      const context: RequestContext = { platform: 'reddit', source: label };
      const sub = source.value.trim().replace(/^\/?r\//i, '');
      if (!/^[A-Za-z0-9_]{2,21}$/.test(sub))
        throw new ConnectorError(`reddit ${label}: "${source.value}" is not a subreddit name`, false);
      const marks = decodeCursor(cursorSchema, cursor) ?? { posts: null, comments: null };
      const progress = { fetched: 0 };
      const posts = await fetchStream(context, sub, 'posts', marks.posts, fetchOptions, progress);
      const comments = await fetchStream(context, sub, 'comments', marks.comments, fetchOptions, progress);

      const firstScan = marks.posts === null && marks.comments === null;
      const taken = pick(posts, comments, fetchOptions.maxPosts, firstScan);
      const next = {
        posts: newMark('posts', marks.posts, posts, taken),
        comments: newMark('comments', marks.comments, comments, taken),
      };
      const hasCursor = next.posts !== null || next.comments !== null;
      return { posts: taken.map((t) => t.post), cursor: hasCursor ? encodeCursor(next) : cursor };
    },
  };
}

/** Each stream in id order, merged by creation time; the oldest maxPosts when resuming, the newest on a first scan. */
function pick(posts: Item[], comments: Item[], maxPosts: number, firstScan: boolean): Item[] {
  const byId = (a: Item, b: Item) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  const a = [...posts].sort(byId);
  const b = [...comments].sort(byId);
  const merged: Item[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (j >= b.length || (i < a.length && a[i]!.created <= b[j]!.created)) merged.push(a[i++]!);
    else merged.push(b[j++]!);
  }
  return firstScan ? merged.slice(Math.max(0, merged.length - maxPosts)) : merged.slice(0, maxPosts);
}

/** Newest delivered id of the stream; with nothing delivered, the old mark, or on a stream's first scan the newest seen. */
function newMark(stream: Stream, old: string | null, fetched: Item[], taken: Item[]): string | null {
  const newest = (items: Item[]) =>
    items.reduce<Item | undefined>((best, it) => (!best || it.id > best.id ? it : best), undefined)?.post.postId;
  return newest(taken.filter((t) => t.stream === stream)) ?? old ?? newest(fetched) ?? null;
}

/**
 * A listing item as a post. A deleted or removed author becomes an author key of its own per item, so the unknown
 * people behind "[deleted]" count as distinct authors rather than as one; a "[deleted]"/"[removed]" body is left empty
 * so it is not read as text (a removed submission keeps its title, which is still read).
 */
function toRawPost(source: string, data: z.output<typeof postSchema> | z.output<typeof commentSchema>): RawPost {
  const isPost = 'title' in data;
  const text = isPost ? data.selftext : data.body;
  return {
    platform: 'reddit',
    postId: data.name,
    source,
    author: GONE.has(data.author) ? `[deleted]:${data.name}` : data.author,
    createdAt: new Date(data.created_utc * 1000).toISOString(),
    title: isPost ? data.title : '',
    text: GONE.has(text.trim()) ? '' : text,
    url: `https://www.reddit.com${data.permalink ?? `/comments/${'link_id' in data ? data.link_id.slice(3) : ''}/_/${data.name.slice(3)}/`}`,
    // Comments carry no reply count in listings: their engagement is the score alone.
    engagement: isPost ? data.score + data.num_comments : data.score,
  };
}

/** Reddit answers 403 {reason:"private"|"quarantined"|"banned"} and 404 for subreddits that cannot be read. */
function subredditError(status: number, body: unknown): ErrorVerdict | undefined {
  const reason = (body as { reason?: unknown } | undefined)?.reason;
  if (status === 403 && typeof reason === 'string')
    return { action: 'fail', retryable: false, message: `the subreddit cannot be read (${reason})` };
  if (status === 404)
    return { action: 'fail', retryable: false, message: 'the subreddit does not exist or was banned (HTTP 404)' };
  return undefined;
}
