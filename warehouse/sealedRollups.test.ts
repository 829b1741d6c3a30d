import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { platforms as listedPlatforms } from '../core/platforms';
import {
  MINUTES_PER_30_DAYS,
  MINUTES_PER_DAY,
  MINUTES_PER_HOUR,
  MINUTES_PER_WEEK,
  startOfHour,
  windowStart,
} from '../core/timeWindows';
import { DAY, HOUR, MINUTE, mentionAt } from '../tests/support/mentionRows';
import { summariseCounts } from '../core/mentionCounts';
import { createTestWarehouse, type TestWarehouse } from '../tests/support/testStores';
import type { Warehouse } from './client';
import { hourlyMentionHistory } from './queries/hourlyMentionHistory';
import { hourlyTickerCounts } from './queries/hourlyTickerCounts';
import { insertMentions, type MentionRow } from './queries/insertMentions';
import { mentionWindowCounts, mentionWindowCountsSince } from './queries/mentionWindowCounts';
import { sealMentionRollups } from './queries/sealMentionRollups';
import { stockListCounts } from './queries/stockListCounts';
import { tickerHourlyBaselines } from './queries/tickerHourlyBaselines';
import { tickerWindowDays } from './queries/tickerWindowDays';
import { tickerWindowTotals } from './queries/tickerWindowTotals';

/** Granules (marks, ~8,192 rows each) each table is estimated to read (EXPLAIN ESTIMATE: what the sort keys select). */
type Reads = Map<string, number>;

/** Each rollup's first sort-key column: the one a read must select by, or it reads the whole month's part. */
const firstKeyColumn: Record<string, string> = {
  mention_minutes: 'toStartOfHour(minute)',
  mention_hour_counts: 'toDate(hour)',
  mention_day_counts: 'day',
  mention_week_counts: 'week',
};

interface PlanNode {
  'Node Type'?: string;
  Description?: string;
  Indexes?: Array<{ Type: string; Keys?: string[]; 'Selected Parts'?: number }>;
  Plans?: PlanNode[];
}

/** Every rollup read of a plan (EXPLAIN json = 1, indexes = 1) whose primary key is not searched by its first column. */
function readsMissingFirstKey(node: PlanNode, out: string[] = []): string[] {
  const table = node.Description?.split('.').at(-1);
  if (node['Node Type'] === 'ReadFromMergeTree' && table && table in firstKeyColumn) {
    // A read the condition rules out entirely (no index consulted, no part selected) reads nothing.
    const minMax = node.Indexes?.find((i) => i.Type === 'Min-Max');
    const primary = node.Indexes?.find((i) => i.Type === 'PrimaryKey');
    if (node.Indexes && (minMax?.['Selected Parts'] ?? 1) > 0 && !primary?.Keys?.includes(firstKeyColumn[table]!))
      out.push(table);
  }
  for (const child of node.Plans ?? []) readsMissingFirstKey(child, out);
  return out;
}

/**
 * The same client, recording for every query it runs the rows each table will read, and every rollup read whose
 * primary key is not searched by its first column (`unkeyed`).
 */
function recordingReads(warehouse: Warehouse, reads: Reads, unkeyed: string[] = []): Warehouse {
  return new Proxy(warehouse, {
    get(target, key, receiver) {
      if (key !== 'query') return Reflect.get(target, key, receiver);
      return async (params: Parameters<Warehouse['query']>[0]) => {
        const plan = await target.query({
          query: `EXPLAIN ESTIMATE ${params.query}`,
          query_params: params.query_params,
          format: 'JSONEachRow',
        });
        for (const row of await plan.json<{ table: string; marks: number | string }>())
          reads.set(row.table, (reads.get(row.table) ?? 0) + Number(row.marks));
        const indexes = await target.query({
          query: `EXPLAIN json = 1, indexes = 1 ${params.query}`,
          query_params: params.query_params,
          format: 'JSONEachRow',
        });
        for (const { explain } of await indexes.json<{ explain: string }>())
          for (const { Plan } of JSON.parse(explain) as Array<{ Plan: PlanNode }>)
            unkeyed.push(
              ...readsMissingFirstKey(Plan).map((t) => `${t} in ${params.query.replace(/\s+/g, ' ').slice(0, 60)}`),
            );
        return target.query(params);
      };
    },
  });
}

const sortCounts = <T extends { ticker: string; platform: string }>(rows: T[]) =>
  [...rows].sort((a, b) => a.ticker.localeCompare(b.ticker) || a.platform.localeCompare(b.platform));

