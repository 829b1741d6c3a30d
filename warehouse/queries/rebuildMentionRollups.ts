import type { Warehouse } from '../client';

/**
 * Re-derives the per-mention rows of mention_minutes in whole hours [from, to) from the mentions' current rows (FINAL).
 * A relabel writes a mention again with its new label, and until ClickHouse merges the two rows the post counts under
 * its old label and its new one. Deleting the window's rows and deriving them again from `mentions` leaves each post
 * under its current label once. A mention written meanwhile is in `mentions` before its rollup row exists, so it is in
 * the re-derived rows or added after them, never lost; a re-run gives the same rows.
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
}
