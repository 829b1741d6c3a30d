import type { Warehouse } from '../client';

export interface PriceBuckets {
  /** Last price per bucket start (epoch ms) from `from` on. */
  buckets: Map<number, number>;
  /** The last price before `from` (within the lookback), to carry into the first buckets; null when none. */
  before: number | null;
}

/**
 * One ticker's last tick price per bucket of `bucketSeconds` since `from`, and its last price in the `lookbackDays`
 * before `from`. Duplicated ticks (a retried refresh) carry the same price, so no FINAL is needed.
 */
export async function priceBuckets(warehouse: Warehouse, ticker: string, from: Date, bucketSeconds: number, lookbackDays = 30): Promise<PriceBuckets> {
  const result = await warehouse.query({
    query: `SELECT if(ts < fromUnixTimestamp64Milli({from:Int64}), toInt64(-1), toInt64(intDiv(toUnixTimestamp(ts), {bucket:UInt32}) * {bucket:UInt32})) AS bucket,
                   toFloat64(argMax(price, ts)) AS price
            FROM price_ticks
            WHERE ticker = {ticker:String}
              AND ts >= fromUnixTimestamp64Milli({from:Int64}) - toIntervalDay({lookback:UInt32})
            GROUP BY bucket`,
    query_params: { ticker, from: from.getTime(), bucket: bucketSeconds, lookback: lookbackDays },
    format: 'JSONEachRow',
  });
  const rows = await result.json<{ bucket: number; price: number }>();
  const buckets = new Map<number, number>();
  let before: number | null = null;
  for (const row of rows) {
    if (row.bucket < 0) before = row.price;
    else buckets.set(row.bucket * 1000, row.price);
  }
  return { buckets, before };
}
