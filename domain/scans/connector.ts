import type { Platform } from '../../core/platforms';
import type { QuotaAllowance, QuotaKind } from '../quota/quotaPlan';

export type { QuotaAllowance, QuotaKind };

// What a scan reads through: each platform's connector (workflows/connectors) implements this interface, and the scan
// (domain/scans/scanSource.ts) depends on it alone.

/** One entry of an admin source list, e.g. reddit/subreddits/"wallstreetbets" or twitter/hashtags/"#stocks". */
export interface Source {
  platform: Platform;
  settingType: string;
  value: string;
}

/** A post or comment as fetched, before extraction and scoring. */
export interface RawPost {
  platform: Platform;
  /** The platform's own id (Reddit fullname t3_/t1_, tweet id, YouTube comment id, …), stable across fetches. */
  postId: string;
  /** The source it was found through, e.g. "r/wallstreetbets", "#stocks", "channel:UC…". */
  source: string;
  /** The platform's author id or name; hashed before it is stored. */
  author: string;
  /** ISO-8601 creation time. */
  createdAt: string;
  title: string;
  text: string;
  url: string;
  /** Upvotes/likes/replies as the platform counts them. */
  engagement: number;
}

export interface FetchOptions {
  /** Stop after this many posts (the rest waits for the next scan). */
  maxPosts: number;
  /** For connectors with a daily unit quota: the units this fetch may spend. Absent: no limit (tests, tools). */
  quota?: QuotaAllowance;
  /** Called after every page so a long fetch keeps its Temporal activity alive. */
  heartbeat?: (detail: { source: string; fetched: number }) => void;
  signal?: AbortSignal;
}

export interface FetchResult {
  posts: RawPost[];
  /** What to store so the next scan starts where this one stopped (null: nothing new was seen). */
  cursor: string | null;
}

/** One platform's API behind one interface. Connectors page internally, honour rate limits and throw ConnectorError on bad payloads. */
export interface Connector {
  readonly platform: Platform;
  /** True for the built-in simulated feed (usingRealAPIs: false). */
  readonly simulated: boolean;
  /** Units per day the platform grants (YouTube); the scan plans each fetch's QuotaAllowance from it. */
  readonly dailyQuota?: number;
  fetchNew(source: Source, cursor: string | null, options: FetchOptions): Promise<FetchResult>;
}

export { ConnectorError } from '../../platform/http/connectorError';
