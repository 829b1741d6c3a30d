import type { ApiKeyLimits } from '../../core/contracts/apiKeys';
import { DAY_MS } from '../../core/timeWindows';
import { HttpError } from '../http/httpError';
import { utcDay, type ApiKeyMeter } from './apiKeyMeter';

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

const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

/**
 * Each key's allowance: `perMinute` requests in a fixed one-minute window (starting at the first call after the last
 * window ended) and `perDay` per UTC day, counted by the process's meter (apiKeyMeter.ts): both are claimed from
 * Postgres in blocks that every API process shares, so no window serves more than its allowance whatever the number
 * of processes, and with one process a key is refused at exactly its allowance. The day's served requests are the
 * usage Settings shows (written within a second). A request refused by either is not served; one refused per minute
 * does not use the day's allowance, and one refused per day is not counted as usage.
 */
export function createApiKeyLimits(meter: ApiKeyMeter, limits: ApiKeyLimits, now: () => Date = () => new Date()) {
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
      const at = now();
      const taken = await meter.minute.take(keyId, at, limits.perMinute);
      const minute: WindowState = {
        limit: limits.perMinute,
        remaining: taken.remaining,
        reset: seconds(taken.resetMs),
      };
      const dayReset = seconds(Math.floor(at.getTime() / DAY_MS + 1) * DAY_MS - at.getTime());
      if (!taken.allowed) {
        const headers = headersOf(minute, { limit: limits.perDay, remaining: limits.perDay, reset: dayReset });
        throw new HttpError(
          429,
          `This key's allowance of ${limits.perMinute} requests a minute is used up: retry in ${minute.reset} s`,
          undefined,
          { ...headers, 'Retry-After': String(minute.reset) },
        );
      }
      const today = await meter.day.take(keyId, at, limits.perDay);
      const day: WindowState = { limit: limits.perDay, remaining: today.remaining, reset: dayReset };
      if (!today.allowed) {
        throw new HttpError(
          429,
          `This key's allowance of ${limits.perDay} requests a day (UTC) is used up: retry after midnight UTC`,
          undefined,
          { ...headersOf(minute, day), 'Retry-After': String(dayReset) },
        );
      }
      meter.usage.record(keyId, utcDay(at), at);
      return headersOf(minute, day);
    },
  };
}
export type ApiKeyLimitsService = ReturnType<typeof createApiKeyLimits>;
