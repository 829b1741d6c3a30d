import {
  fixture,
  json,
  offsetOf,
  pageToken,
  rebaseShift,
  type PlatformReplay,
  type ReplayRequest,
  type ReplayResponse,
} from './replayTypes';

interface Snippet {
  publishedAt: string;
  channelId: string;
  title: string;
  description: string;
  channelTitle: string;
  [key: string]: unknown;
}
interface Video {
  kind: 'youtube#video';
  etag: string;
  id: string;
  snippet: Snippet;
  statistics: Record<string, string>;
}
interface SearchResult {
  kind: 'youtube#searchResult';
  etag: string;
  id: { kind: string; videoId?: string; channelId?: string };
  snippet: Snippet;
}
interface Thread {
  kind: 'youtube#commentThread';
  id: string;
  snippet: {
    videoId: string;
    totalReplyCount: number;
    topLevelComment: { id: string; snippet: { publishedAt: string; [key: string]: unknown } };
    [key: string]: unknown;
  };
  [key: string]: unknown;
}
interface Reply {
  kind: 'youtube#comment';
  id: string;
  snippet: { parentId: string; videoId: string; publishedAt: string; [key: string]: unknown };
  [key: string]: unknown;
}
/** How many replies a commentThreads item carries under `replies` (part=replies); comments.list has them all. */
const CARRIED_REPLIES = 5;

export const YOUTUBE_API_KEY = 'AIzaSyReplay-0123456789abcdefghijklmnop';
export const FINANCIAL_EDUCATION_CHANNEL = 'UCnMn36GT_H0X-w5_ckLtlgQ';
const PREFIX = 'CAUQ';
/** search.list costs 100 units, list calls 1 (the real quota table). */
const COST: Record<string, number> = { search: 100, videos: 1, commentThreads: 1, comments: 1 };

/**
 * www.googleapis.com/youtube/v3: search.list (type=video order=date with q/channelId/publishedAfter, type=channel),
 * videos.list, commentThreads.list (part=replies carries up to 5 replies per thread), comments.list (parentId); opaque page tokens; Google error bodies (keyInvalid, commentsDisabled, videoNotFound).
 */
export class YouTubeReplay implements PlatformReplay {
  /** Quota units spent so far, as YouTube would count them. */
  quotaUsed = 0;
  private readonly videos: Video[];
  private readonly channels: SearchResult[];
  private readonly threads: Thread[];
  private readonly replies: Reply[];
  private readonly commentsDisabled: Set<string>;
  private counter = 0;

  constructor(private readonly now: () => number) {
    this.videos = fixture<{ items: Video[] }>('youtube/videos.json').items;
    this.channels = fixture<{ items: SearchResult[] }>('youtube/search-channels.json').items;
    this.threads = fixture<{ items: Thread[] }>('youtube/comment-threads.json').items;
    this.replies = fixture<{ items: Reply[] }>('youtube/comment-replies.json').items;
    this.commentsDisabled = new Set(
      fixture<{ commentsDisabledVideoIds: string[] }>('youtube/scenario.json').commentsDisabledVideoIds,
    );
    const recorded = [
      ...this.videos.map((v) => v.snippet.publishedAt),
      ...this.threads.map((t) => t.snippet.topLevelComment.snippet.publishedAt),
      ...this.replies.map((r) => r.snippet.publishedAt),
    ];
    const shift = rebaseShift(
      recorded.map((iso) => Date.parse(iso)),
      now(),
    );
    const move = (s: { publishedAt: string; [key: string]: unknown }) => {
      s.publishedAt = new Date(Date.parse(s.publishedAt) + shift).toISOString().replace('.000Z', 'Z');
      if ('updatedAt' in s) s.updatedAt = s.publishedAt;
    };
    for (const v of this.videos) move(v.snippet);
    for (const t of this.threads) move(t.snippet.topLevelComment.snippet);
    for (const r of this.replies) move(r.snippet);
  }

  /** A new reply to a thread, published now. Returns the reply id. */
  addReply(threadId: string, reply: { text: string; author?: string; likeCount?: number }): string {
    const thread = this.threads.find((t) => t.id === threadId)!;
    const id = `${threadId}.Rpl${String(++this.counter).padStart(8, '0')}`;
    const publishedAt = new Date(this.now()).toISOString().replace(/\.\d{3}Z$/, 'Z');
    const author = reply.author ?? '@replayreplier';
    this.replies.push({
      kind: 'youtube#comment',
      etag: `etag${id}`,
      id,
      snippet: {
        videoId: thread.snippet.videoId,
        textDisplay: reply.text,
        textOriginal: reply.text,
        parentId: threadId,
        authorDisplayName: author,
        authorChannelId: { value: 'UCreplayreplier000000000' },
        canRate: true,
        viewerRating: 'none',
        likeCount: reply.likeCount ?? 0,
        publishedAt,
        updatedAt: publishedAt,
      },
    });
    thread.snippet.totalReplyCount += 1;
    return id;
  }

