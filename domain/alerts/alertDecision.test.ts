import { describe, expect, it } from 'vitest';
import type { ActiveAlertRow } from '../../warehouse/postgres/alerts';
import type { IntervalCount } from '../../warehouse/queries/tickerWindowDays';
import { capTrendEntries, decide, plannedWindows } from './alertDecision';

/** One alert row as the evaluation reads it; each case overrides what it tests. */
const alert = (over: Partial<ActiveAlertRow>): ActiveAlertRow => ({
  id: 1,
  kind: 'threshold',
  user_id: 'u1',
  stock_id: 10,
  ticker: 'AMC',
  mention_threshold: 5,
  window_minutes: 60,
  spike_factor: null,
  min_mentions: null,
  trend_scope: null,
  is_above: false,
  last_sentiment: null,
  ...over,
});

const count = (mentions: number, bullish = 0, bearish = 0): IntervalCount => ({ mentions, bullish, bearish });

/** The decision for `alerts` with `now` as each alert ticker's current window and `previousDays` as a spike's baseline days. */
function decideWith(
  alerts: ActiveAlertRow[],
  now: Record<string, IntervalCount>,
  options: {
    previousDays?: number[];
    trending?: Map<number, number>;
    entries?: Map<number, Set<number>>;
    watchlists?: Map<string, Set<number>>;
  } = {},
) {
  const plan = plannedWindows(alerts);
  const counts = new Map(Object.entries(now).map(([ticker, c]) => [ticker, plan.current.map(() => [c])]));
  const baselines = new Map(
    Object.entries(now).map(([ticker, c]) => [
      ticker,
      plan.spiked.map(() => [c, ...(options.previousDays ?? []).map((m) => count(m))]),
    ]),
  );
  return decide(
    alerts,
    counts,
    baselines,
    plan,
    options.trending ?? new Map(),
    options.entries ?? new Map(),
    options.watchlists ?? new Map(),
  );
}

