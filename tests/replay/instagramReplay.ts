import {
  fixture,
  json,
  offsetOf,
  rebaseShift,
  type PlatformReplay,
  type ReplayRequest,
  type ReplayResponse,
} from './replayTypes';
import { DAY_MS } from '../../core/timeWindows';

interface Media {
  id: string;
  caption?: string;
  timestamp: string;
  like_count?: number;
  comments_count: number;
  permalink: string;
  media_type: string;
}

export const INSTAGRAM_ACCESS_TOKEN = 'EAAReplayInstagramUserAccessToken0123456789';
export const INSTAGRAM_USER_ID = '17841405309211844';
export const STOCKS_HASHTAG_ID = '17843826142012701';
const VERSION = '/v21.0';
const AFTER_PREFIX = 'QVFIU';

/** Graph API time format: "2025-03-14T13:00:00+0000". */
const graphTime = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, '+0000');

/**
 * graph.facebook.com/v21.0: /ig_hashtag_search and /{hashtag-id}/recent_media (media of the last 24 hours only, not in
 * time order, `fields` honoured, `limit` ≤ 50, paging {cursors:{after}, next}), Graph error objects.
 */
export class InstagramReplay implements PlatformReplay {
  private readonly hashtags = new Map<string, string>();
  private readonly media = new Map<string, Media[]>();
  private nextId = 0n;

  constructor(private readonly now: () => number) {
    const recorded = fixture<{ data: Media[] }>('instagram/recent-media-stocks.json').data;
    const shift = rebaseShift(
      recorded.map((m) => Date.parse(m.timestamp)),
      now(),
    );
    for (const m of recorded) m.timestamp = graphTime(Date.parse(m.timestamp) + shift);
    const id = fixture<{ data: Array<{ id: string }> }>('instagram/ig-hashtag-search.json').data[0]!.id;
    this.hashtags.set('stocks', id);
    this.media.set(id, recorded);
    this.nextId = recorded.reduce((m, x) => (BigInt(x.id) > m ? BigInt(x.id) : m), 0n);
  }

  /** A new media object tagged with #tag (published now unless `timestamp` is given). Returns its id. */
  addMedia(
    tag: string,
    media: { caption: string; likeCount?: number; commentsCount?: number; timestampMs?: number },
  ): string {
    this.nextId += 1_000_001n;
    const id = String(this.nextId);
    const list = this.media.get(this.hashtagId(tag))!;
    // Recent media are not in time order: new items land in the middle of the list.
    list.splice(Math.floor(list.length / 2), 0, {
      id,
      caption: media.caption,
      timestamp: graphTime(media.timestampMs ?? this.now()),
      like_count: media.likeCount,
      comments_count: media.commentsCount ?? 0,
      permalink: `https://www.instagram.com/p/Replay${id.slice(-6)}/`,
      media_type: 'IMAGE',
    });
    return id;
  }

  handle(request: ReplayRequest): ReplayResponse | undefined {
    if (request.method !== 'GET' || !request.path.startsWith(`${VERSION}/`)) return undefined;
    const q = request.query;
    const path = request.path.slice(VERSION.length);
    const m = /^\/(\d+)\/recent_media$/.exec(path);
    if (path !== '/ig_hashtag_search' && !m) return undefined;
    if (q.get('access_token') !== INSTAGRAM_ACCESS_TOKEN)
      return json(400, fixture('instagram/error-invalid-token.json'), {
        'www-authenticate': 'OAuth "Facebook Platform" "invalid_token" "Invalid OAuth access token"',
      });
    if (q.get('user_id') !== INSTAGRAM_USER_ID)
      return this.graphError(100, 'The parameter user_id is required', 'OAuthException');
    if (path === '/ig_hashtag_search') {
      const tag = q.get('q');
      if (!tag) return this.graphError(100, 'The parameter q is required', 'OAuthException');
      return json(200, { data: [{ id: this.hashtagId(tag) }] });
    }
    return this.recentMedia(request, m![1]!);
  }

  private recentMedia(request: ReplayRequest, hashtagId: string): ReplayResponse {
    const q = request.query;
    const all = this.media.get(hashtagId);
    if (!all)
      return this.graphError(
        100,
        `Unsupported get request. Object with ID '${hashtagId}' does not exist`,
        'GraphMethodException',
      );
    const limit = Number(q.get('limit') ?? 25);
    if (!Number.isInteger(limit) || limit < 1 || limit > 50)
      return this.graphError(100, 'Param limit must be a number between 1 and 50', 'OAuthException');
    const offset = offsetOf(AFTER_PREFIX, q.get('after'));
    if (offset === undefined) return this.graphError(100, 'Invalid after cursor', 'OAuthException');
    const fields = (q.get('fields') ?? 'id').split(',');
    const recent = all.filter((m) => Date.parse(m.timestamp) > this.now() - DAY_MS);
    const page = recent
      .slice(offset, offset + limit)
      .map((m) => Object.fromEntries(Object.entries(m).filter(([k, v]) => fields.includes(k) && v !== undefined)));
    const after = `${AFTER_PREFIX}${Buffer.from(`o:${offset + page.length}`).toString('base64url')}`;
    const paging: Record<string, unknown> = { cursors: { after } };
    if (offset + page.length < recent.length) {
      const next = new URL(`https://graph.facebook.com${request.path}`);
      for (const [k, v] of q) if (k !== 'after') next.searchParams.set(k, v);
      next.searchParams.set('after', after);
      paging.next = next.toString();
    }
    return json(200, { data: page, paging });
  }

  private hashtagId(tag: string): string {
    const key = tag.toLowerCase();
    let id = this.hashtags.get(key);
    if (!id) {
      id = String(17843826142012701n + BigInt(this.hashtags.size) * 7919n);
      this.hashtags.set(key, id);
      this.media.set(id, []);
    }
    return id;
  }

  private graphError(code: number, message: string, type: string): ReplayResponse {
    return json(400, { error: { message: `(#${code}) ${message}`, type, code, fbtrace_id: 'AReplayTrace' } });
  }
}
