import type { Sentiment } from '../../core/contracts/stocks';
import { majoritySentiment } from '../../core/majoritySentiment';

/**
 * Trend scoring (design.md "Signal quality: Trends"): a ticker trends when its mentions of the last 60 minutes stand far
 * above its own trailing baseline, not when its raw count is large. A mega-cap's steady chatter scores ~0; a small
 * ticker going from ~1 to 30 mentions an hour scores high.
 *
 *   baseline   hourly mention counts c₁…c_H of the H whole hours before the recent window (H ≤ 168, fewer while the
 *              warehouse holds less history); mean μ = Σc/H, variance σ² = Σc²/H − μ²
 *   expected   λ = max(μ, BASELINE_FLOOR)          (a quiet or brand-new ticker is expected to have a couple an hour)
 *   spread     s = √max(σ², λ)                     (at least Poisson noise, more when the ticker is bursty)
 *   recent     r = distinct mentions of the last 60 minutes, dampened to at most AUTHOR_WEIGHT per distinct author
 *   z          (r − λ) / s
 *   trendScore round(10·z), floored at 0
 *
 * It trends when trendScore ≥ TREND_MIN_SCORE (z ≥ 3) with at least TREND_MIN_MENTIONS mentions in the hour; the
 * TREND_MAX_STOCKS best are kept.
 */
export const BASELINE_HOURS = 168;
export const BASELINE_FLOOR = 2;
export const AUTHOR_WEIGHT = 2;
export const TREND_MIN_SCORE = 30;
export const TREND_MIN_MENTIONS = 5;
export const TREND_MAX_STOCKS = 50;

export interface RecentActivity {
  ticker: string;
  /** Distinct mentions in the last 60 minutes. */
  mentions: number;
  bullish: number;
  bearish: number;
  /** Distinct authors behind them. */
  authors: number;
}

export interface Baseline {
  /** Σ of the hourly counts over the baseline hours. */
  sum: number;
  /** Σ of the squared hourly counts. */
  sumSquares: number;
}

export interface TrendScore {
  ticker: string;
  mentions: number;
  authors: number;
  /** Mentions per hour (the window is one hour). */
  velocity: number;
  baselineMean: number;
  baselineStddev: number;
  z: number;
  trendScore: number;
  /** (bullish − bearish) / mentions, in [−1, 1]. */
  sentimentScore: number;
  sentiment: Sentiment;
  trending: boolean;
}

export function scoreTicker(recent: RecentActivity, baseline: Baseline | undefined, baselineHours: number): TrendScore {
  const hours = Math.max(0, Math.min(BASELINE_HOURS, Math.floor(baselineHours)));
  const mean = hours > 0 && baseline ? baseline.sum / hours : 0;
  const variance = hours > 0 && baseline ? Math.max(0, baseline.sumSquares / hours - mean * mean) : 0;
  const expected = Math.max(mean, BASELINE_FLOOR);
  const spread = Math.sqrt(Math.max(variance, expected));
  const effective = Math.min(recent.mentions, AUTHOR_WEIGHT * Math.max(recent.authors, 1));
  const z = (effective - expected) / spread;
  const trendScore = Math.max(0, Math.round(10 * z));
  const sentimentScore = recent.mentions > 0 ? (recent.bullish - recent.bearish) / recent.mentions : 0;
  return {
    ticker: recent.ticker,
    mentions: recent.mentions,
    authors: recent.authors,
    velocity: recent.mentions,
    baselineMean: mean,
    baselineStddev: Math.sqrt(variance),
    z,
    trendScore,
    sentimentScore: Math.max(-1, Math.min(1, sentimentScore)),
    sentiment: majoritySentiment(recent.mentions, recent.bullish, recent.bearish),
    trending: trendScore >= TREND_MIN_SCORE && recent.mentions >= TREND_MIN_MENTIONS,
  };
}

/** Scores every ticker with recent mentions; returns all scores (best first) and the trending set (at most TREND_MAX_STOCKS). */
export function scoreTrends(
  recent: RecentActivity[],
  baselines: ReadonlyMap<string, Baseline>,
  baselineHours: number,
): { scores: TrendScore[]; trending: TrendScore[] } {
  const scores = recent
    .filter((r) => r.mentions > 0)
    .map((r) => scoreTicker(r, baselines.get(r.ticker), baselineHours))
    .sort((a, b) => b.z - a.z || b.mentions - a.mentions || a.ticker.localeCompare(b.ticker));
  return { scores, trending: scores.filter((s) => s.trending).slice(0, TREND_MAX_STOCKS) };
}
