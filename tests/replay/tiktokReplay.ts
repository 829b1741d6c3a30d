import {
  bearerOf,
  fixture,
  json,
  rebaseShift,
  type PlatformReplay,
  type ReplayRequest,
  type ReplayResponse,
} from './replayTypes';

interface Video {
  id: string;
  create_time: number;
  username: string;
  video_description: string;
  hashtag_names: string[];
  [field: string]: unknown;
}
interface Condition {
  operation: string;
  field_name: string;
  field_values: string[];
}

export const TIKTOK_CLIENT_KEY = 'awreplayclientkey01';
export const TIKTOK_CLIENT_SECRET = 'replay-tiktok-client-secret';
const DAY = 86_400;

/** TikTok sends 64-bit ids as bare JSON numbers: read them as strings, write them back as numbers. */
const readBigIds = (text: string) => JSON.parse(text.replace(/"(id|search_id)"(\s*):(\s*)(\d{16,})/g, '"$1"$2:$3"$4"'));
const writeBigIds = (body: unknown) => JSON.stringify(body).replace(/"(id|search_id)":"(\d{16,})"/g, '"$1":$2');

/**
 * open.tiktokapis.com: client-credentials token (/v2/oauth/token/) and Research API video query
 * (/v2/research/video/query/): and/or/not conditions on hashtag_name, keyword, region_code; UTC date window of at most
 * 30 days; results in no particular time order; cursor + search_id paging over a cached result set.
 */
export class TikTokReplay implements PlatformReplay {
  readonly tokensIssued: string[] = [];
  private readonly revoked = new Set<string>();
  private readonly videos: Video[];
  private readonly searches = new Map<string, string[]>();

  constructor(private readonly now: () => number) {
    this.videos = fixture<{ data: { videos: Video[] } }>('tiktok/video-query.json', readBigIds).data.videos;
    const shift = Math.round(
      rebaseShift(
        this.videos.map((v) => v.create_time * 1000),
        now(),
      ) / 1000,
    );
    for (const v of this.videos) v.create_time += shift;
  }

  /** A new video, created now (or at `createTime`, epoch seconds). Returns its id. */
  addVideo(video: { description: string; hashtags: string[]; username?: string; createTime?: number }): string {
    const max = this.videos.reduce((m, v) => (BigInt(v.id) > m ? BigInt(v.id) : m), 0n);
    const id = String(max + 1_000_003n);
    this.videos.push({
      id,
      create_time: video.createTime ?? Math.floor(this.now() / 1000),
      username: video.username ?? 'replay_creator',
      region_code: 'US',
      video_description: video.description,
      like_count: 5,
      comment_count: 1,
      share_count: 0,
      view_count: 100,
      hashtag_names: video.hashtags,
    });
    return id;
  }

  revokeTokens(): void {
    for (const t of this.tokensIssued) this.revoked.add(t);
  }

  handle(request: ReplayRequest): ReplayResponse | undefined {
    if (request.method !== 'POST') return undefined;
    if (request.path === '/v2/oauth/token/') return this.token(request);
    if (request.path !== '/v2/research/video/query/') return undefined;
    const token = bearerOf(request);
    if (!token || !this.tokensIssued.includes(token) || this.revoked.has(token))
      return json(401, fixture('tiktok/error-invalid-token.json'));
    const fields = (request.query.get('fields') ?? '').split(',').filter(Boolean);
    if (fields.length === 0) return this.invalid('fields is required');
    let body: {
      query?: Record<string, Condition[]>;
      start_date?: string;
      end_date?: string;
      max_count?: number;
      cursor?: number;
      search_id?: string;
    };
    try {
      body = JSON.parse(request.body);
    } catch {
      return this.invalid('Invalid JSON body');
    }
    const problem = this.validate(body);
    if (problem) return this.invalid(problem);

    let ids = body.search_id ? this.searches.get(body.search_id) : undefined;
    if (body.search_id && !ids) return this.invalid(`Search Id ${body.search_id} is invalid or expired`);
    const searchId = body.search_id ?? String(7_481_239_000_000_000_000n + BigInt(this.searches.size + 1));
    if (!ids) {
      const start =
        Date.parse(
          `${body.start_date!.slice(0, 4)}-${body.start_date!.slice(4, 6)}-${body.start_date!.slice(6)}T00:00:00Z`,
        ) / 1000;
      const end =
        Date.parse(`${body.end_date!.slice(0, 4)}-${body.end_date!.slice(4, 6)}-${body.end_date!.slice(6)}T00:00:00Z`) /
          1000 +
        DAY;
      ids = this.videos
        .filter((v) => v.create_time >= start && v.create_time < end && matches(v, body.query!))
        .sort((a, b) => scramble(a.id) - scramble(b.id))
        .map((v) => v.id);
      this.searches.set(searchId, ids);
    }
    const cursor = body.cursor ?? 0;
    const count = body.max_count ?? 20;
    const page = ids.slice(cursor, cursor + count).map((id) => this.videos.find((v) => v.id === id)!);
    const videos = page.map((v) => Object.fromEntries(Object.entries(v).filter(([k]) => fields.includes(k))));
    const response = {
      data: { videos, cursor: cursor + page.length, has_more: cursor + page.length < ids.length, search_id: searchId },
      error: { code: 'ok', message: '', log_id: logId() },
    };
    return json(200, writeBigIds(response), { 'content-type': 'application/json' });
  }

