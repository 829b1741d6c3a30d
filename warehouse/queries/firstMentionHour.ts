import { DAY_MS } from '../../core/timeWindows';
import type { Warehouse } from '../client';

/**
 * The first hour holding any mention, or null when none: the oldest hour any insert stamped (mention_hour_seals, kept as
 * long as the hourly counts), or, when the daily counts reach further back, the oldest sealed day's start. Both are
 * min() of a partition key column, which ClickHouse answers from part metadata.
 */
export async function firstMentionHour(warehouse: Warehouse): Promise<Date | null> {
  const result = await warehouse.query({
    query: `SELECT (SELECT if(count() = 0, 0, toUnixTimestamp(toDateTime(min(day), 'UTC'))) FROM mention_day_counts) AS day,
                   (SELECT if(count() = 0, 0, toUnixTimestamp(min(hour))) FROM mention_hour_seals) AS hour`,
    format: 'JSONEachRow',
  });
  const [row] = await result.json<{ day: number | string; hour: number | string }>();
  const day = Number(row?.day ?? 0) * 1000;
  const hour = Number(row?.hour ?? 0) * 1000;
  if (day === 0 && hour === 0) return null;
  // The day's start only when that day is older than the oldest stamped hour's day (the hours have expired there).
  return hour === 0 || (day !== 0 && day < hour - (hour % DAY_MS)) ? new Date(day) : new Date(hour);
}
