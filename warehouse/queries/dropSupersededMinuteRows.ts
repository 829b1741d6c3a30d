import type { Warehouse } from '../client';
import { renderForCluster, type ClusterTopology } from '../clusterSql';

/**
 * Deletes, in [from, to), the per-mention rows of mention_minutes whose label a relabel has since replaced: a row goes
 * when its mention is stored (FINAL) under another label. A relabel writes a mention again with its new label, and
 * until ClickHouse merges the two rows the post counts under its old label and its new one; this leaves it under its
 * new label only. Nothing is written, so a read at any moment sees every post of the window: first under both labels,
 * then under its new one, never absent. A row whose mention is not yet visible in `mentions` (one written meanwhile)
 * is kept, so nothing is lost; a re-run deletes nothing more. On a cluster each shard deletes from its stored rows,
 * reading its own mentions: both tables are sharded by ticker.
 */
export async function dropSupersededMinuteRows(
  warehouse: Warehouse,
  window: { from: Date; to: Date },
  topology?: ClusterTopology,
): Promise<void> {
  // The window's bounds are written into the statement as whole seconds, not passed as parameters: on a cluster the
  // statement travels to the other nodes as text.
  const [from, to] = [window.from, window.to].map((d) => Math.floor(d.getTime() / 1000));
  const inWindow = (column: string) =>
    `${column} >= toDateTime(${from}, 'UTC') AND ${column} < toDateTime(${to}, 'UTC')`;
  const stored = (columns: string) => `SELECT ${columns} FROM mentions FINAL WHERE ${inWindow('ts')}`;
  const statement = `DELETE FROM mention_minutes
            WHERE ${inWindow('minute')}
              AND (ticker, platform, post) IN (${stored('ticker, platform, cityHash64(post_id)')})
              AND (ticker, platform, post, label) NOT IN (${stored('ticker, platform, cityHash64(post_id), label')})`;
  for (const query of topology ? renderForCluster(statement, TABLES, topology) : [statement])
    await warehouse.command({ query });
}

/** The tables the statement names, stored per shard on a cluster. */
const TABLES = new Set(['mention_minutes', 'mentions']);
