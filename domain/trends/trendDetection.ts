import type { Database } from '../../platform/database';
import { BASELINE_HOURS, scoreTrends, type Baseline } from './trendScore';
import { HOUR_MS, MINUTES_PER_HOUR, startOfHour, windowStart } from '../../core/timeWindows';
import type { Warehouse } from '../../warehouse/client';
import { replaceTrendingStocks } from '../../warehouse/postgres/trendingStocks';
import { hourlyTickerCounts } from '../../warehouse/queries/hourlyTickerCounts';
import { tickerHourlyBaselines } from '../../warehouse/queries/tickerHourlyBaselines';
import { insertTrendScores } from '../../warehouse/queries/insertTrendScores';
import { recentMentionActivity } from '../../warehouse/queries/recentMentionActivity';

export interface DetectTrendsResult {
  /** Size of the trending set after this detection. */
  trendsDetected: number;
  /** Tickers that were not trending in the previous detection. */
  newTrends: number;
  /** Tickers scored (those mentioned in the last hour). */
  scored: number;
  detectedAt: string;
}

/** Closed hours may still receive late mentions (a scan catching up): the latest ones are re-read on every detection. */
export const BASELINE_REFRESH_HOURS = 3;

export interface TrendDetectionDeps {
  db: Database;
  warehouse: Warehouse;
  now?: () => Date;
  /** Keep the settled hours' sums read, for the hour they are valid (default true). */
  cacheBaseline?: boolean;
}

/**
 * Trend detection (trendScore.ts): last-hour activity from the per-minute rollups against each ticker's hourly
 * baseline of the previous 7 days from the sealed hourly counts. A worker keeps the per-ticker sums of the settled
 * hours it has read (`cacheBaseline`, default on) until the hour turns, so a detection within the same hour re-reads
 * only the BASELINE_REFRESH_HOURS latest hours; a mention arriving later than that for an older hour reaches the
 * baseline at the next hour's first detection.
 */
export function createTrendDetection(deps: TrendDetectionDeps) {
  const clock = deps.now ?? (() => new Date());
  // The baseline's settled hours, folded per ticker: valid for one span [from, settledTo), so re-read once an hour.
  let settled:
    { from: number; to: number; baselines: Map<string, Baseline>; firstHour: number | undefined } | undefined;

  // Detections in one worker read and update the baseline one at a time.
  let queue: Promise<unknown> = Promise.resolve();
  function baselineFor(from: Date, to: Date): Promise<{ baselines: Map<string, Baseline>; hours: number }> {
    const run = queue.then(() => loadBaseline(from, to));
    queue = run.catch(() => {});
    return run;
  }

  async function readSettled(from: number, to: number): Promise<NonNullable<typeof settled>> {
    if (deps.cacheBaseline !== false && settled?.from === from && settled.to === to) return settled;
    const read = await tickerHourlyBaselines(deps.warehouse, new Date(from), new Date(to));
    return (settled = {
      from,
      to,
      baselines: new Map(read.baselines.map((b) => [b.ticker, { sum: b.sum, sumSquares: b.sumSquares }])),
      firstHour: read.firstHour,
    });
  }

  async function loadBaseline(from: Date, to: Date): Promise<{ baselines: Map<string, Baseline>; hours: number }> {
    // The settled hours are summed inside ClickHouse (one row per ticker, not per ticker and hour); the latest hours,
    // which late mentions may still change, are read by the hour on every detection and added on top.
    const settledTo = Math.max(from.getTime(), to.getTime() - BASELINE_REFRESH_HOURS * HOUR_MS);
    const [old, latest] = await Promise.all([
      readSettled(from.getTime(), settledTo),
      hourlyTickerCounts(deps.warehouse, new Date(settledTo), to),
    ]);
    const baselines = new Map<string, Baseline>();
    for (const [ticker, b] of old.baselines) baselines.set(ticker, { ...b });
    let first = old.firstHour;
    for (const { ticker, hour, mentions: c } of latest) {
      if (first === undefined || hour < first) first = hour;
      const b = baselines.get(ticker);
      if (b) {
        b.sum += c;
        b.sumSquares += c * c;
      } else baselines.set(ticker, { sum: c, sumSquares: c * c });
    }
    // Hours before the first one holding any mention are before the warehouse had data, not quiet hours.
    return { baselines, hours: first === undefined ? 0 : Math.round((to.getTime() - first) / HOUR_MS) };
  }

  return {
    /** Scores every ticker mentioned in the last hour, keeps the scores in ClickHouse and replaces the Postgres trending set. */
    async detectTrends(): Promise<DetectTrendsResult> {
      const now = clock();
      const recentStart = windowStart(now, MINUTES_PER_HOUR);
      const baselineEnd = new Date(startOfHour(recentStart));
      const baselineStart = new Date(baselineEnd.getTime() - BASELINE_HOURS * HOUR_MS);
      const [recent, baseline] = await Promise.all([
        recentMentionActivity(deps.warehouse, recentStart),
        baselineFor(baselineStart, baselineEnd),
      ]);
      const { scores, trending } = scoreTrends(recent, baseline.baselines, baseline.hours);

      await insertTrendScores(
        deps.warehouse,
        scores.map((s) => ({
          ticker: s.ticker,
          detectedAt: now,
          mentions: s.mentions,
          authors: s.authors,
          baselineMean: s.baselineMean,
          baselineStddev: s.baselineStddev,
          z: s.z,
          trendScore: s.trendScore,
          sentimentScore: s.sentimentScore,
          trending: s.trending,
        })),
      );

      const { trendsDetected, newTrends } = await replaceTrendingStocks(deps.db, trending, now);
      return { trendsDetected, newTrends, scored: scores.length, detectedAt: now.toISOString() };
    },
  };
}
