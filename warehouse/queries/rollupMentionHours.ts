import type { Warehouse } from '../client';

/** One per-minute rollup row: a ticker on a platform in a minute (epoch seconds of its start). */
export interface MinuteCell {
  ticker: string;
  platform: string;
  minute: number;
}

/** Cells per statement: keeps the parameter well under a ClickHouse server's 1 MiB URI limit. */
const CELLS_PER_STATEMENT = 10_000;

/**
 * Rolls the given per-minute rollup rows up into mention_hours. Run after mentions are written, with the cells they
 * fell in (see minuteCells), so the cost follows the rows written, not what else their minutes or hours hold.
 * Idempotent: the hourly states are sets of distinct post hashes, so rolling a cell up twice adds nothing twice.
 */
export async function rollupMentionHours(warehouse: Warehouse, cells: readonly MinuteCell[]): Promise<void> {
  for (let i = 0; i < cells.length; i += CELLS_PER_STATEMENT) {
    const chunk = cells.slice(i, i + CELLS_PER_STATEMENT);
    let from = Infinity;
    let to = -Infinity;
    for (const c of chunk) {
      if (c.minute < from) from = c.minute;
      if (c.minute > to) to = c.minute;
    }
    await warehouse.command({
      query: `INSERT INTO mention_hours (ticker, platform, hour, mentions, bullish, bearish)
              SELECT ticker, platform, toStartOfHour(minute) AS hour,
                     uniqExactMergeState(mentions), uniqExactIfMergeState(bullish), uniqExactIfMergeState(bearish)
              FROM mention_minutes
              WHERE minute >= toDateTime({from:UInt32}, 'UTC') AND minute <= toDateTime({to:UInt32}, 'UTC')
                AND (ticker, platform, toUnixTimestamp(minute)) IN (
                  SELECT cell.1, cell.2, cell.3 FROM (SELECT arrayJoin(arrayZip({tickers:Array(String)}, {platforms:Array(String)}, {minutes:Array(UInt32)})) AS cell)
                )
              GROUP BY ticker, platform, hour`,
      query_params: { from, to, tickers: chunk.map((c) => c.ticker), platforms: chunk.map((c) => c.platform), minutes: chunk.map((c) => c.minute) },
    });
  }
}
