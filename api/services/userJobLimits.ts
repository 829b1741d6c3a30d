import type { Knex } from 'knex';
import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import type { SessionUser } from '../http/access';
import { HttpError } from '../http/httpError';

/** The calls a signed-in user may start that cost more than a read: platform-wide pipeline runs and the data export. */
export type UserJob = 'refreshPrices' | 'detectTrends' | 'initData' | 'export';

/** How often each job may be started per user: the pipeline runs once a minute, the export 5 times an hour. */
const JOB_LIMITS: Record<UserJob, { points: number; seconds: number; what: string; rule: string }> = {
  refreshPrices: { points: 1, seconds: 60, what: 'price refreshes', rule: 'one a minute' },
  detectTrends: { points: 1, seconds: 60, what: 'trend detections', rule: 'one a minute' },
  initData: { points: 1, seconds: 60, what: 'set-up requests', rule: 'one a minute' },
  export: { points: 5, seconds: 60 * 60, what: 'data downloads', rule: '5 an hour' },
};

/**
 * Per-user limits of the on-demand jobs, counted in Postgres (shared by every API process) before the work. The
 * pipeline runs are platform-wide and spend upstream quota with real sources, so each user may start one a minute;
 * admins, who run the platform, are not limited. Past a limit: 429 with Retry-After.
 */
export function createUserJobLimits(db: Knex) {
  const limiters = Object.fromEntries(
    Object.entries(JOB_LIMITS).map(([job, limit]) => [
      job,
      new RateLimiterPostgres({
        storeClient: db,
        storeType: 'knex',
        tableName: 'rate_limits',
        tableCreated: true,
        keyPrefix: `job_${job}`,
        points: limit.points,
        duration: limit.seconds,
      }),
    ]),
  ) as Record<UserJob, RateLimiterPostgres>;

  return {
    async consume(job: UserJob, user: SessionUser): Promise<void> {
      if (user.role === 'admin') return;
      try {
        await limiters[job].consume(user.id);
      } catch (res) {
        if (!(res instanceof RateLimiterRes)) throw res;
        const { what, rule } = JOB_LIMITS[job];
        const wait = Math.max(1, Math.ceil(res.msBeforeNext / 1000));
        throw new HttpError(
          429,
          `Too many ${what}: ${rule}. Try again in ${wait <= 60 ? `${wait} second(s)` : `${Math.ceil(wait / 60)} minute(s)`}.`,
          undefined,
          { 'Retry-After': String(wait) },
        );
      }
    },
  };
}
export type UserJobLimits = ReturnType<typeof createUserJobLimits>;

/**
 * Shares one run among concurrent callers: while a run is in flight, every caller gets its promise; the next call
 * after it settled starts a new one. Coalesces within this process; across processes the pipelines' stable workflow
 * ids join a run already in progress.
 */
export function coalesced<T>(run: () => Promise<T>): () => Promise<T> {
  let inFlight: Promise<T> | undefined;
  return () => (inFlight ??= run().finally(() => (inFlight = undefined)));
}