  private token(request: ReplayRequest): ReplayResponse {
    const form = new URLSearchParams(request.body);
    if (form.get('grant_type') !== 'client_credentials')
      return json(400, {
        error: 'invalid_request',
        error_description: 'Only client_credentials is supported here.',
        log_id: logId(),
      });
    if (form.get('client_key') !== TIKTOK_CLIENT_KEY || form.get('client_secret') !== TIKTOK_CLIENT_SECRET)
      return json(401, {
        error: 'invalid_client',
        error_description: 'Client key or secret is incorrect.',
        log_id: logId(),
      });
    const issued = fixture<{ access_token: string }>('tiktok/oauth-token.json');
    issued.access_token = `${issued.access_token}${this.tokensIssued.length + 1}`;
    this.tokensIssued.push(issued.access_token);
    return json(200, issued);
  }

  private validate(body: {
    query?: Record<string, Condition[]>;
    start_date?: string;
    end_date?: string;
    max_count?: number;
  }): string | undefined {
    const lists = Object.values(body.query ?? {});
    if (!lists.some((l) => Array.isArray(l) && l.length > 0))
      return 'query must contain at least one non-empty and, or, not condition list';
    if (!/^\d{8}$/.test(body.start_date ?? '') || !/^\d{8}$/.test(body.end_date ?? ''))
      return 'start_date and end_date must be YYYYMMDD';
    const days = (Date.parse(iso(body.end_date!)) - Date.parse(iso(body.start_date!))) / (DAY * 1000);
    if (days < 0) return 'end_date must be after start_date';
    if (days > 30) return 'The end_date must be no more than 30 days after the start_date';
    if (body.max_count !== undefined && (body.max_count < 1 || body.max_count > 100))
      return 'max_count must be between 1 and 100';
    return undefined;
  }

  private invalid(message: string): ReplayResponse {
    return json(400, { data: {}, error: { code: 'invalid_params', message, log_id: logId() } });
  }
}

const iso = (d: string) => `${d.slice(0, 4)}-${d.slice(4, 6)}-${d.slice(6)}T00:00:00Z`;
const logId = () => `2025031413${Math.random().toString(16).slice(2, 14).toUpperCase().padEnd(22, '0')}`;
/** A stable pseudo-random order: the Research API does not return videos by time. */
const scramble = (id: string) => Number(BigInt(id) % 9973n);

function matches(video: Video, query: Record<string, Condition[]>): boolean {
  const test = (c: Condition) => {
    const values = c.field_values.map((v) => v.toLowerCase());
    if (c.field_name === 'hashtag_name') return video.hashtag_names.some((h) => values.includes(h.toLowerCase()));
    if (c.field_name === 'keyword') return values.some((v) => video.video_description.toLowerCase().includes(v));
    if (c.field_name === 'region_code') return values.includes(String(video.region_code).toLowerCase());
    if (c.field_name === 'username') return values.includes(video.username.toLowerCase());
    return false;
  };
  const and = query.and ?? [];
  const or = query.or ?? [];
  const not = query.not ?? [];
  return and.every(test) && (or.length === 0 || or.some(test)) && !not.some(test);
}
