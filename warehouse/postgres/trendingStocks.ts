import type { Database } from '../../platform/database';

/** Serialises detections (several scans finish at once): each replaces the trending set as a whole. */
const TREND_LOCK = 0x7472656e; // "tren"

type Sentiment = 'bullish' | 'bearish' | 'neutral';

/** One ticker a detection found trending. */
export interface TrendingDetection {
  ticker: string;
  trendScore: number;
  velocity: number;
  sentimentScore: number;
  sentiment: Sentiment;
}

/** The trending tickers, newest trend first, then by score. */
export function trendingNow(db: Database): Promise<Array<{ ticker: string; sentiment: Sentiment }>> {
  return db('trending_stocks')
    .orderBy([{ column: 'detected_at', order: 'desc' }, { column: 'trend_score', order: 'desc' }, { column: 'ticker' }])
    .select<Array<{ ticker: string; sentiment: Sentiment }>>('ticker', 'sentiment');
}

/** A trending_stocks row as the public API reads it. */
export interface TrendingStockRow {
  ticker: string;
  name: string;
  trend_score: number;
  mention_velocity: string;
  sentiment_score: string;
  sentiment: Sentiment;
  is_new_trend: boolean;
  detected_at: Date;
  last_updated: Date;
}

/** Every trending stock with its scores, in trendingNow's order. */
export function trendingStocks(db: Database): Promise<TrendingStockRow[]> {
  return db('trending_stocks')
    .orderBy([{ column: 'detected_at', order: 'desc' }, { column: 'trend_score', order: 'desc' }, { column: 'ticker' }])
    .select<TrendingStockRow[]>(
      'ticker',
      'name',
      'trend_score',
      'mention_velocity',
      'sentiment_score',
      'sentiment',
      'is_new_trend',
      'detected_at',
      'last_updated',
    );
}

/**
 * Replaces the trending set with one detection's (tickers outside the universe are left out): a ticker that keeps
 * trending keeps its detected_at (when its trend began) and is not new; one that stopped is removed. Returns how many
 * trend now and how many of them are new.
 */
export async function replaceTrendingStocks(
  db: Database,
  trending: readonly TrendingDetection[],
  now: Date,
): Promise<{ trendsDetected: number; newTrends: number }> {
  return db.transaction(async (trx) => {
    await trx.raw('SELECT pg_advisory_xact_lock(?)', [TREND_LOCK]);
    const previous = new Set(await trx('trending_stocks').pluck<string[]>('ticker'));
    const names = new Map(
      (
        await trx('tickers')
          .whereIn(
            'symbol',
            trending.map((t) => t.ticker),
          )
          .select<{ symbol: string; name: string }[]>('symbol', 'name')
      ).map((r) => [r.symbol, r.name]),
    );
    const rows = trending
      .filter((t) => names.has(t.ticker))
      .map((t) => ({
        ticker: t.ticker,
        name: names.get(t.ticker)!,
        trend_score: t.trendScore,
        mention_velocity: t.velocity.toFixed(2),
        sentiment_score: t.sentimentScore.toFixed(2),
        sentiment: t.sentiment,
        is_new_trend: !previous.has(t.ticker),
        detected_at: now,
        last_updated: now,
      }));
    await trx('trending_stocks')
      .whereNotIn(
        'ticker',
        rows.map((r) => r.ticker),
      )
      .delete();
    if (rows.length > 0) {
      await trx('trending_stocks')
        .insert(rows)
        .onConflict('ticker')
        .merge([
          'name',
          'trend_score',
          'mention_velocity',
          'sentiment_score',
          'sentiment',
          'is_new_trend',
          'last_updated',
        ]);
    }
    return { trendsDetected: rows.length, newTrends: rows.filter((r) => r.is_new_trend).length };
  });
}
