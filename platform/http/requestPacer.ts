import type { Knex } from 'knex';
import { RateLimiterPostgres, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { sleep } from './waits';

/** A platform's published request limit: at most `requests` in any `windowSeconds`. */
export interface RequestLimit {
  requests: number;
  windowSeconds: number;
}

/**
 * Requests per step that keep ANY sliding window within the limit. A counter over fixed steps lets a window that
 * straddles step boundaries see (window/step + 1) steps, so each step gets limit / (window/step + 1), rounded down.
 * X recent search, 450 per 15 minutes, in 60-second steps: floor(450 / 16) = 28 a minute, 448 in any 15 minutes.
 */
export function pacedPoints(limit: RequestLimit, stepSeconds: number): number {
  return Math.max(1, Math.floor(limit.requests / (limit.windowSeconds / stepSeconds + 1)));
}

export interface PaceOptions {
  signal?: AbortSignal;
  /** Called before each wait, so a long activity keeps heartbeating. */
  onWait?: (waitMs: number) => void;
}

/** Grants request slots against a shared counter; `take` resolves false when the next slot is further away than the pacer may wait. */
export interface RequestPacer {
  take(options?: PaceOptions): Promise<boolean>;
}

export interface RequestPacerOptions {
  /** The longest total wait for one slot; beyond it `take` gives up (the caller keeps its place and stops for this scan). */
  maxWaitMs: number;
  /** Longest single sleep, shorter than the activity heartbeat timeout. Default 10 s. */
  sleepStepMs?: number;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

/**
 * Paces requests through a rate-limiter-flexible limiter under one key. Production passes a RateLimiterPostgres, so
 * every worker process draws on the same count; tests pass a RateLimiterMemory with the same behaviour.
 */
export function createRequestPacer(
  limiter: RateLimiterAbstract,
  key: string,
  options: RequestPacerOptions,
): RequestPacer {
  const step = options.sleepStepMs ?? 10_000;
  const pause = options.sleep ?? sleep;
  return {
    async take(paceOptions: PaceOptions = {}): Promise<boolean> {
      let waited = 0;
      for (;;) {
        let waitMs: number;
        try {
          await limiter.consume(key, 1);
          return true;
        } catch (rejection) {
          if (!(rejection instanceof RateLimiterRes)) throw rejection;
          // A refused consume still counted; give the point back so waiting does not push the window further.
          await limiter.reward(key, 1);
          waitMs = Math.max(1, rejection.msBeforeNext);
        }
        if (waited + waitMs > options.maxWaitMs) return false;
        const nap = Math.min(waitMs, step);
        paceOptions.onWait?.(nap);
        await pause(nap, paceOptions.signal);
        waited += nap;
      }
    },
  };
}

/** Builds the limiter behind a pacer: one counter per key prefix, `points` per `duration` seconds. */
export type LimiterFactory = (options: { keyPrefix: string; points: number; duration: number }) => RateLimiterAbstract;

/** Counters in the Postgres `rate_limits` table (migration 003), shared by every worker process. */
export const postgresLimiters =
  (db: Knex): LimiterFactory =>
  (options) =>
    new RateLimiterPostgres({
      storeClient: db,
      storeType: 'knex',
      tableName: 'rate_limits',
      tableCreated: true,
      ...options,
    });

/** The pacer for one published limit: `pacedPoints` per 60-second step, so any sliding window stays within it. */
export function pacerFor(
  limiters: LimiterFactory,
  keyPrefix: string,
  limit: RequestLimit,
  options: RequestPacerOptions,
): RequestPacer {
  return createRequestPacer(limiters({ keyPrefix, points: pacedPoints(limit, 60), duration: 60 }), 'app', options);
}
