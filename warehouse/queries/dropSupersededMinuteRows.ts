import type { Warehouse } from '../client';

/**
 * Deletes, in [from, to), the per-mention rows of mention_minutes whose label a relabel has since replaced: a row goes
 * when its mention is stored (FINAL) under another label. A relabel writes a mention again with its new label, and
 * until ClickHouse merges the two rows the post counts under its old label and its new one; this leaves it under its
 * new label only. Nothing is written, so a read at any moment sees every post of the window: first under both labels,
 * then under its new one, never absent. A row whose mention is not yet visible in `mentions` (one written meanwhile)
 * is kept, so nothing is lost; a re-run deletes nothing more.
 */
export async function dropSupersededMinuteRows(warehouse: Warehouse, window: { from: Date; to: Date }): Promise<void> {
  const query_params = { from: Math.floor(window.from.getTime() / 1000), to: Math.floor(window.to.getTime() / 1000) };
  const inWindow = (column: string) =>
    `${column} >= toDateTime({from:UInt32}, 'UTC') AND ${column} < toDateTime({to:UInt32}, 'UTC')`;
  const stored = (columns: string) => `SELECT ${columns} FROM mentions FINAL WHERE ${inWindow('ts')}`;
  await warehouse.command({
    query: `DELETE FROM mention_minutes
            WHERE ${inWindow('minute')}
              AND (ticker, platform, post) IN (${stored('ticker, platform, cityHash64(post_id)')})
              AND (ticker, platform, post, label) NOT IN (${stored('ticker, platform, cityHash64(post_id), label')})`,
    query_params,
  });
}
