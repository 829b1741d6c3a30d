import type { Warehouse } from '../client';

/** The first hour holding any mention (from the hourly rollups, a few hundred thousand rows at most), or null when none. */
export async function firstMentionHour(warehouse: Warehouse): Promise<Date | null> {
  const result = await warehouse.query({
    query: `SELECT toUnixTimestamp(min(hour)) AS at, count() AS n FROM mention_hours`,
    format: 'JSONEachRow',
  });
  const [row] = await result.json<{ at: string | number; n: string | number }>();
  return row && Number(row.n) > 0 ? new Date(Number(row.at) * 1000) : null;
}