  /** A new video, published now. Returns its id. */
  addVideo(video: { channelId: string; channelTitle?: string; title: string; description: string }): string {
    const id = `rplVid${String(++this.counter).padStart(5, '0')}`;
    const publishedAt = new Date(this.now()).toISOString().replace(/\.\d{3}Z$/, 'Z');
    this.videos.unshift({
      kind: 'youtube#video',
      etag: `etag${id}`,
      id,
      snippet: {
        publishedAt,
        channelId: video.channelId,
        title: video.title,
        description: video.description,
        channelTitle: video.channelTitle ?? 'Replay Channel',
        liveBroadcastContent: 'none',
      },
      statistics: { viewCount: '10', likeCount: '2', favoriteCount: '0', commentCount: '0' },
    });
    return id;
  }

  /** A new top-level comment on a video. Returns the comment id. */
  addComment(videoId: string, comment: { text: string; author?: string; likeCount?: number }): string {
    const id = `UgzReplay${String(++this.counter).padStart(13, '0')}4AaABAg`;
    const publishedAt = new Date(this.now()).toISOString().replace(/\.\d{3}Z$/, 'Z');
    const author = comment.author ?? '@replayviewer';
    this.threads.unshift({
      kind: 'youtube#commentThread',
      id,
      snippet: {
        videoId,
        canReply: true,
        totalReplyCount: 0,
        isPublic: true,
        topLevelComment: {
          id,
          snippet: {
            videoId,
            textDisplay: comment.text,
            textOriginal: comment.text,
            authorDisplayName: author,
            authorChannelId: { value: 'UCreplayviewer0000000000' },
            canRate: true,
            viewerRating: 'none',
            likeCount: comment.likeCount ?? 0,
            publishedAt,
            updatedAt: publishedAt,
          },
        },
      },
    });
    return id;
  }

  handle(request: ReplayRequest): ReplayResponse | undefined {
    const m = /^\/youtube\/v3\/(search|videos|commentThreads|comments)$/.exec(request.path);
    if (!m || request.method !== 'GET') return undefined;
    const q = request.query;
    if (q.get('key') !== YOUTUBE_API_KEY) return json(400, fixture('youtube/error-key-invalid.json'));
    if (!q.get('part')) return this.badRequest('No filter selected. Expected one of: part', 'required');
    this.quotaUsed += COST[m[1]!]!;
    if (m[1] === 'search') return this.search(q);
    if (m[1] === 'videos') return this.videosList(q);
    if (m[1] === 'comments') return this.comments(q);
    return this.commentThreads(q);
  }

  private search(q: URLSearchParams): ReplayResponse {
    const type = q.get('type') ?? 'video,channel,playlist';
    let results: SearchResult[];
    if (type === 'channel') {
      const needle = (q.get('q') ?? '').toLowerCase();
      results = this.channels.filter((c) => c.snippet.title.toLowerCase().includes(needle));
    } else {
      const channelId = q.get('channelId');
      const words = (q.get('q') ?? '').toLowerCase().split(/\s+/).filter(Boolean);
      const after = q.get('publishedAfter');
      if (after && Number.isNaN(Date.parse(after)))
        return this.badRequest(`Invalid value for publishedAfter: ${after}`, 'invalidPublishedAfter');
      results = this.videos
        .filter((v) => !channelId || v.snippet.channelId === channelId)
        .filter((v) => words.every((w) => `${v.snippet.title} ${v.snippet.description}`.toLowerCase().includes(w)))
        .filter((v) => !after || Date.parse(v.snippet.publishedAt) >= Date.parse(after))
        .sort((a, b) => Date.parse(b.snippet.publishedAt) - Date.parse(a.snippet.publishedAt))
        .map((v) => ({
          kind: 'youtube#searchResult',
          etag: `s${v.etag}`,
          id: { kind: 'youtube#video', videoId: v.id },
          snippet: { ...v.snippet, description: truncate(v.snippet.description), publishTime: v.snippet.publishedAt },
        }));
    }
    return this.paged('youtube#searchListResponse', results, q, 5, 50, { regionCode: 'US' });
  }

