import type { Warehouse } from '../client';

/**
 * Re-derives the per-minute and per-hour rollups of whole hours [from, to) from the mentions' current rows (FINAL).
 * The per-hour rollup holds sets of distinct post ids per label, which an insert can only add to, and the per-minute
 * one a row per written mention: after a relabel a post counts under its old label and its new one. Deleting the window's rollup rows and aggregating them again from `mentions`
 * leaves each post under its current label once. A mention written meanwhile is in `mentions` before its rollup rows
 * exist, so it is in the re-derived rows or added after them, never lost; a re-run gives the same rows.
 */
export async function rebuildMentionRollups(warehouse: Warehouse, window: { from: Date; to: Date }): Promise<void> {
  const query_params = { from: Math.floor(window.from.getTime() / 1000), to: Math.floor(window.to.getTime() / 1000) };
  const inWindow = (column: string) =>
    `${column} >= toDateTime({from:UInt32}, 'UTC') AND ${column} < toDateTime({to:UInt32}, 'UTC')`;
  await warehouse.command({ query: `DELETE FROM mention_minutes WHERE ${inWindow('minute')}`, query_params });
  await warehouse.command({
    query: `INSERT INTO mention_minutes
            SELECT ticker, platform, toStartOfMinute(ts) AS minute, cityHash64(post_id) AS post,
                   cityHash64(author_hash) AS author, label
            FROM mentions FINAL
            WHERE ${inWindow('ts')}`,
    query_params,
  });
  await warehouse.command({ query: `DELETE FROM mention_hours WHERE ${inWindow('hour')}`, query_params });
  await warehouse.command({
    query: `INSERT INTO mention_hours
            SELECT ticker, platform, toStartOfHour(ts) AS hour,
                   uniqExactState(cityHash64(post_id)),
                   uniqExactIfState(cityHash64(post_id), toUInt8(label = 'bullish')),
                   uniqExactIfState(cityHash64(post_id), toUInt8(label = 'bearish'))
            FROM mentions FINAL
            WHERE ${inWindow('ts')}
            GROUP BY ticker, platform, hour`,
    query_params,
  });
}
