import { DAY_MS } from '../../core/timeWindows';
import type { Warehouse } from '../client';
import { mentionsFinalByTime } from './mentionsFinalByTime';
import { isoDate, mondayOf } from './windowParts';

/**
 * An insert stamps its hours while it runs, before its rows are visible: a seal treats hours touched in the last
 * `settleMs` before it started as still changing, so a write in flight is never sealed without its rows.
 */
export const SEAL_SETTLE_MS = 60_000;

/** Hours recounted per statement: one month of hours keeps each raw read within one or two partitions. */
const HOURS_PER_BATCH = 24 * 31;

export interface SealResult {
  hours: number;
  days: number;
}

/**
 * Seals every closed hour written since its last seal (migration 010): recounts it from the de-duplicated raw mentions
 * (FINAL: a mention re-inserted with a new label counts once, under its newest label), recounts the whole days those
 * hours lie in the same way, writes both as absolute counts (and the weeks of those days, summed from the day counts),
 * and stamps the hours sealed. Idempotent, and safe to run twice at once (the newest seal's counts win; each is complete
 * for what it read).
 */
export async function sealMentionRollups(
  warehouse: Warehouse,
  options: { settleMs?: number } = {},
): Promise<SealResult> {
  const settleMs = options.settleMs ?? SEAL_SETTLE_MS;
  const result = await warehouse.query({
    query: `SELECT toUnixTimestamp64Milli(now64(3, 'UTC')) AS now,
                   (SELECT groupArray(toUnixTimestamp(hour)) FROM (
                      SELECT hour FROM mention_hour_seals
                      WHERE hour < toStartOfHour(now('UTC'))
                      GROUP BY hour
                      HAVING max(touched_at) > max(sealed_at)
                      ORDER BY hour)) AS hours`,
    format: 'JSONEachRow',
  });
  const [row] = await result.json<{ now: number | string; hours: number[] }>();
  const sealedAt = Number(row!.now) - settleMs;
  const hours = row!.hours;
  const inBatch = `ts >= toDateTime({from:UInt32}, 'UTC') AND ts < toDateTime({to:UInt32}, 'UTC')`;
  let days = 0;
  for (let i = 0; i < hours.length; i += HOURS_PER_BATCH) {
    const batch = hours.slice(i, i + HOURS_PER_BATCH);
    const batchDays = [...new Set(batch.map((h) => Math.floor((h * 1000) / DAY_MS) * (DAY_MS / 1000)))];
    days += batchDays.length;
    const params = {
      hours: batch,
      days: batchDays,
      sealedAt,
      from: batchDays[0]!,
      to: batchDays.at(-1)! + DAY_MS / 1000,
      weeks: [...new Set(batchDays.map((d) => isoDate(mondayOf(d * 1000))))],
    };
    await warehouse.command({
      query: `INSERT INTO mention_hour_counts (ticker, platform, hour, mentions, bullish, bearish, sealed_at)
              SELECT ticker, platform, toStartOfHour(ts) AS hour, count(), countIf(label = 'bullish'), countIf(label = 'bearish'), fromUnixTimestamp64Milli({sealedAt:Int64}, 'UTC')
              FROM ${mentionsFinalByTime(inBatch)}
              WHERE has({hours:Array(UInt32)}, toUInt32(toStartOfHour(ts)))
              GROUP BY ticker, platform, hour`,
      query_params: params,
    });
    await warehouse.command({
      query: `INSERT INTO mention_day_counts (ticker, platform, day, mentions, bullish, bearish, sealed_at)
              SELECT ticker, platform, toDate(ts) AS day, count(), countIf(label = 'bullish'), countIf(label = 'bearish'), fromUnixTimestamp64Milli({sealedAt:Int64}, 'UTC')
              FROM ${mentionsFinalByTime(inBatch)}
              WHERE has({days:Array(UInt32)}, toUInt32(toDateTime(toDate(ts), 'UTC')))
              GROUP BY ticker, platform, day`,
      query_params: params,
    });
    // The weeks those days lie in, summed from the day counts just written (migration 012). A week reaching into the
    // next batch is written again there; until then its hours still to seal keep it from being read.
    await warehouse.command({
      query: `INSERT INTO mention_week_counts (ticker, platform, week, mentions, bullish, bearish, sealed_at)
              SELECT ticker, platform, toMonday(day) AS week, sum(mentions), sum(bullish), sum(bearish), fromUnixTimestamp64Milli({sealedAt:Int64}, 'UTC')
              FROM mention_day_counts FINAL
              WHERE day >= toMonday(toDate(toDateTime({from:UInt32}, 'UTC'))) AND day < toMonday(toDate(toDateTime({to:UInt32}, 'UTC'))) + 7
                AND has({weeks:Array(Date)}, toMonday(day))
              GROUP BY ticker, platform, week`,
      query_params: params,
    });
    await warehouse.command({
      query: `INSERT INTO mention_hour_seals (hour, touched_at, sealed_at)
              SELECT toDateTime(h, 'UTC'), toDateTime64(0, 3, 'UTC'), fromUnixTimestamp64Milli({sealedAt:Int64}, 'UTC')
              FROM (SELECT arrayJoin({hours:Array(UInt32)}) AS h)`,
      query_params: params,
    });
  }
  return { hours: hours.length, days };
}
