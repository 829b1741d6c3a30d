import type { Database } from '../../platform/database';
import { BASELINE_HOURS, scoreTrends, type Baseline } from './trendScore';
import { HOUR_MS, MINUTES_PER_HOUR, startOfHour, windowStart } from '../../core/timeWindows';
import type { Warehouse } from '../../warehouse/client';
import { replaceTrendingStocks } from '../../warehouse/postgres/trendingStocks';
import { hourlyTickerCounts } from '../../warehouse/queries/hourlyTickerCounts';
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
  /** Keep the hourly counts read, for the hour they are valid (default true). */
  cacheBaseline?: boolean;
}

/**
 * Trend detection (trendScore.ts): last-hour activity from the per-minute rollups against each ticker's hourly
 * baseline of the previous 7 days from the hourly rollups. A worker keeps the hourly counts it has read
 * (`cacheBaseline`, default on), so after its first detection it re-reads only the BASELINE_REFRESH_HOURS latest hours;
 * a mention arriving later than that for an older hour reaches the baseline of the next worker to start.
 */
export function createTrendDetection(deps: TrendDetectionDeps) {
  const clock = deps.now ?? (() => new Date());
  // Hour start (epoch ms) → ticker → distinct mentions in that hour.
  const hourly = new Map<number, Map<string, number>>();

  // Detections in one worker read and update the hourly counts one at a time.
  let queue: Promise<unknown> = Promise.resolve();
  function baselineFor(from: Date, to: Date): Promise<{ baselines: Map<string, Baseline>; hours: number }> {
    const run = queue.then(() => loadBaseline(from, to));
    queue = run.catch(() => {});
    return run;
  }

  async function loadBaseline(from: Date, to: Date): Promise<{ baselines: Map<string, Baseline>; hours: number }> {
    if (deps.cacheBaseline === false) hourly.clear();
    for (const hour of hourly.keys()) if (hour < from.getTime() || hour >= to.getTime()) hourly.delete(hour);
    let readFrom = Math.max(from.getTime(), to.getTime() - BASELINE_REFRESH_HOURS * HOUR_MS);
    for (let hour = from.getTime(); hour < readFrom; hour += HOUR_MS) {
      if (!hourly.has(hour)) {
        readFrom = hour;
        break;
      }
    }
    const read = new Map<number, Map<string, number>>();
    for (let hour = readFrom; hour < to.getTime(); hour += HOUR_MS) read.set(hour, new Map());
    for (const row of await hourlyTickerCounts(deps.warehouse, new Date(readFrom), to))
      read.get(row.hour)?.set(row.ticker, row.mentions);
    for (const [hour, counts] of read) hourly.set(hour, counts);

    const baselines = new Map<string, Baseline>();
    let first: number | undefined;
    for (const [hour, counts] of hourly) {
      if (counts.size > 0 && (first === undefined || hour < first)) first = hour;
      for (const [ticker, c] of counts) {
        const b = baselines.get(ticker);
        if (b) {
          b.sum += c;
          b.sumSquares += c * c;
        } else baselines.set(ticker, { sum: c, sumSquares: c * c });
      }
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
