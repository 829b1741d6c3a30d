import type { Env } from './config';

/**
 * How long each kind of stored data is kept, in days. Older rows are removed by ClickHouse itself (table TTLs applied
 * at start-up, warehouse/retention.ts), never row by row. Long views read the sealed counts, so a short raw retention
 * loses none of them: the 30-day view and the weekly digest need only the day and hour counts and 15 days of sets.
 */
export interface Retention {
  /** Raw posts with their text (recent posts). */
  postsDays: number;
  /** Raw mentions (sealing recounts touched hours from them). */
  mentionsDays: number;
  /** Per-mention rows by minute (window edges, hours still changing, a 7-day view's previous week). */
  postSetRollupDays: number;
  /** Sealed hourly counts (day and week windows, trend baselines, 30-day edges and the previous 30 days). */
  hourRollupDays: number;
  /** Sealed daily counts (30-day views and longer). */
  dayRollupDays: number;
}

export function retentionOf(
  env: Pick<
    Env,
    | 'RETENTION_POSTS_DAYS'
    | 'RETENTION_MENTIONS_DAYS'
    | 'RETENTION_POST_SET_ROLLUP_DAYS'
    | 'RETENTION_HOUR_ROLLUP_DAYS'
    | 'RETENTION_DAY_ROLLUP_DAYS'
  >,
): Retention {
  return {
    postsDays: env.RETENTION_POSTS_DAYS,
    mentionsDays: env.RETENTION_MENTIONS_DAYS,
    postSetRollupDays: env.RETENTION_POST_SET_ROLLUP_DAYS,
    hourRollupDays: env.RETENTION_HOUR_ROLLUP_DAYS,
    dayRollupDays: env.RETENTION_DAY_ROLLUP_DAYS,
  };
}
