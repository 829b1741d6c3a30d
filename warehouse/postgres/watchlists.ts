import type { Database } from '../../platform/database';

/** Every Postgres read and write of users' watchlists (the stocks they starred). */

/** The user's starred tickers, in the order they were starred (stocks starred in one save in the order sent). */
export async function watchlistTickers(db: Database, userId: string): Promise<string[]> {
  return await db('watchlist_items as w')
    .join('stocks as s', 's.id', 'w.stock_id')
    .where('w.user_id', userId)
    .orderBy('w.starred_seq')
    .pluck<string[]>('s.ticker');
}

/** The stock ids of these tickers; tickers with no stock are absent from the map. */
export async function stockIdsByTicker(db: Database, tickers: string[]): Promise<Map<string, number>> {
  if (tickers.length === 0) return new Map();
  const rows = await db('stocks')
    .whereIn('ticker', tickers)
    .select<Array<{ id: number; ticker: string }>>('id', 'ticker');
  return new Map(rows.map((r) => [r.ticker, r.id]));
}

/**
 * Replaces the user's watchlist with these stocks, keeping when each one still listed was first starred. One statement
 * per step inside a transaction, so two saves at once leave one of the two lists, never a mix.
 */
export async function replaceWatchlist(db: Database, userId: string, stockIds: number[]): Promise<void> {
  await db.transaction(async (trx) => {
    await trx('users').where({ id: userId }).forNoKeyUpdate().first('id');
    await trx('watchlist_items').where({ user_id: userId }).whereNotIn('stock_id', stockIds).delete();
    if (stockIds.length > 0) {
      // Rows flow into the insert sorted by their place in the list, so each new star draws its starred_seq after the
      // one sent before it.
      await trx.raw(
        `INSERT INTO watchlist_items (user_id, stock_id)
         SELECT ?, sent.stock_id FROM unnest(?::int[]) WITH ORDINALITY AS sent(stock_id, place) ORDER BY sent.place
         ON CONFLICT (user_id, stock_id) DO NOTHING`,
        [userId, stockIds],
      );
    }
  });
}

/** Each user's watched stock ids, for the new-trend alerts scoped to a watchlist. */
export async function watchlistStockIds(db: Database, userIds: string[]): Promise<Map<string, Set<number>>> {
  const out = new Map<string, Set<number>>();
  if (userIds.length === 0) return out;
  for (const r of await db('watchlist_items')
    .whereIn('user_id', userIds)
    .select<Array<{ user_id: string; stock_id: number }>>('user_id', 'stock_id')) {
    const set = out.get(r.user_id) ?? new Set<number>();
    set.add(r.stock_id);
    out.set(r.user_id, set);
  }
  return out;
}
