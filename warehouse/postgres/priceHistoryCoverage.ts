import type { Database } from '../../platform/database';

/** Every Postgres read and write of price_history_coverage (migration 024): up to when each ticker's history is complete. */

/** The tickers a refresh fills history for, in the order it does: starred and trending first, then the oldest coverage. */
export async function historyQueue(
  db: Database,
  source: string,
): Promise<Array<{ ticker: string; coveredUntil: Date | null }>> {
  const rows = await db.raw<{ rows: Array<{ ticker: string; covered_until: Date | null }> }>(
    `SELECT s.ticker, c.covered_until
       FROM stocks s
       LEFT JOIN price_history_coverage c ON c.source = ? AND c.ticker = s.ticker
      ORDER BY (EXISTS (SELECT 1 FROM watchlist_items w WHERE w.stock_id = s.id)
                OR EXISTS (SELECT 1 FROM trending_stocks t WHERE t.ticker = s.ticker)) DESC,
               c.covered_until ASC NULLS FIRST, s.ticker`,
    [source],
  );
  return rows.rows.map((r) => ({ ticker: r.ticker, coveredUntil: r.covered_until }));
}

/** Marks the tickers' history complete up to `until` (idempotent; never moves a coverage backwards). */
export async function setHistoryCoverage(
  db: Database,
  source: string,
  tickers: readonly string[],
  until: Date,
): Promise<void> {
  if (tickers.length === 0) return;
  await db.raw(
    `INSERT INTO price_history_coverage (source, ticker, covered_until)
     SELECT ?, t, ? FROM unnest(?::text[]) AS t
     ON CONFLICT (source, ticker) DO UPDATE SET covered_until = GREATEST(price_history_coverage.covered_until, EXCLUDED.covered_until)`,
    [source, until, [...new Set(tickers)]],
  );
}
