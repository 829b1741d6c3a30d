import type { Warehouse } from '../client';

/** The time of the newest price tick from a source since `since`, or null when there is none (a fresh install). */
export async function latestPriceTick(warehouse: Warehouse, source: string, since: Date): Promise<Date | null> {
  const result = await warehouse.query({
    query: `SELECT toUnixTimestamp64Milli(max(ts)) AS at, count() AS n FROM price_ticks WHERE source = {source:String} AND ts >= fromUnixTimestamp64Milli({since:Int64})`,
    query_params: { source, since: since.getTime() },
    format: 'JSONEachRow',
  });
  const [row] = await result.json<{ at: string | number; n: string | number }>();
  return row && Number(row.n) > 0 ? new Date(Number(row.at)) : null;
}
