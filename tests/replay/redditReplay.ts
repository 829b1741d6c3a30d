import {
  bearerOf,
  fixture,
  json,
  rebaseShift,
  type PlatformReplay,
  type ReplayRequest,
  type ReplayResponse,
} from './replayTypes';

interface Thing {
  kind: 't1' | 't3';
  data: Record<string, unknown> & { id: string; name: string; created_utc: number };
}
interface Listing {
  kind: 'Listing';
  data: { children: Thing[] };
}

export const REDDIT_CLIENT_ID = 'replay-reddit-client';
export const REDDIT_CLIENT_SECRET = 'replay-reddit-secret';

const b36 = (id: string) => BigInt([...id].reduce((v, ch) => v * 36 + parseInt(ch, 36), 0));

/**
 * oauth.reddit.com + www.reddit.com/api/v1/access_token. Listings are newest first, paged with `limit`/`after`
 * (a fullname anchor) exactly like Reddit, with the x-ratelimit-* headers on every answer.
 */
export class RedditReplay implements PlatformReplay {
  /** Every token issued, in order; only these are accepted. */
  readonly tokensIssued: string[] = [];
  private readonly revoked = new Set<string>();
  private readonly subs = new Map<string, { posts: Thing[]; comments: Thing[] }>();
  private used = 0;

  constructor(private readonly now: () => number) {
    // r/investing carries what moderation leaves behind: AutoModerator, a second bot, deleted authors and removed bodies.
    for (const sub of ['wallstreetbets', 'investing']) {
      const posts = fixture<Listing>(`reddit/${sub}-new.json`).data.children;
      const comments = fixture<Listing>(`reddit/${sub}-comments.json`).data.children;
      const shift = Math.round(
        rebaseShift(
          [...posts, ...comments].map((t) => t.data.created_utc * 1000),
          now(),
        ) / 1000,
      );
      for (const t of [...posts, ...comments]) {
        t.data.created_utc += shift;
        t.data.created = t.data.created_utc;
      }
      this.subs.set(sub, { posts, comments });
    }
  }

  /** A new post, newest in r/{sub}/new. Returns its fullname. */
  addPost(
    sub: string,
    post: { title: string; selftext?: string; author?: string; score?: number; num_comments?: number },
  ): string {
    const list = this.sub(sub).posts;
    const id = this.nextId(list, '1jbf2k0');
    const permalink = `/r/${sub}/comments/${id}/replay_post/`;
    list.unshift({
      kind: 't3',
      data: {
        id,
        name: `t3_${id}`,
        subreddit: sub,
        title: post.title,
        selftext: post.selftext ?? '',
        author: post.author ?? 'replay_author',
        score: post.score ?? 1,
        ups: post.score ?? 1,
        num_comments: post.num_comments ?? 0,
        created_utc: Math.floor(this.now() / 1000),
        permalink,
        url: `https://www.reddit.com${permalink}`,
        is_self: true,
      },
    });
    return `t3_${id}`;
  }

  /** A new comment, newest in r/{sub}/comments. Returns its fullname. */
  addComment(sub: string, comment: { body: string; author?: string; score?: number }): string {
    const list = this.sub(sub).comments;
    const id = this.nextId(list, 'mhq1a00');
    list.unshift({
      kind: 't1',
      data: {
        id,
        name: `t1_${id}`,
        subreddit: sub,
        body: comment.body,
        author: comment.author ?? 'replay_commenter',
        score: comment.score ?? 1,
        created_utc: Math.floor(this.now() / 1000),
        permalink: `/r/${sub}/comments/abc123/replay_post/${id}/`,
        link_id: 't3_abc123',
      },
    });
    return `t1_${id}`;
  }

  /** Invalidate every issued token (the next API call answers 401). */
  revokeTokens(): void {
    for (const t of this.tokensIssued) this.revoked.add(t);
  }

  handle(request: ReplayRequest): ReplayResponse | undefined {
    if (request.path === '/api/v1/access_token') return this.token(request);
    const m = /^\/r\/([A-Za-z0-9_]+)\/(new|comments)$/.exec(request.path);
    if (!m || request.method !== 'GET') return undefined;
    const token = bearerOf(request);
    if (!token || !this.tokensIssued.includes(token) || this.revoked.has(token))
      return json(401, fixture('reddit/error-401.json'));
    const sub = this.subs.get(m[1]!.toLowerCase());
    if (!sub) return json(404, { message: 'Not Found', error: 404 });
    return json(200, this.listing(m[2] === 'new' ? sub.posts : sub.comments, request.query), this.rateHeaders());
  }

  private token(request: ReplayRequest): ReplayResponse {
    const expected = `Basic ${Buffer.from(`${REDDIT_CLIENT_ID}:${REDDIT_CLIENT_SECRET}`).toString('base64')}`;
    if (request.method !== 'POST' || request.headers.authorization !== expected)
      return json(401, fixture('reddit/error-401.json'));
    if (new URLSearchParams(request.body).get('grant_type') !== 'client_credentials')
      return json(200, { error: 'unsupported_grant_type' });
    const issued = fixture<{ access_token: string }>('reddit/access-token.json');
    issued.access_token = `${issued.access_token}.${this.tokensIssued.length + 1}`;
    this.tokensIssued.push(issued.access_token);
    return json(200, issued);
  }

  private listing(things: Thing[], query: URLSearchParams) {
    const limit = Math.min(100, Math.max(1, Number(query.get('limit') ?? 25)));
    const after = query.get('after');
    const start = after ? things.findIndex((t) => t.data.name === after) + 1 : 0;
    const page = after && start === 0 ? [] : things.slice(start, start + limit);
    const more = start + page.length < things.length && page.length > 0;
    return {
      kind: 'Listing',
      data: {
        after: more ? page.at(-1)!.data.name : null,
        dist: page.length,
        modhash: '',
        geo_filter: '',
        children: page,
        before: null,
      },
    };
  }

  private rateHeaders(): Record<string, string> {
    this.used += 1;
    return {
      'x-ratelimit-used': String(this.used),
      'x-ratelimit-remaining': String(Math.max(0, 100 - this.used)),
      'x-ratelimit-reset': '420',
    };
  }

  private sub(name: string) {
    let sub = this.subs.get(name.toLowerCase());
    if (!sub) this.subs.set(name.toLowerCase(), (sub = { posts: [], comments: [] }));
    return sub;
  }

  private nextId(list: Thing[], floor: string): string {
    const max = list.reduce((m, t) => (b36(t.data.id) > m ? b36(t.data.id) : m), b36(floor));
    return (max + 7n).toString(36);
  }
}