describe('sealed count rollups', () => {
  let store: TestWarehouse;
  const now = new Date('2026-11-20T15:37:20Z');
  const rows: MentionRow[] = [];
  const tickers = ['AMC', 'GME', 'TSLA', 'NVDA', 'PLTR', 'SOFI', 'AAPL', 'MSFT'];
  const platforms = ['reddit', 'twitter', 'youtube'];
  const labels = ['bullish', 'neutral', 'bearish', 'bullish', 'neutral'] as const;
  // ~250,000 mentions over 40 days: far more raw and per-minute rows than any long window may read once sealed.
  const MENTIONS = 250_000;

  beforeAll(async () => {
    store = await createTestWarehouse();
    for (let i = 0; i < MENTIONS; i++) {
      const back = ((i * 7919) % (40 * 24 * 60)) * MINUTE + (i % 50) * 1000;
      rows.push(
        mentionAt(tickers[(i >> 4) % tickers.length]!, now.getTime() - back, {
          platform: platforms[(i >> 7) % 3],
          label: labels[i % 5],
          author: i % 997,
        }),
      );
    }
    await insertMentions(store.warehouse, rows);
    await insertMentions(store.warehouse, rows.slice(0, 5_000)); // a retried write
  }, 120_000);
  afterAll(async () => store?.close());

  const windows = [MINUTES_PER_HOUR, 4 * MINUTES_PER_HOUR, MINUTES_PER_DAY, MINUTES_PER_WEEK, MINUTES_PER_30_DAYS];
  const answers = async (warehouse: Warehouse) => ({
    windows: await Promise.all(
      windows.map(async (w) => sortCounts(await mentionWindowCounts(warehouse, windowStart(now, w), now))),
    ),
    totals: Object.fromEntries(await tickerWindowTotals(warehouse, now, windows)),
    days: Object.fromEntries(
      await tickerWindowDays(warehouse, windowStart(now, 1).getTime() + MINUTE, [
        { minutes: 60, days: 7 },
        { minutes: 1440, days: 7 },
      ]),
    ),
    baseline: (
      await hourlyTickerCounts(
        warehouse,
        new Date(Date.parse('2026-11-13T15:00:00Z')),
        new Date(Date.parse('2026-11-20T15:00:00Z')),
      )
    ).sort((a, b) => a.hour - b.hour || a.ticker.localeCompare(b.ticker)),
    lists: await Promise.all(
      windows.map(async (w) =>
        (await stockListCounts(warehouse, windowStart(now, w), w * MINUTE, now)).sort((a, b) =>
          a.ticker.localeCompare(b.ticker),
        ),
      ),
    ),
    baselineSums: await tickerHourlyBaselines(
      warehouse,
      new Date(Date.parse('2026-11-13T15:00:00Z')),
      new Date(Date.parse('2026-11-20T15:00:00Z')),
    ),
    week: await hourlyMentionHistory(warehouse, 'GME', new Date(now.getTime() - 7 * DAY), 2),
    month: await hourlyMentionHistory(warehouse, 'GME', new Date(Math.floor(now.getTime() / DAY) * DAY - 29 * DAY), 24),
  });

  it('gives the same answers sealed as from the per-mention rows, equal to counting the rows themselves', async () => {
    const before = await answers(store.warehouse);
    const sealed = await sealMentionRollups(store.warehouse, { settleMs: 0 });
    expect(sealed.hours).toBeGreaterThan(900);
    const after = await answers(store.warehouse);
    expect(after).toEqual(before);

    // The 30-day window against the rows themselves (each post once, by the minute bucket its time falls in).
    const from = windowStart(now, MINUTES_PER_30_DAYS).getTime();
    const expected = new Map<string, { mentions: number; bullish: number; bearish: number }>();
    for (const r of new Map(rows.map((r) => [`${r.ticker}|${r.platform}|${r.post_id}`, r])).values()) {
      if (Math.floor(Date.parse(r.ts) / MINUTE) * MINUTE < from) continue;
      const key = `${r.ticker}|${r.platform}`;
      const e = expected.get(key) ?? { mentions: 0, bullish: 0, bearish: 0 };
      expected.set(key, {
        mentions: e.mentions + 1,
        bullish: e.bullish + (r.label === 'bullish' ? 1 : 0),
        bearish: e.bearish + (r.label === 'bearish' ? 1 : 0),
      });
    }
    expect(
      Object.fromEntries(
        after.windows[4]!.map((c) => [
          `${c.ticker}|${c.platform}`,
          { mentions: c.mentions, bullish: c.bullish, bearish: c.bearish },
        ]),
      ),
    ).toEqual(Object.fromEntries(expected));
    // A second seal finds nothing left to do.
    expect(await sealMentionRollups(store.warehouse, { settleMs: 0 })).toEqual({ hours: 0, days: 0 });
  });

  it("counts the stock list's window and the one before it as the window counts do, in one read", async () => {
    // Sealed, and with a late mention making one hour of the previous week dirty (read from the per-mention rows).
    await sealMentionRollups(store.warehouse, { settleMs: 0 });
    await insertMentions(store.warehouse, [mentionAt('GME', now.getTime() - 9 * DAY + 5 * MINUTE)]);
    // Windows starting mid-hour, on an hour, and one minute past one.
    for (const at of [
      now,
      new Date(Date.parse('2026-11-20T15:59:00Z')),
      new Date(Date.parse('2026-11-20T15:00:40Z')),
    ]) {
      for (const w of windows) {
        const start = windowStart(at, w);
        const [window = [], double = []] = await mentionWindowCountsSince(
          store.warehouse,
          [start, new Date(start.getTime() - w * MINUTE)],
          at,
        );
        const doubleTotals = new Map(summariseCounts(double).map((c) => [c.ticker, c.total]));
        const expected = new Map(
          summariseCounts(window).map((c) => [c.ticker, { mentions: c.total, perPlatform: c.perPlatform }]),
        );
        const bullish = new Map<string, number>();
        for (const row of window) bullish.set(row.ticker, (bullish.get(row.ticker) ?? 0) + row.bullish);
        const counts = await stockListCounts(store.warehouse, start, w * MINUTE, at);
        expect(counts.length, `${at.toISOString()} ${w}`).toBeGreaterThan(0);
        for (const c of counts) {
          const e = expected.get(c.ticker);
          expect({ mentions: c.mentions, perPlatform: c.perPlatform, bullish: c.bullish }).toEqual({
            mentions: e?.mentions ?? 0,
            perPlatform: e?.perPlatform ?? c.perPlatform,
            bullish: bullish.get(c.ticker) ?? 0,
          });
          expect(c.previous, `${c.ticker} ${at.toISOString()} ${w}`).toBe(
            (doubleTotals.get(c.ticker) ?? 0) - (e?.mentions ?? 0),
          );
        }
        expect(
          counts
            .filter((c) => c.mentions > 0)
            .map((c) => c.ticker)
            .sort(),
        ).toEqual([...expected.keys()].sort());
      }
    }
    await sealMentionRollups(store.warehouse, { settleMs: 0 });
  });

  it("reads the list's whole weeks from the week counts and answers what counting the rows themselves answers", async () => {
    await sealMentionRollups(store.warehouse, { settleMs: 0 });
    const since = windowStart(now, MINUTES_PER_30_DAYS);
    const length = MINUTES_PER_30_DAYS * MINUTE;
    // Each stored mention once (mentions FINAL), by the minute bucket its time falls in: the window runs to a week
    // past the current hour, as every window does.
    const fromRows = async () => {
      const result = await store.warehouse.query({
        query: `SELECT ticker, countIf(w) AS mentions, countIf(w AND label = 'bullish') AS bullish,
                       countIf(w AND label = 'bearish') AS bearish, countIf(p) AS previous,
                       ${listedPlatforms.map((_, i) => `countIf(w AND platform = {p${i}:String})`).join(', ')}
                FROM (
                  SELECT ticker, platform, label, toUnixTimestamp(toStartOfMinute(ts)) AS t,
                         t >= {since:UInt32} AND t < {to:UInt32} AS w, t >= {before:UInt32} AND t < {since:UInt32} AS p
                  FROM mentions FINAL)
                GROUP BY ticker
                HAVING mentions > 0 OR previous > 0
                ORDER BY ticker`,
        query_params: {
          since: since.getTime() / 1000,
          before: (since.getTime() - length) / 1000,
          to: (startOfHour(now) + 7 * DAY) / 1000,
          ...Object.fromEntries(listedPlatforms.map((p, i) => [`p${i}`, p])),
        },
        format: 'JSONCompactEachRow',
      });
      return (await result.json<[string, ...number[]]>()).map(
        ([ticker, mentions, bullish, bearish, previous, ...per]) => ({
          ticker,
          mentions: Number(mentions),
          perPlatform: Object.fromEntries(listedPlatforms.map((p, i) => [p, Number(per[i])])),
          bullish: Number(bullish),
          bearish: Number(bearish),
          previous: Number(previous),
        }),
      );
    };
    const list = async (warehouse: Warehouse = store.warehouse) =>
      (await stockListCounts(warehouse, since, length, now)).sort((a, b) => a.ticker.localeCompare(b.ticker));

    const reads: Reads = new Map();
    expect(await list(recordingReads(store.warehouse, reads))).toEqual(await fromRows());
    expect(reads.get('mention_week_counts')).toBeGreaterThan(0);
    // A late mention on a Wednesday inside the window: its week is read by the day (that day by the hour) until the
    // next seal writes the week again.
    await insertMentions(store.warehouse, [
      mentionAt('GME', Date.parse('2026-11-04T12:00:00Z'), { platform: 'twitter', label: 'bullish' }),
    ]);
    expect(await list()).toEqual(await fromRows());
    await sealMentionRollups(store.warehouse, { settleMs: 0 });
    expect(await list()).toEqual(await fromRows());
  });

  it("folds every ticker's hourly counts into the baseline's sums as the hourly counts add up", async () => {
    const from = new Date(Date.parse('2026-11-13T15:00:00Z'));
    const to = new Date(Date.parse('2026-11-20T12:00:00Z'));
    const hourly = await hourlyTickerCounts(store.warehouse, from, to);
    const expected = new Map<string, { ticker: string; sum: number; sumSquares: number }>();
    for (const { ticker, mentions } of hourly) {
      const e = expected.get(ticker) ?? { ticker, sum: 0, sumSquares: 0 };
      expected.set(ticker, { ticker, sum: e.sum + mentions, sumSquares: e.sumSquares + mentions * mentions });
    }
    const folded = await tickerHourlyBaselines(store.warehouse, from, to);
    expect(folded.baselines.sort((a, b) => a.ticker.localeCompare(b.ticker))).toEqual(
      [...expected.values()].sort((a, b) => a.ticker.localeCompare(b.ticker)),
    );
    expect(folded.firstHour).toBe(Math.min(...hourly.map((h) => h.hour)));
    expect(
      await tickerHourlyBaselines(
        store.warehouse,
        new Date(to.getTime() + 30 * DAY),
        new Date(to.getTime() + 30 * DAY + HOUR),
      ),
    ).toEqual({
      baselines: [],
      firstHour: undefined,
    });
  });

  it('reads the day and hour counts for long windows: a bounded number of rows, not the mentions they hold', async () => {
    await sealMentionRollups(store.warehouse, { settleMs: 0 });
    // Merged as a running server's background merges leave them: reads are whole granules (8,192 rows) of each part.
    for (const table of ['mention_minutes', 'mention_hour_counts', 'mention_day_counts'])
      await store.warehouse.command({ query: `OPTIMIZE TABLE ${table} FINAL` });
    const unkeyed: string[] = [];
    const measure = async (read: (warehouse: Warehouse) => Promise<unknown>) => {
      const reads: Reads = new Map();
      await read(recordingReads(store.warehouse, reads, unkeyed));
      return Object.fromEntries(reads);
    };
    const from = Math.floor(windowStart(now, MINUTES_PER_30_DAYS).getTime() / 1000);
    // What the last 30 days hold: ~190,000 mentions in ~150,000 per-minute rows.
    const minutes = await measure(async (w) =>
      (
        await w.query({
          query: `SELECT count() FROM mention_minutes WHERE minute >= toDateTime(${from}) AND notEmpty(toString(ticker))`,
          format: 'JSONEachRow',
        })
      ).json(),
    );
    expect(minutes.mention_minutes).toBeGreaterThanOrEqual(6);
    unkeyed.length = 0; // that reference count reads every minute on purpose
    const reads = {
      list30: await measure((w) => mentionWindowCounts(w, windowStart(now, MINUTES_PER_30_DAYS), now)),
      list7: await measure((w) => mentionWindowCounts(w, windowStart(now, MINUTES_PER_WEEK), now)),
      list24: await measure((w) => mentionWindowCounts(w, windowStart(now, MINUTES_PER_DAY), now)),
      stockList30: await measure((w) =>
        stockListCounts(w, windowStart(now, MINUTES_PER_30_DAYS), MINUTES_PER_30_DAYS * MINUTE, now),
      ),
      stockList7: await measure((w) =>
        stockListCounts(w, windowStart(now, MINUTES_PER_WEEK), MINUTES_PER_WEEK * MINUTE, now),
      ),
      stockList1: await measure((w) =>
        stockListCounts(w, windowStart(now, MINUTES_PER_HOUR), MINUTES_PER_HOUR * MINUTE, now),
      ),
      baselineSums: await measure((w) =>
        tickerHourlyBaselines(
          w,
          new Date(Date.parse('2026-11-13T15:00:00Z')),
          new Date(Date.parse('2026-11-20T12:00:00Z')),
        ),
      ),
      digest: await measure((w) => tickerWindowTotals(w, now, [MINUTES_PER_WEEK])),
      baseline: await measure((w) =>
        hourlyTickerCounts(
          w,
          new Date(Date.parse('2026-11-13T15:00:00Z')),
          new Date(Date.parse('2026-11-20T15:00:00Z')),
        ),
      ),
      history30: await measure((w) => hourlyMentionHistory(w, 'GME', new Date(now.getTime() - 30 * DAY), 24)),
      history7: await measure((w) => hourlyMentionHistory(w, 'GME', new Date(now.getTime() - 7 * DAY), 2)),
      alerts: await measure((w) =>
        tickerWindowDays(w, windowStart(now, 1).getTime() + MINUTE, [{ minutes: 1440, days: 7 }]),
      ),
    };
    for (const [query, tables] of Object.entries(reads)) {
      // Every hour is sealed: per-mention rows are read only at a window's edges (at most two granules in each monthly
      // part an edge touches; the alert windows' edges lie on eight days), never for whole hours.
      expect(tables.mention_minutes ?? 0, `${query} minutes: ${JSON.stringify(tables)}`).toBeLessThanOrEqual(
        query === 'alerts' ? minutes.mention_minutes! : 4,
      );
    }
    // Each rollup read selects by the sort key's first column (the day or the hour), not only by the time column a
    // condition names: with thousands of tickers in a month's part, anything else reads the whole part.
    expect(unkeyed).toEqual([]);
    // The 30-day list and history read day counts for their whole days.
    expect(reads.list30.mention_day_counts).toBeGreaterThan(0);
    expect(reads.stockList30.mention_day_counts).toBeGreaterThan(0);
    // and the 30-day list its whole weeks from the week counts.
    expect(reads.stockList30.mention_week_counts).toBeGreaterThan(0);
    expect(reads.history30.mention_day_counts).toBeGreaterThan(0);
  });

  it('counts a mention re-inserted with a new label once, under its newest label, once its hour is sealed again', async () => {
    const at = Date.parse('2026-11-10T12:30:00Z');
    const first = mentionAt('RELB', at, { label: 'bullish', postId: 'relabel_1' });
    await insertMentions(store.warehouse, [first, mentionAt('RELB', at + MINUTE, { label: 'neutral' })]);
    await sealMentionRollups(store.warehouse, { settleMs: 0 });
    const day = async () =>
      (await mentionWindowCounts(store.warehouse, new Date('2026-11-10T00:00:00Z'), now)).filter(
        (c) => c.ticker === 'RELB',
      );
    expect(await day()).toEqual([{ ticker: 'RELB', platform: 'reddit', mentions: 2, bullish: 1, bearish: 0 }]);
    await insertMentions(store.warehouse, [{ ...first, label: 'bearish', compound: -0.6 }]);
    await sealMentionRollups(store.warehouse, { settleMs: 0 });
    expect(await day()).toEqual([{ ticker: 'RELB', platform: 'reddit', mentions: 2, bullish: 0, bearish: 1 }]);
    const month = await hourlyMentionHistory(store.warehouse, 'RELB', new Date('2026-11-01T00:00:00Z'), 24);
    expect(month).toEqual([{ timestamp: '2026-11-10T00:00:00.000Z', platform: 'reddit', mentions: 2 }]);
  });

  it('keeps hours written after their seal exact until they are sealed again (a late mention)', async () => {
    const late = mentionAt('LATE', Date.parse('2026-11-12T08:10:00Z'));
    await insertMentions(store.warehouse, [mentionAt('LATE', Date.parse('2026-11-12T08:05:00Z'))]);
    await sealMentionRollups(store.warehouse, { settleMs: 0 });
    await insertMentions(store.warehouse, [late]);
    const count = async () =>
      (await mentionWindowCounts(store.warehouse, new Date('2026-11-11T00:00:00Z'), now)).find(
        (c) => c.ticker === 'LATE',
      )?.mentions;
    expect(await count()).toBe(2);
    await sealMentionRollups(store.warehouse, { settleMs: 0 });
    expect(await count()).toBe(2);
  });
});
