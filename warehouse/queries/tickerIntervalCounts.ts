import type { Warehouse } from '../client';

const HOUR_MS = 3_600_000;

/** A span of minute buckets [fromMs, toMs), both on a minute boundary. */
export interface MinuteInterval {
  fromMs: number;
  toMs: number;
}

/** Distinct mentions of one ticker in one interval, all platforms, with how many of them were bullish and bearish. */
export interface IntervalCount {
  mentions: number;
  bullish: number;
  bearish: number;
}

/**
 * Splits an interval into the whole hours inside it (read from the hourly rollups) and the minutes before and after
 * them (read from the per-minute rollups). Every post lies in one minute and one hour, so the parts add up exactly.
 */
function parts({ fromMs, toMs }: MinuteInterval) {
  const hourFrom = Math.ceil(fromMs / HOUR_MS) * HOUR_MS;
  const hourTo = Math.floor(toMs / HOUR_MS) * HOUR_MS;
  if (hourFrom >= hourTo) return { hours: [0, 0], head: [fromMs, toMs], tail: [0, 0] };
  return { hours: [hourFrom, hourTo], head: [fromMs, hourFrom], tail: [hourTo, toMs] };
}

/**
 * Mentions per ticker in many intervals with one read for every ticker: what alert evaluation needs for every window at
 * once, now and at the same time of day on earlier days (a spike's baseline). Returns ticker → counts in the order of
 * `intervals`; a ticker with no mention in any interval is absent.
 */
export async function tickerIntervalCounts(warehouse: Warehouse, intervals: readonly MinuteInterval[]): Promise<Map<string, IntervalCount[]>> {
  const out = new Map<string, IntervalCount[]>();
  if (intervals.length === 0) return out;
  const split = intervals.map(parts);
  const seconds = (pick: (p: ReturnType<typeof parts>) => number) => split.map((p) => pick(p) / 1000);
  const minuteHours = [...new Set(split.flatMap((p) => [p.head, p.tail].filter(([a, b]) => b! > a!).flatMap(([a, b]) => hoursTouched(a!, b!))))];
  const hourStarts = [...new Set(split.flatMap((p) => hoursIn(p.hours[0]!, p.hours[1]!)))];
  const result = await warehouse.query({
    query: `SELECT ticker,
                   sumForEach(arrayMap(i -> if(inside(i), m, 0), range(1, {n:UInt32} + 1))) AS mentions,
                   sumForEach(arrayMap(i -> if(inside(i), b, 0), range(1, {n:UInt32} + 1))) AS bullish,
                   sumForEach(arrayMap(i -> if(inside(i), br, 0), range(1, {n:UInt32} + 1))) AS bearish
            FROM (
              SELECT ticker, 'h' AS src, toUInt32(hour) AS t, uniqExactMerge(mentions) AS m, uniqExactIfMerge(bullish) AS b, uniqExactIfMerge(bearish) AS br
              FROM mention_hours
              WHERE hour >= toDateTime(arrayMin(arrayPushBack({hourStarts:Array(UInt32)}, 4294967295)), 'UTC') AND has({hourStarts:Array(UInt32)}, toUInt32(hour))
              GROUP BY ticker, platform, hour
              UNION ALL
              SELECT ticker, 'm' AS src, toUInt32(minute) AS t, uniqExactMerge(mentions) AS m, uniqExactIfMerge(bullish) AS b, uniqExactIfMerge(bearish) AS br
              FROM mention_minutes
              WHERE minute >= toDateTime(arrayMin(arrayPushBack({minuteHours:Array(UInt32)}, 4294967295)), 'UTC') AND has({minuteHours:Array(UInt32)}, toUInt32(toStartOfHour(minute)))
              GROUP BY ticker, platform, minute
            )
            GROUP BY ticker`
      .replaceAll(
        'inside(i)',
        `if(src = 'h', t >= {hf:Array(UInt32)}[i] AND t < {ht:Array(UInt32)}[i],
             (t >= {mf1:Array(UInt32)}[i] AND t < {mt1:Array(UInt32)}[i]) OR (t >= {mf2:Array(UInt32)}[i] AND t < {mt2:Array(UInt32)}[i]))`,
      ),
    query_params: {
      n: intervals.length,
      hf: seconds((p) => p.hours[0]!),
      ht: seconds((p) => p.hours[1]!),
      mf1: seconds((p) => p.head[0]!),
      mt1: seconds((p) => p.head[1]!),
      mf2: seconds((p) => p.tail[0]!),
      mt2: seconds((p) => p.tail[1]!),
      hourStarts: hourStarts.map((ms) => ms / 1000),
      minuteHours: minuteHours.map((ms) => ms / 1000),
    },
    format: 'JSONEachRow',
  });
  for (const row of await result.json<{ ticker: string; mentions: Array<number | string>; bullish: Array<number | string>; bearish: Array<number | string> }>()) {
    out.set(
      row.ticker,
      row.mentions.map((m, i) => ({ mentions: Number(m), bullish: Number(row.bullish[i]), bearish: Number(row.bearish[i]) })),
    );
  }
  return out;
}

/** The hour starts in [fromMs, toMs) (both on hour boundaries). */
function hoursIn(fromMs: number, toMs: number): number[] {
  const out: number[] = [];
  for (let h = fromMs; h < toMs; h += HOUR_MS) out.push(h);
  return out;
}

/** The hour starts that a minute span [fromMs, toMs) touches (at most two, since a span never crosses a whole hour). */
function hoursTouched(fromMs: number, toMs: number): number[] {
  return hoursIn(Math.floor(fromMs / HOUR_MS) * HOUR_MS, toMs);
}