describe('the alert decision', () => {
  it('plans each distinct window once, and a baseline only for the windows spike alerts watch', () => {
    const plan = plannedWindows([
      alert({ window_minutes: 60 }),
      alert({ id: 2, window_minutes: 60 }),
      alert({ id: 3, kind: 'spike', window_minutes: 15 }),
      alert({ id: 4, kind: 'new_trend', window_minutes: 5 }),
    ]);
    expect(plan.current).toEqual([
      { minutes: 60, days: 0 },
      { minutes: 15, days: 0 },
    ]);
    expect(plan.spiked).toEqual([{ minutes: 15, days: 7 }]);
  });

  describe('threshold', () => {
    it('crosses when the window holds more mentions than the threshold, not at it', () => {
      expect(decideWith([alert({})], { AMC: count(6) }).crossings).toEqual([{ id: 1, mentions: 6, facts: {} }]);
      expect(decideWith([alert({})], { AMC: count(5) }).crossings).toEqual([]);
    });

    it('fires once per crossing: an alert already above stays quiet, and re-arms when the count falls back', () => {
      expect(decideWith([alert({ is_above: true })], { AMC: count(9) })).toMatchObject({ crossings: [], rearms: [] });
      expect(decideWith([alert({ is_above: true })], { AMC: count(5) }).rearms).toEqual([1]);
    });

    it('reads a stock without mentions as zero', () => {
      expect(decideWith([alert({ mention_threshold: 0 })], {}).crossings).toEqual([]);
      expect(decideWith([alert({ is_above: true })], {}).rearms).toEqual([1]);
    });
  });

  describe('spike', () => {
    const spike = alert({ kind: 'spike', mention_threshold: null, spike_factor: 3, min_mentions: 10 });

    it('crosses at factor × the mean of the same window on the previous seven days, with at least min_mentions', () => {
      // Baseline (7 × 7) / 7 = 7, so 21 is a spike and 20 is not.
      expect(decideWith([spike], { AMC: count(21) }, { previousDays: [7, 7, 7, 7, 7, 7, 7] }).crossings).toEqual([
        { id: 1, mentions: 21, facts: { baseline: 7, spikeFactor: 3 } },
      ]);
      expect(decideWith([spike], { AMC: count(20) }, { previousDays: [7, 7, 7, 7, 7, 7, 7] }).crossings).toEqual([]);
    });

    it('counts a day without mentions as zero, and needs min_mentions even on a zero baseline', () => {
      expect(decideWith([spike], { AMC: count(12) }, { previousDays: [14] }).crossings).toEqual([
        { id: 1, mentions: 12, facts: { baseline: 2, spikeFactor: 3 } },
      ]);
      expect(decideWith([spike], { AMC: count(9) }, { previousDays: [] }).crossings).toEqual([]);
    });
  });

  describe('sentiment flip', () => {
    const flip = alert({ kind: 'sentiment_flip', mention_threshold: null, min_mentions: 4 });

    it('reads a first majority without a flip, then a change of majority', () => {
      expect(decideWith([flip], { AMC: count(5, 3, 1) }).readings).toEqual([
        {
          id: 1,
          previous: null,
          current: 'bullish',
          mentions: 5,
          facts: { from: null, to: 'bullish', bullish: 3, bearish: 1 },
        },
      ]);
      expect(decideWith([{ ...flip, last_sentiment: 'bullish' }], { AMC: count(5, 1, 3) }).readings).toEqual([
        {
          id: 1,
          previous: 'bullish',
          current: 'bearish',
          mentions: 5,
          facts: { from: 'bullish', to: 'bearish', bullish: 1, bearish: 3 },
        },
      ]);
    });

    it('takes no reading below min_mentions, on a tie, or when the majority is unchanged', () => {
      expect(decideWith([flip], { AMC: count(3, 3, 0) }).readings).toEqual([]);
      expect(decideWith([flip], { AMC: count(6, 2, 2) }).readings).toEqual([]);
      expect(decideWith([{ ...flip, last_sentiment: 'bullish' }], { AMC: count(6, 4, 1) }).readings).toEqual([]);
    });
  });

  describe('new trend', () => {
    const trend = (over: Partial<ActiveAlertRow>) =>
      alert({ kind: 'new_trend', ticker: null, stock_id: null, mention_threshold: null, trend_scope: 'any', ...over });
    const trending = new Map([
      [10, 4.5],
      [11, 3.2],
    ]);

    it('primes a new alert with the trending set it first sees, so stocks already trending do not fire', () => {
      expect(decideWith([trend({})], {}, { trending })).toMatchObject({
        primes: [{ alertId: 1, stockIds: [10, 11] }],
        entries: [],
      });
    });

    it('fires for each stock entering the set and marks each one that left', () => {
      const d = decideWith([trend({ is_above: true })], {}, { trending, entries: new Map([[1, new Set([11, 12])]]) });
      expect(d.entries).toEqual([{ alertId: 1, userId: 'u1', stockId: 10, facts: { trendScore: 4.5 } }]);
      expect(d.leaves).toEqual([{ alertId: 1, stockId: 12 }]);
    });

    it('watches one stock, or the user’s watchlist, when scoped', () => {
      expect(
        decideWith([trend({ is_above: true, trend_scope: 'stock', stock_id: 11 })], {}, { trending }).entries.map(
          (e) => e.stockId,
        ),
      ).toEqual([11]);
      const watchlists = new Map([['u1', new Set([10])]]);
      expect(
        decideWith([trend({ is_above: true, trend_scope: 'watchlist' })], {}, { trending, watchlists }).entries.map(
          (e) => e.stockId,
        ),
      ).toEqual([10]);
      // A stock taken off the watchlist leaves the alert's set even while it still trends.
      expect(
        decideWith(
          [trend({ is_above: true, trend_scope: 'watchlist' })],
          {},
          { trending, watchlists, entries: new Map([[1, new Set([11])]]) },
        ).leaves,
      ).toEqual([{ alertId: 1, stockId: 11 }]);
    });

    it('notifies at most the daily cap of entries per user, counting those already sent today; the rest still move', () => {
      const entries = [1, 2, 3].map((stockId) => ({ userId: 'u1', stockId }));
      expect(capTrendEntries(entries, new Map([['u1', 1]]), 3).map((e) => e.notify)).toEqual([true, true, false]);
      expect(capTrendEntries([...entries, { userId: 'u2', stockId: 1 }], new Map(), 2).map((e) => e.notify)).toEqual([
        true,
        true,
        false,
        true,
      ]);
    });
  });
});
