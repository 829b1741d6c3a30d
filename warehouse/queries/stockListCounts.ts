import { platforms, type Platform } from '../../core/platforms';
import { HOUR_MS, nextWholeHour, startOfHour } from '../../core/timeWindows';
import type { Warehouse } from '../client';
import { MINUTE_POST_COUNTS } from './mentionCountColumns';
import { AHEAD_MS } from './mentionWindowCounts';
import { dirtyHours, isoDate, planBuckets, planWindow } from './windowParts';

/** One ticker's mentions in a window and in the window of the same length just before it. */
export interface StockListCount {
  ticker: string;
  /** Distinct mentions in the window, every platform (those outside core/platforms included). */
  mentions: number;
  perPlatform: Record<Platform, number>;
  bullish: number;
  bearish: number;
  /** Distinct mentions in the window of the same length just before it. */
  previous: number;
}

const seconds = (ms: number) => Math.floor(ms / 1000);

/**
 * The list's figures per ticker from the buckets `rows` yield (UNION ALL of one SELECT per table): per bucket
 * `ticker, platform, m, b, br` (its mentions, bullish and bearish ones), `w` (1 when the bucket is the window's) and
 * `pv` (what it adds to the previous window's count: 1, 0, or −1 for the window's leading minutes, which the previous
 * window's plan counts as part of its last hour). The flags are computed once per row and named: ClickHouse parses and
 * analyses a condition repeated in every aggregate anew, and on this query that cost more than reading the buckets.
 */
function perTicker(rows: string[]): string {
  return `SELECT ticker, sumIf(m, w) AS mentions, sumIf(b, w) AS bullish, sumIf(br, w) AS bearish, sum(pv * m) AS previous,
                 ${platforms.map((_, i) => `sumIf(m, w AND platform = {platform${i}:String})`).join(', ')}
          FROM (${rows.join('\n UNION ALL \n')})
          GROUP BY ticker
          HAVING mentions > 0 OR previous != 0`;
}

/**
 * Per ticker, the window [since, now] (mentions stamped up to a week ahead of `now` included, as mentionWindowCounts
 * counts it) summed over its platforms, and the mentions of the `lengthMs` before `since`: every ticker with a mention
 * in either, one row each, in one query.
 *
 * The previous window is counted as "[since − length, the hour `since` falls in) minus the window's own leading minutes
 * up to that hour": it then ends on an hour (no trailing minute rows to count) and its whole hours and days come from
 * the sealed counts, so the two windows cost about twice one window. Reading "twice as far back" and subtracting the
 * window (three windows' worth) gives the same figure: both subtract the very minute rows the window reads.
 *
 * Both windows' buckets are read in one pass over each table (windowParts' planBuckets, whole sealed weeks from the week
 * counts), selected by explicit lists of weeks, days and hours: ClickHouse spent longer parsing and planning a UNION of
 * per-window parts with range conditions (~40 ms at 10 M rows) than reading the buckets. Every whole hour, day and week
 * of the window starts at or after the hour `since` falls in ends (`edge`), every one of the previous window's before
 * it, so `t >= edge` tells the two apart.
 */
