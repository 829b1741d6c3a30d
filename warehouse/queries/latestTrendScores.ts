import type { Warehouse } from '../client';

/** A ticker's score at the latest trend detection that scored it. */
export interface LatestTrendScore {
  ticker: string;
  /** Epoch ms of that detection. */
  at: number;
  mentions: number;
  baselineMean: number;
  baselineStddev: number;
  z: number;
}

/** The latest trend_scores row of each ticker (a retried detection's rewritten row counts once), by ticker. */
export async function latestTrendScores(
  warehouse: Warehouse,
  tickers: readonly string[],
): Promise<Map<string, LatestTrendScore>> {
  if (tickers.length === 0) return new Map();
  const result = await warehouse.query({
    query: `SELECT ticker, toUnixTimestamp64Milli(max(detected_at)) AS at,
                   argMax(mentions, detected_at) AS mentions, argMax(baseline_mean, detected_at) AS baseline_mean,
                   argMax(baseline_stddev, detected_at) AS baseline_stddev, argMax(z, detected_at) AS z
            FROM trend_scores
            WHERE ticker IN {tickers:Array(String)}
            GROUP BY ticker`,
    query_params: { tickers: [...tickers] },
    format: 'JSONEachRow',
  });
  const rows = await result.json<{
    ticker: string;
    at: number | string;
    mentions: number;
    baseline_mean: number;
    baseline_stddev: number;
    z: number;
  }>();
  return new Map(
    rows.map((r) => [
      r.ticker,
      {
        ticker: r.ticker,
        at: Number(r.at),
        mentions: Number(r.mentions),
        baselineMean: r.baseline_mean,
        baselineStddev: r.baseline_stddev,
        z: r.z,
      },
    ]),
  );
}
