import type { Warehouse } from '../client';

export interface StoredPriceTick {
  ticker: string;
  /** Epoch milliseconds. */
  at: number;
  price: number;
  source: string;
}

/** Every price tick of the given tickers from `from` to `to` (inclusive), oldest first per ticker. */
export async function priceTicksBetween(warehouse: Warehouse, tickers: string[], from: Date, to: Date): Promise<StoredPriceTick[]> {
  if (tickers.length === 0) return [];
  const result = await warehouse.query({
    query: `SELECT ticker, toUnixTimestamp64Milli(ts) AS at, toFloat64(price) AS price, source
            FROM price_ticks
            WHERE ticker IN {tickers:Array(String)}
              AND ts >= fromUnixTimestamp64Milli({from:Int64}) AND ts <= fromUnixTimestamp64Milli({to:Int64})
            ORDER BY ticker, ts`,
    query_params: { tickers, from: from.getTime(), to: to.getTime() },
    format: 'JSONEachRow',
  });
  return (await result.json<{ ticker: string; at: string | number; price: number; source: string }>()).map((r) => ({ ticker: r.ticker, at: Number(r.at), price: r.price, source: r.source }));
}
