import type { Warehouse } from '../client';

export interface StoredPriceTick {
  ticker: string;
  /** Epoch milliseconds. */
  at: number;
  price: number;
  source: string;
}

/**
 * The price ticks of the given tickers from `from` to `to` (inclusive), oldest first per ticker, led by each ticker's
 * last tick before `from` (looked for at most `lookbackMs` back): the price standing at `from`. Ticks are written only
 * when a price moves, so over a weekend that one tick is the price; reading every tick of the look-back would not be.
 */
export async function priceTicksBetween(
  warehouse: Warehouse,
  tickers: string[],
  from: Date,
  to: Date,
  lookbackMs: number,
): Promise<StoredPriceTick[]> {
  if (tickers.length === 0) return [];
  const result = await warehouse.query({
    query: `SELECT ticker, at, price, source FROM (
              SELECT ticker, toUnixTimestamp64Milli(max(ts)) AS at, toFloat64(argMax(price, ts)) AS price, argMax(source, ts) AS source
              FROM price_ticks
              WHERE ticker IN {tickers:Array(String)}
                AND ts >= fromUnixTimestamp64Milli({lookbackFrom:Int64}) AND ts < fromUnixTimestamp64Milli({from:Int64})
              GROUP BY ticker
              UNION ALL
              SELECT ticker, toUnixTimestamp64Milli(ts) AS at, toFloat64(price) AS price, source
              FROM price_ticks
              WHERE ticker IN {tickers:Array(String)}
                AND ts >= fromUnixTimestamp64Milli({from:Int64}) AND ts <= fromUnixTimestamp64Milli({to:Int64})
            )
            ORDER BY ticker, at`,
    query_params: { tickers, lookbackFrom: from.getTime() - lookbackMs, from: from.getTime(), to: to.getTime() },
    format: 'JSONEachRow',
  });
  return (await result.json<{ ticker: string; at: string | number; price: number; source: string }>()).map((r) => ({
    ticker: r.ticker,
    at: Number(r.at),
    price: r.price,
    source: r.source,
  }));
}
