import type { HttpPolicy } from '../../platform/http/httpClient';
import { pacerFor, type LimiterFactory } from '../../platform/http/requestPacer';
import { createInstagramConnector } from './instagram';
import { createRedditConnector } from './reddit';
import { createTikTokConnector } from './tiktok';
import { createTwitterConnector, X_RECENT_SEARCH_LIMIT } from './twitter';
import type { Platform } from '../../core/platforms';
import type { Connector } from '../../domain/scans/connector';
import { createYouTubeConnector } from './youtube';

/** The platform credentials and API locations, named as the environment variables that carry them (so `config.env` fits). */
export interface RealConnectorCredentials {
  REDDIT_CLIENT_ID?: string;
  REDDIT_CLIENT_SECRET?: string;
  REDDIT_USER_AGENT?: string;
  REDDIT_API_URL?: string;
  REDDIT_AUTH_URL?: string;
  /** Comma-separated accounts whose posts and comments are skipped, besides AutoModerator. */
  REDDIT_BOT_ACCOUNTS?: string;
  X_BEARER_TOKEN?: string;
  X_API_URL?: string;
  YOUTUBE_API_KEY?: string;
  YOUTUBE_API_URL?: string;
  YOUTUBE_DAILY_QUOTA?: number;
  YOUTUBE_COMMENT_WINDOW_DAYS?: number;
  TIKTOK_CLIENT_KEY?: string;
  TIKTOK_CLIENT_SECRET?: string;
  TIKTOK_API_URL?: string;
  INSTAGRAM_ACCESS_TOKEN?: string;
  INSTAGRAM_USER_ID?: string;
  INSTAGRAM_API_URL?: string;
}

export interface RealConnectorOptions {
  /** The request counters behind each platform's pacing (production: `postgresLimiters(db)`, shared by every worker). */
  limiters: LimiterFactory;
  /** Timeouts and back-off for every connector (tests use small waits). */
  http?: Partial<HttpPolicy>;
}

/** The longest a scan waits for X's request budget before it stops and leaves the rest of its run for the next scan. */
const X_PACING_MAX_WAIT_MS = 2 * 60_000;

export const DEFAULT_REDDIT_USER_AGENT = 'server:stockpulse:v0.1.0 (social stock-mention monitor)';

const present = (value: string | undefined): value is string => typeof value === 'string' && value.trim() !== '';
const orDefault = (value: string | undefined) => (present(value) ? value : undefined);

/** One connector per platform whose credentials are all present; platforms without credentials are left out. */
export function createRealConnectors(
  credentials: RealConnectorCredentials,
  options: RealConnectorOptions,
): Partial<Record<Platform, Connector>> {
  const c = credentials;
  const { http } = options;
  const connectors: Partial<Record<Platform, Connector>> = {};
  if (present(c.REDDIT_CLIENT_ID) && present(c.REDDIT_CLIENT_SECRET)) {
    connectors.reddit = createRedditConnector({
      clientId: c.REDDIT_CLIENT_ID,
      clientSecret: c.REDDIT_CLIENT_SECRET,
      userAgent: orDefault(c.REDDIT_USER_AGENT) ?? DEFAULT_REDDIT_USER_AGENT,
      apiUrl: orDefault(c.REDDIT_API_URL),
      authUrl: orDefault(c.REDDIT_AUTH_URL),
      botAccounts: (c.REDDIT_BOT_ACCOUNTS ?? '')
        .split(',')
        .map((name) => name.trim())
        .filter(Boolean),
      http,
    });
  }
  if (present(c.X_BEARER_TOKEN)) {
    const pacer = pacerFor(options.limiters, 'x_recent_search', X_RECENT_SEARCH_LIMIT, {
      maxWaitMs: X_PACING_MAX_WAIT_MS,
    });
    connectors.twitter = createTwitterConnector({
      bearerToken: c.X_BEARER_TOKEN,
      pacer,
      apiUrl: orDefault(c.X_API_URL),
      http,
    });
  }
  if (present(c.YOUTUBE_API_KEY)) {
    connectors.youtube = createYouTubeConnector({
      apiKey: c.YOUTUBE_API_KEY,
      apiUrl: orDefault(c.YOUTUBE_API_URL),
      dailyQuota: c.YOUTUBE_DAILY_QUOTA,
      commentWindowDays: c.YOUTUBE_COMMENT_WINDOW_DAYS,
      http,
    });
  }
  if (present(c.TIKTOK_CLIENT_KEY) && present(c.TIKTOK_CLIENT_SECRET)) {
    connectors.tiktok = createTikTokConnector({
      clientKey: c.TIKTOK_CLIENT_KEY,
      clientSecret: c.TIKTOK_CLIENT_SECRET,
      apiUrl: orDefault(c.TIKTOK_API_URL),
      http,
    });
  }
  if (present(c.INSTAGRAM_ACCESS_TOKEN) && present(c.INSTAGRAM_USER_ID)) {
    connectors.instagram = createInstagramConnector({
      accessToken: c.INSTAGRAM_ACCESS_TOKEN,
      userId: c.INSTAGRAM_USER_ID,
      apiUrl: orDefault(c.INSTAGRAM_API_URL),
      http,
    });
  }
  return connectors;
}
