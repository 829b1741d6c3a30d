import { majoritySentiment } from '../../core/signal/majoritySentiment';
import type { Database } from '../../platform/database';
import type { Warehouse } from '../../warehouse/client';
import { updateStockSentiments } from '../../warehouse/postgres/stocks';
import { mentionCountsSince, type TickerPlatformCount } from '../../warehouse/queries/mentionCountsSince';

/** The window of the sentiment stored on each stock. */
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

export function createStockSnapshotActivities(deps: { db: Database; warehouse: Warehouse; now?: () => Date }) {
  const clock = deps.now ?? (() => new Date());
  return {
    /**
     * Stores each stock's majority sentiment of the trailing 24 hours, which alert messages and the weekly digest quote.
     * The stock list counts its own range from the rollups; the rows themselves are added by the scan (ensureStockRows).
     */
    async refreshStockSnapshot(): Promise<{ stocks: number }> {
      const now = clock();
      const counts = summariseCounts(await mentionCountsSince(deps.warehouse, new Date(now.getTime() - SNAPSHOT_WINDOW_MS)));
      await updateStockSentiments(deps.db, now, counts.map((c) => ({ ticker: c.ticker, sentiment: c.sentiment })));
      return { stocks: counts.length };
    },
  };
}