export async function stockListCounts(
  warehouse: Warehouse,
  since: Date,
  lengthMs: number,
  now: Date = new Date(),
): Promise<StockListCount[]> {
  const from = since.getTime();
  const edge = nextWholeHour(from);
  const to = startOfHour(Math.max(+now, from)) + AHEAD_MS;
  const dirty = await dirtyHours(warehouse, startOfHour(from - lengthMs), to);
  const window = planBuckets(planWindow(from, to, dirty), { weeks: true });
  const before = planBuckets(planWindow(from - lengthMs, edge, dirty), { weeks: true });

  const params: Record<string, unknown> = {
    ...Object.fromEntries(platforms.map((p, i) => [`platform${i}`, p])),
    edge: seconds(edge),
  };
  params.edgeDay = isoDate(edge);
  const parts: string[] = [];
  // Sealed counts: `inWindow` tells the window's buckets (at or after the edge) from the previous window's.
  const sealed = (table: string, inWindow: string, where: string) =>
    `SELECT ticker, platform, toUInt64(mentions) AS m, toUInt64(bullish) AS b, toUInt64(bearish) AS br,
            ${inWindow} AS w, toInt64(NOT w) AS pv
     FROM ${table} FINAL
     WHERE ${where}`;
  const weeks = [...before.weeks, ...window.weeks];
  if (weeks.length > 0) {
    params.weeks = weeks.map(isoDate);
    parts.push(sealed('mention_week_counts', 'week >= {edgeDay:Date}', 'has({weeks:Array(Date)}, week)'));
  }
  const days = [...before.days, ...window.days];
  if (days.length > 0) {
    params.days = days.map(isoDate);
    parts.push(sealed('mention_day_counts', 'day >= {edgeDay:Date}', 'has({days:Array(Date)}, day)'));
  }
  // The hour tables are sorted by toDate(hour) first: the hours' dates select the days to read.
  const hours = [...before.hours, ...window.hours];
  if (hours.length > 0) {
    params.hours = hours.map(seconds);
    params.hourDates = [...new Set(hours.map(isoDate))];
    parts.push(
      sealed(
        'mention_hour_counts',
        'toUInt32(hour) >= {edge:UInt32}',
        'has({hourDates:Array(Date)}, toDate(hour)) AND has({hours:Array(UInt32)}, toUInt32(hour))',
      ),
    );
  }
  const setHours = [...before.setHours, ...window.setHours];
  if (setHours.length > 0) {
    params.setHours = setHours.map(seconds);
    // The dirty hours' mentions, per hour: toStartOfHour(minute) is mention_minutes' first sort-key column.
    parts.push(
      `SELECT ticker, platform, m, b, br, hour >= {edge:UInt32} AS w, toInt64(NOT w) AS pv
                 FROM (
                   SELECT ticker, platform, toUInt32(toStartOfHour(minute)) AS hour, ${MINUTE_POST_COUNTS}
                   FROM mention_minutes
                   WHERE has({setHours:Array(UInt32)}, toUInt32(toStartOfHour(minute)))
                   GROUP BY ticker, platform, hour)`,
    );
  }
  // Minute spans may overlap (a previous window shorter than an hour): a row counts in every span holding it.
  const spans = (name: string, list: Array<[number, number]>) =>
    list.map(([from, to], i) => {
      params[`${name}${i}_from`] = seconds(from);
      params[`${name}${i}_to`] = seconds(to);
      return `(toUInt32(minute) >= {${name}${i}_from:UInt32} AND toUInt32(minute) < {${name}${i}_to:UInt32})`;
    });
  const inWindow = spans('wm', window.minutes);
  const inBefore = spans('pm', before.minutes);
  if (inWindow.length + inBefore.length > 0) {
    const any = (conditions: string[]) => (conditions.length > 0 ? conditions.join(' OR ') : '0');
    // toStartOfHour(minute) is the sort key's first column: the hours the spans lie in select what is read.
    const minuteHours = new Set<number>();
    for (const [from, to] of [...window.minutes, ...before.minutes])
      for (let h = startOfHour(from); h < to; h += HOUR_MS) minuteHours.add(seconds(h));
    params.minuteHours = [...minuteHours];
    // Each post lies in one minute: its distinct posts per (ticker, platform) and flags add up as the minutes' would.
    parts.push(
      `SELECT ticker, platform, ${MINUTE_POST_COUNTS},
              toUInt8(${any(inWindow)}) AS w, toInt64(${any(inBefore)}) - toInt64(w AND toUInt32(minute) < {edge:UInt32}) AS pv
       FROM mention_minutes
       WHERE has({minuteHours:Array(UInt32)}, toUInt32(toStartOfHour(minute))) AND (${any([...inWindow, ...inBefore])})
       GROUP BY ticker, platform, w, pv`,
    );
  }
  if (parts.length === 0) return [];
  const result = await warehouse.query({
    query: perTicker(parts),
    query_params: params,
    // One JSON document, parsed at once: cheaper for thousands of rows than a parse per row.
    format: 'JSONCompact',
  });
  // ticker, mentions, bullish, bearish, previous, then one column per platform (one sumIf each: cheaper than an
  // array of sums per row).
  const { data: rows } = await result.json<[string, ...number[]]>();
  return rows.map(([ticker, mentions, bullish, bearish, previous, ...counts]) => {
    const perPlatform = {} as Record<Platform, number>;
    for (let i = 0; i < platforms.length; i++) perPlatform[platforms[i]!] = Number(counts[i]);
    return {
      ticker,
      mentions: Number(mentions),
      perPlatform,
      bullish: Number(bullish),
      bearish: Number(bearish),
      previous: Number(previous),
    };
  });
}
