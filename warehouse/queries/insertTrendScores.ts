import type { Warehouse } from '../client';

export interface TrendScoreRow {
  ticker: string;
  detectedAt: Date;
  mentions: number;
  authors: number;
  baselineMean: number;
  baselineStddev: number;
  z: number;
  trendScore: number;
  sentimentScore: number;
  trending: boolean;
}

/** One row per scored ticker and detection; re-inserting a detection replaces its rows (key: ticker, detected_at). */
export async function insertTrendScores(warehouse: Warehouse, rows: TrendScoreRow[]): Promise<void> {
  if (rows.length === 0) return;
  await warehouse.insert({
    table: 'trend_scores',
    format: 'JSONEachRow',
    values: rows.map((r) => ({
      ticker: r.ticker,
      detected_at: r.detectedAt.toISOString(),
      mentions: r.mentions,
      authors: r.authors,
      baseline_mean: r.baselineMean,
      baseline_stddev: r.baselineStddev,
      z: r.z,
      trend_score: r.trendScore,
      sentiment_score: r.sentimentScore,
      trending: r.trending,
    })),
  });
}
