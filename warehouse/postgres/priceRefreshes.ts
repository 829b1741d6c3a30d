import type { Database } from '../../platform/database';

/** Every Postgres read and write of price_refreshes (migration 024): what each price refresh did, for the admin. */

export interface PriceRefreshRecord {
  at: Date;
  source: string;
  simulated: boolean;
  /** Stocks the refresh asked prices for. */
  tickers: number;
  /** Of those, how many the source priced. */
  priced: number;
  /** Price ticks written, history included. */
  ticks: number;
  /** Tickers whose history was filled up to now. */
  historyFilled: number;
  /** Tickers whose history is still to fill (the request budget ran out; the next refresh carries on). */
  historyPending: number;
  note: string | null;
}

/** How long refresh records are kept. */
const KEEP_DAYS = 30;

/** Records one refresh and drops records older than KEEP_DAYS. */
export async function recordPriceRefresh(db: Database, r: PriceRefreshRecord): Promise<void> {
  await db('price_refreshes').insert({
    at: r.at,
    source: r.source,
    simulated: r.simulated,
    tickers: r.tickers,
    priced: r.priced,
    ticks: r.ticks,
    history_filled: r.historyFilled,
    history_pending: r.historyPending,
    note: r.note,
  });
  await db('price_refreshes')
    .where('at', '<', new Date(r.at.getTime() - KEEP_DAYS * 86_400_000))
    .delete();
}

/** The most recent refreshes, newest first. */
export async function recentPriceRefreshes(db: Database, limit: number): Promise<PriceRefreshRecord[]> {
  const rows = await db('price_refreshes').orderBy('at', 'desc').orderBy('id', 'desc').limit(limit).select('*');
  return rows.map((r: Record<string, unknown>) => ({
    at: r.at as Date,
    source: r.source as string,
    simulated: r.simulated as boolean,
    tickers: Number(r.tickers),
    priced: Number(r.priced),
    ticks: Number(r.ticks),
    historyFilled: Number(r.history_filled),
    historyPending: Number(r.history_pending),
    note: (r.note as string | null) ?? null,
  }));
}
