import type { Knex } from 'knex';
import { watchlistSchema, type Watchlist } from '../../core/contracts/watchlist';
import { replaceWatchlist, stockIdsByTicker, watchlistTickers } from '../../warehouse/postgres/watchlists';
import { HttpError } from '../http/httpError';

/** A user's watchlist: read it, or replace it whole (each ticker once, every one a listed stock). */
export function createWatchlistService(db: Knex) {
  return {
    async get(userId: string): Promise<Watchlist> {
      return { tickers: await watchlistTickers(db, userId) };
    },

    async replace(userId: string, body: unknown): Promise<Watchlist> {
      const tickers = [...new Set(watchlistSchema.parse(body ?? {}).tickers)];
      const ids = await stockIdsByTicker(db, tickers);
      const unknown = tickers.filter((t) => !ids.has(t));
      if (unknown.length > 0)
        throw new HttpError(
          400,
          `tickers: unknown stock${unknown.length === 1 ? '' : 's'} ${unknown.slice(0, 5).join(', ')}${unknown.length > 5 ? ', …' : ''}`,
          'tickers',
        );
      await replaceWatchlist(
        db,
        userId,
        tickers.map((t) => ids.get(t)!),
      );
      return { tickers: await watchlistTickers(db, userId) };
    },
  };
}
