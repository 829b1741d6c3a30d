import type { Warehouse } from '../client';

export interface PricePoint {
  ts: string;
  price: number;
}

/** Price points of one ticker since a moment, oldest first (duplicates collapsed by FINAL). */
export async function priceHistory(warehouse: Warehouse, ticker: string, since: Date): Promise<PricePoint[]> {
  const result = await warehouse.query({
    query: `SELECT toUnixTimestamp64Milli(ts) AS at, toFloat64(price) AS value
            FROM price_ticks FINAL
            WHERE ticker = {ticker:String} AND ts >= fromUnixTimestamp64Milli({since:Int64})
            ORDER BY price_ticks.ts`,
    query_params: { ticker, since: since.getTime() },
    format: 'JSONEachRow',
  });
  return (await result.json<{ at: number; value: number }>()).map((r) => ({
    ts: new Date(r.at).toISOString(),
    price: r.value,
  }));
}
