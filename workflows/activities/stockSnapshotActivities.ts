import type { Knex } from 'knex';
import { majoritySentiment } from '../../core/signal/majoritySentiment';
import type { Warehouse } from '../../warehouse/client';
import { mentionCountsSince, type TickerPlatformCount } from '../../warehouse/queries/mentionCountsSince';

/** The window the Postgres stock snapshot summarises. */
export const SNAPSHOT_WINDOW_MS = 24 * 60 * 60 * 1000;

export interface StockCounts {
  ticker: string;
  total: number;
  perPlatform: Record<'reddit' | 'twitter' | 'youtube' | 'tiktok' | 'instagram', number>;
  sentiment: 'bullish' | 'bearish' | 'neutral';
  /** (bullish − bearish) ÷ mentions, −1 to 1, two decimals: how one-sided the talk is, for sorting by sentiment. */
  netSentiment: number;
}

/** Sums per-platform rows into one row per ticker; sentiment is the label most of its mentions carry. */
export function summariseCounts(rows: ReadonlyArray<Pick<TickerPlatformCount, 'ticker' | 'platform' | 'mentions' | 'bullish' | 'bearish'>>): StockCounts[] {
  const byTicker = new Map<string, StockCounts & { bullish: number; bearish: number }>();
  for (const row of rows) {
    let entry = byTicker.get(row.ticker);
    if (!entry) {
      entry = { ticker: row.ticker, total: 0, perPlatform: { reddit: 0, twitter: 0, youtube: 0, tiktok: 0, instagram: 0 }, sentiment: 'neutral', netSentiment: 0, bullish: 0, bearish: 0 };
      byTicker.set(row.ticker, entry);
    }
    entry.total += row.mentions;
    if (row.platform in entry.perPlatform) entry.perPlatform[row.platform as keyof StockCounts['perPlatform']] += row.mentions;
    entry.bullish += row.bullish;
    entry.bearish += row.bearish;
  }
  return [...byTicker.values()].map(({ bullish, bearish, ...entry }) => ({
    ...entry,
    sentiment: majoritySentiment(entry.total, bullish, bearish),
    netSentiment: entry.total === 0 ? 0 : Math.round(((bullish - bearish) / entry.total) * 100) / 100,
  }));
}

export function createStockSnapshotActivities(deps: { db: Knex; warehouse: Warehouse; now?: () => Date }) {
  const clock = deps.now ?? (() => new Date());
  return {
    /** Rewrites the Postgres stock snapshot (spec §3 Stock) from ClickHouse: mentions of the trailing 24 hours. */
    async refreshStockSnapshot(): Promise<{ stocks: number }> {
      const now = clock();
      const counts = summariseCounts(await mentionCountsSince(deps.warehouse, new Date(now.getTime() - SNAPSHOT_WINDOW_MS)));
      await deps.db.transaction(async (trx) => {
        const names = new Map((await trx('tickers').whereIn('symbol', counts.map((c) => c.ticker)).select('symbol', 'name')).map((r) => [r.symbol, r.name]));
        const rows = counts
          .filter((c) => names.has(c.ticker))
          .map((c) => ({
            ticker: c.ticker,
            name: names.get(c.ticker),
            total_mentions: c.total,
            reddit_mentions: c.perPlatform.reddit,
            twitter_mentions: c.perPlatform.twitter,
            youtube_mentions: c.perPlatform.youtube,
            tiktok_mentions: c.perPlatform.tiktok,
            instagram_mentions: c.perPlatform.instagram,
            sentiment: c.sentiment,
            last_updated: now,
          }));
        for (let i = 0; i < rows.length; i += 500) {
          await trx('stocks').insert(rows.slice(i, i + 500)).onConflict('ticker').merge();
        }
        // Stocks without mentions in the window keep their row (and price) with zero counts.
        await trx('stocks')
          .whereNotIn('ticker', rows.map((r) => r.ticker))
          .update({ total_mentions: 0, reddit_mentions: 0, twitter_mentions: 0, youtube_mentions: 0, tiktok_mentions: 0, instagram_mentions: 0, sentiment: 'neutral', last_updated: now });
      });
      return { stocks: counts.length };
    },
  };
}
