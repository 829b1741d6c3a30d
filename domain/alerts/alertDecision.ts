import {
  isSpike,
  majoritySentiment,
  SPIKE_BASELINE_DAYS,
  spikeBaseline,
  type Majority,
} from '../../core/alerts/alertRules';
import type { ActiveAlertRow, EventFacts } from '../../warehouse/postgres/alerts';
import type { IntervalCount, WindowDays } from '../../warehouse/queries/tickerWindowDays';

/**
 * The alert decision, apart from any store: from the mention counts of each window, the trending set and the state
 * each alert was in, which alerts cross, re-arm, read a new majority, or see a stock enter or leave the trending set.
 * The evaluation (alertEvaluation.ts) reads the inputs and applies the decisions under its lock.
 */

/** What one evaluation decided from its reads; applied under the lock, each change only if its state is still the one read. */
export interface Decisions {
  crossings: Array<{ id: number; mentions: number; facts: EventFacts }>;
  rearms: number[];
  readings: Array<{ id: number; previous: Majority | null; current: Majority; mentions: number; facts: EventFacts }>;
  primes: Array<{ alertId: number; stockIds: number[] }>;
  entries: Array<{ alertId: number; userId: string; stockId: number; facts: EventFacts }>;
  leaves: Array<{ alertId: number; stockId: number }>;
}

/**
 * Every window the alerts need, each read for every ticker at once: the windows now, and for the windows spike alerts
 * watch, the same window at the same time of day on each of the previous days (the baseline).
 */
export function plannedWindows(alerts: ActiveAlertRow[]) {
  const windowed = alerts.filter((a) => a.kind !== 'new_trend');
  const current: WindowDays[] = [...new Set(windowed.map((a) => a.window_minutes))].map((minutes) => ({
    minutes,
    days: 0,
  }));
  const spiked: WindowDays[] = [
    ...new Set(windowed.filter((a) => a.kind === 'spike').map((a) => a.window_minutes)),
  ].map((minutes) => ({ minutes, days: SPIKE_BASELINE_DAYS }));
  return {
    current,
    spiked,
    index: new Map(current.map((w, i) => [w.minutes, i])),
    spikedIndex: new Map(spiked.map((w, i) => [w.minutes, i])),
  };
}

/** The pure part of an evaluation: each alert's condition from the counts and the trending set, against the state it had. */
export function decide(
  alerts: ActiveAlertRow[],
  counts: Map<string, IntervalCount[][]>,
  baselines: Map<string, IntervalCount[][]>,
  plan: PlannedWindows,
  trending: Map<number, number>,
  entries: Map<number, Set<number>>,
  watchlists: Map<string, Set<number>>,
): Decisions {
  const d: Decisions = { crossings: [], rearms: [], readings: [], primes: [], entries: [], leaves: [] };
  const none: IntervalCount = { mentions: 0, bullish: 0, bearish: 0 };
  for (const a of alerts) {
    if (a.kind === 'new_trend') {
      const watched =
        a.trend_scope === 'any'
          ? null
          : a.trend_scope === 'watchlist'
            ? (watchlists.get(a.user_id) ?? new Set<number>())
            : new Set([a.stock_id!]);
      const inSet = [...trending.keys()].filter((id) => watched === null || watched.has(id));
      if (!a.is_above) {
        d.primes.push({ alertId: a.id, stockIds: inSet });
        continue;
      }
      const seen = entries.get(a.id) ?? new Set<number>();
      for (const id of inSet)
        if (!seen.has(id))
          d.entries.push({
            alertId: a.id,
            userId: a.user_id,
            stockId: id,
            facts: { trendScore: trending.get(id) ?? 0 },
          });
      for (const id of seen)
        if (!trending.has(id) || (watched !== null && !watched.has(id))) d.leaves.push({ alertId: a.id, stockId: id });
      continue;
    }
    const series = counts.get(a.ticker ?? '')?.[plan.index.get(a.window_minutes)!];
    const now = series?.[0] ?? none;
    if (a.kind === 'sentiment_flip') {
      const majority = majoritySentiment(now, a.min_mentions!);
      if (majority !== null && majority !== a.last_sentiment) {
        d.readings.push({
          id: a.id,
          previous: a.last_sentiment,
          current: majority,
          mentions: now.mentions,
          facts: { from: a.last_sentiment, to: majority, bullish: now.bullish, bearish: now.bearish },
        });
      }
      continue;
    }
    let above: boolean;
    let facts: EventFacts = {};
    if (a.kind === 'spike') {
      const days = baselines.get(a.ticker ?? '')?.[plan.spikedIndex.get(a.window_minutes)!] ?? [];
      const baseline = spikeBaseline(days.slice(1).map((c) => c.mentions));
      above = isSpike(now.mentions, baseline, a.spike_factor!, a.min_mentions!);
      facts = { baseline, spikeFactor: a.spike_factor };
    } else {
      above = now.mentions > a.mention_threshold!;
    }
    if (above && !a.is_above) d.crossings.push({ id: a.id, mentions: now.mentions, facts });
    else if (!above && a.is_above) d.rearms.push(a.id);
  }
  return d;
}

export type PlannedWindows = ReturnType<typeof plannedWindows>;

/**
 * The daily cap on new-trend messages: each entry is notified while its user has had fewer than `perDay` new-trend
 * messages today (`notifiedToday`, counted in the user's own day); entries past the cap still move the state, with no
 * message now or later.
 */
export function capTrendEntries<E extends { userId: string }>(
  entries: E[],
  notifiedToday: Map<string, number>,
  perDay: number,
): Array<E & { notify: boolean }> {
  const sent = new Map(notifiedToday);
  return entries.map((e) => {
    const before = sent.get(e.userId) ?? 0;
    if (before < perDay) sent.set(e.userId, before + 1);
    return { ...e, notify: before < perDay };
  });
}
