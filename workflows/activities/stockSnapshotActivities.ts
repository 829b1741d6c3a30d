import type { Knex } from 'knex';
import { summariseCounts } from '../../core/mentionCounts';
import { DAY_MS } from '../../core/timeWindows';
import type { Warehouse } from '../../warehouse/client';
import { mentionCountsSince } from '../../warehouse/queries/mentionCountsSince';

/** The window the Postgres stock snapshot summarises. */
export const SNAPSHOT_WINDOW_MS = DAY_MS;

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
