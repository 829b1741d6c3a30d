import type { Warehouse } from '../client';
import { mentionsFinalByTime } from './mentionsFinalByTime';

export interface PostLabel {
  platform: string;
  post_id: string;
  label: 'bullish' | 'bearish' | 'neutral';
  compound: number;
}

/**
 * Gives every mention in [from, to) of the posts listed their new label and `analyser`, by re-inserting each current row
 * (FINAL) with only those columns changed: the ReplacingMergeTree keeps the newest insert. The rollups the insert also
 * feeds then hold such a post under both labels until dropSupersededMinuteRows, which the caller runs next, deletes
 * the rows under its old one. Idempotent: running it again writes the same rows.
 */
export async function relabelMentions(
  warehouse: Warehouse,
  window: { from: Date; to: Date; analyser: string },
  labels: readonly PostLabel[],
): Promise<void> {
  if (labels.length === 0) return;
  await warehouse.command({
    query: `INSERT INTO mentions (ticker, platform, post_id, source, author_hash, ts, compound, label, engagement, simulated, analyser)
            SELECT m.ticker, m.platform, m.post_id, m.source, m.author_hash, m.ts, l.compound, l.label, m.engagement, m.simulated, {analyser:String}
            FROM (
              SELECT * FROM ${mentionsFinalByTime('ts >= fromUnixTimestamp64Milli({from:Int64}) AND ts < fromUnixTimestamp64Milli({to:Int64})')}
            ) AS m
            INNER JOIN (
              SELECT x.1 AS platform, x.2 AS post_id, x.3 AS label, x.4 AS compound
              FROM (SELECT arrayJoin(arrayZip({platforms:Array(String)}, {ids:Array(String)}, {labels:Array(String)}, {compounds:Array(Float32)})) AS x)
            ) AS l ON l.platform = m.platform AND l.post_id = m.post_id`,
    query_params: {
      from: window.from.getTime(),
      to: window.to.getTime(),
      analyser: window.analyser,
      platforms: labels.map((l) => l.platform),
      ids: labels.map((l) => l.post_id),
      labels: labels.map((l) => l.label),
      compounds: labels.map((l) => l.compound),
    },
    // On a cluster `mentions` is a Distributed table, whose inserts reach the shards in the background by default; the
    // drop that follows must read the new labels, or it finds nothing to drop and a re-run has nothing to relabel.
    // Without a cluster the setting changes nothing.
    clickhouse_settings: { distributed_foreground_insert: 1 },
  });
}
