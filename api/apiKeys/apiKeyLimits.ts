import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import type { ApiKeyLimits } from '../../core/contracts/apiKeys';
import { DAY_MS } from '../../core/timeWindows';
import type { Database } from '../../platform/database';
import { countApiKeyRequest } from '../../warehouse/postgres/apiKeys';
import { HttpError } from '../http/httpError';
import { utcDay } from './apiKeyService';

/** The RateLimit-* headers of one answer (draft-ietf-httpapi-ratelimit-headers): the window closest to running out. */
export type RateLimitHeaders = Record<
  'RateLimit-Limit' | 'RateLimit-Remaining' | 'RateLimit-Reset' | 'RateLimit-Policy',
  string
>;

interface WindowState {
  limit: number;
  remaining: number;
  /** Seconds until the window resets. */
  reset: number;
}

const secondsUntilNextUtcDay = (now: Date) =>
  Math.max(1, Math.ceil((Math.floor(now.getTime() / DAY_MS + 1) * DAY_MS - now.getTime()) / 1000));

/**
 * Each key's allowance: `perMinute` requests in a minute (rate-limiter-flexible's fixed window in Postgres, shared by
 * every API process, like the sign-in limits) and `perDay` per UTC day, counted in the usage table that Settings
 * shows, so the daily count and the usage shown are one number. A request refused by either is not served; one
 * refused per minute does not use the day's allowance, and one refused per day is not counted as usage.
 */
export function createApiKeyLimits(db: Database, limits: ApiKeyLimits, now: () => Date = () => new Date()) {
  const perMinute = new RateLimiterPostgres({
    storeClient: db,
    storeType: 'knex',
    tableName: 'rate_limits',
    tableCreated: true,
    keyPrefix: 'api_key_minute',
    points: limits.perMinute,
    duration: 60,
  });
  const policy = `${limits.perMinute};w=60, ${limits.perDay};w=86400`;

  const headersOf = (minute: WindowState, day: WindowState): RateLimitHeaders => {
    // The window with fewer requests left binds; on a tie, the one that resets later.
    const binding =
      day.remaining < minute.remaining || (day.remaining === minute.remaining && day.reset > minute.reset)
        ? day
        : minute;
    return {
      'RateLimit-Limit': String(binding.limit),
      'RateLimit-Remaining': String(binding.remaining),
      'RateLimit-Reset': String(binding.reset),
      'RateLimit-Policy': policy,
    };
  };

  return {
    limits,
    /** Counts one request of a key; returns the headers of its answer, or throws 429 with them and Retry-After. */
    async consume(keyId: number): Promise<RateLimitHeaders> {
      let minuteRes: RateLimiterRes;
      try {
        minuteRes = await perMinute.consume(String(keyId));
      } catch (res) {
        if (!(res instanceof RateLimiterRes)) throw res;
        const reset = Math.max(1, Math.ceil(res.msBeforeNext / 1000));
        const headers = headersOf(
          { limit: limits.perMinute, remaining: 0, reset },
          { limit: limits.perDay, remaining: limits.perDay, reset: secondsUntilNextUtcDay(now()) },
        );
        throw new HttpError(
          429,
          `This key's allowance of ${limits.perMinute} requests a minute is used up: retry in ${reset} s`,
          undefined,
          { ...headers, 'Retry-After': String(reset) },
        );
      }
      const at = now();
      const minute: WindowState = {
        limit: limits.perMinute,
        remaining: Math.max(0, minuteRes.remainingPoints),
        reset: Math.max(1, Math.ceil(minuteRes.msBeforeNext / 1000)),
      };
      const dayReset = secondsUntilNextUtcDay(at);
      const requests = await countApiKeyRequest(db, keyId, utcDay(at), limits.perDay, at);
      if (requests === null) {
        const headers = headersOf(minute, { limit: limits.perDay, remaining: 0, reset: dayReset });
        throw new HttpError(
          429,
          `This key's allowance of ${limits.perDay} requests a day (UTC) is used up: retry after midnight UTC`,
          undefined,
          { ...headers, 'Retry-After': String(dayReset) },
        );
      }
      return headersOf(minute, {
        limit: limits.perDay,
        remaining: Math.max(0, limits.perDay - requests),
        reset: dayReset,
      });
    },
  };
}
export type ApiKeyLimitsService = ReturnType<typeof createApiKeyLimits>;