  private videosList(q: URLSearchParams): ReplayResponse {
    const ids = (q.get('id') ?? '').split(',').filter(Boolean);
    const parts = new Set((q.get('part') ?? '').split(','));
    const items = ids
      .flatMap((id) => this.videos.filter((v) => v.id === id))
      .map((v) => ({
        kind: v.kind,
        etag: v.etag,
        id: v.id,
        ...(parts.has('snippet') ? { snippet: v.snippet } : {}),
        ...(parts.has('statistics') ? { statistics: v.statistics } : {}),
      }));
    return json(200, {
      kind: 'youtube#videoListResponse',
      etag: 'replay-videos',
      items,
      pageInfo: { totalResults: items.length, resultsPerPage: items.length },
    });
  }

  private commentThreads(q: URLSearchParams): ReplayResponse {
    const videoId = q.get('videoId') ?? '';
    if (this.commentsDisabled.has(videoId)) return json(403, fixture('youtube/error-comments-disabled.json'));
    if (!this.videos.some((v) => v.id === videoId)) {
      const message =
        'The video identified by the <code><a href="/youtube/v3/docs/commentThreads/list#videoId">videoId</a></code> parameter could not be found.';
      return json(404, {
        error: {
          code: 404,
          message,
          errors: [
            {
              message,
              domain: 'youtube.commentThread',
              reason: 'videoNotFound',
              location: 'videoId',
              locationType: 'parameter',
            },
          ],
        },
      });
    }
    const withReplies = (q.get('part') ?? '').split(',').includes('replies');
    const threads = this.threads
      .filter((t) => t.snippet.videoId === videoId)
      .sort(
        (a, b) =>
          Date.parse(b.snippet.topLevelComment.snippet.publishedAt) -
          Date.parse(a.snippet.topLevelComment.snippet.publishedAt),
      )
      .map((t) => {
        const carried = this.repliesTo(t.id).slice(0, CARRIED_REPLIES);
        return withReplies && carried.length > 0 ? { ...t, replies: { comments: carried } } : t;
      });
    return this.paged('youtube#commentThreadListResponse', threads, q, 20, 100);
  }

  /** comments.list with parentId: every reply of one thread, oldest first. */
  private comments(q: URLSearchParams): ReplayResponse {
    const parentId = q.get('parentId');
    if (!parentId)
      return this.badRequest('No filter selected. Expected one of: parentId, id', 'missingRequiredParameter');
    if (!this.threads.some((t) => t.id === parentId)) {
      const message = 'The comment identified by the <code>parentId</code> parameter could not be found.';
      return json(404, {
        error: {
          code: 404,
          message,
          errors: [
            {
              message,
              domain: 'youtube.comment',
              reason: 'commentNotFound',
              location: 'parentId',
              locationType: 'parameter',
            },
          ],
        },
      });
    }
    return this.paged('youtube#commentListResponse', this.repliesTo(parentId), q, 20, 100);
  }

  private repliesTo(threadId: string): Reply[] {
    return this.replies
      .filter((r) => r.snippet.parentId === threadId)
      .sort((a, b) => Date.parse(a.snippet.publishedAt) - Date.parse(b.snippet.publishedAt));
  }

  private paged(
    kind: string,
    all: unknown[],
    q: URLSearchParams,
    defaultSize: number,
    maxSize: number,
    extra: Record<string, unknown> = {},
  ): ReplayResponse {
    const size = Number(q.get('maxResults') ?? defaultSize);
    if (!Number.isInteger(size) || size < 0 || size > maxSize)
      return this.badRequest(
        `Invalid value '${q.get('maxResults')}'. Values must be within the range: [0, ${maxSize}]`,
        'invalidParameter',
      );
    const offset = offsetOf(PREFIX, q.get('pageToken'));
    if (offset === undefined)
      return this.badRequest('The request specifies an invalid page token.', 'invalidPageToken');
    const items = all.slice(offset, offset + size);
    const body: Record<string, unknown> = { kind, etag: `replay-${offset}` };
    if (offset + size < all.length) body.nextPageToken = pageToken(PREFIX, offset + size);
    if (offset > 0) body.prevPageToken = pageToken(PREFIX, Math.max(0, offset - size));
    return json(200, { ...body, ...extra, pageInfo: { totalResults: all.length, resultsPerPage: size }, items });
  }

  private badRequest(message: string, reason: string): ReplayResponse {
    return json(400, { error: { code: 400, message, errors: [{ message, domain: 'youtube.parameter', reason }] } });
  }
}

/** search.list snippets carry a shortened description; videos.list has the full one. */
const truncate = (text: string) => (text.length > 160 ? `${text.slice(0, 160)}...` : text);
