import type { Warehouse } from '../client';

export interface PriceBuckets {
  /** Last price per bucket start (epoch ms) from `from` on. */
  buckets: Map<number, number>;
  /** The last price before `from` (within the lookback), to carry into the first buckets; null when none. */
  before: number | null;
}

/**
 * One security's price line across its symbol changes and splits: its ticks, the ticks of each former symbol before it
 * stopped trading under that symbol (FB before META), and every tick before a split scaled by the split's ratio.
 */
export interface PriceSeries {
  ticker: string;
  formerSymbols: ReadonlyArray<{ symbol: string; untilMs: number }>;
  /** Ticks before `atMs` are multiplied by `ratio` (split_from / split_to: ½ for a 2-for-1). */
  splits: ReadonlyArray<{ atMs: number; ratio: number }>;
}

/** A series with no history to join: the ticker's own ticks as stored. */
export const plainSeries = (ticker: string): PriceSeries => ({ ticker, formerSymbols: [], splits: [] });

/**
 * One security's last tick price per bucket of `bucketSeconds` since `from`, and its last price in the `lookbackDays`
 * before `from`, continuous across renames and splits (see PriceSeries; arrayProduct of no splits is not 1, hence the
 * `empty` guard). Duplicated ticks (a retried refresh) carry the
 * same price, so no FINAL is needed.
 */
export async function priceBuckets(
  warehouse: Warehouse,
  series: PriceSeries,
  from: Date,
  bucketSeconds: number,
  lookbackDays = 30,
): Promise<PriceBuckets> {
  const result = await warehouse.query({
    query: `SELECT if(ts < fromUnixTimestamp64Milli({from:Int64}), toInt64(-1), toInt64(intDiv(toUnixTimestamp(ts), {bucket:UInt32}) * {bucket:UInt32})) AS bucket,
                   argMax(toFloat64(price) * if(empty({splitAt:Array(Int64)}), 1.0, arrayProduct(arrayMap((at, r) -> if(toUnixTimestamp64Milli(ts) < at, r, 1.0), {splitAt:Array(Int64)}, {splitRatio:Array(Float64)}))), ts) AS price
            FROM price_ticks
            WHERE (ticker = {ticker:String}
                   OR (has({formers:Array(String)}, ticker) AND toUnixTimestamp64Milli(ts) < arrayElement({formerUntil:Array(Int64)}, indexOf({formers:Array(String)}, ticker))))
              AND ts >= fromUnixTimestamp64Milli({from:Int64}) - toIntervalDay({lookback:UInt32})
            GROUP BY bucket`,
    query_params: {
      ticker: series.ticker,
      formers: series.formerSymbols.map((f) => f.symbol),
      formerUntil: series.formerSymbols.map((f) => f.untilMs),
      splitAt: series.splits.map((s) => s.atMs),
      splitRatio: series.splits.map((s) => s.ratio),
      from: from.getTime(),
      bucket: bucketSeconds,
      lookback: lookbackDays,
    },
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
