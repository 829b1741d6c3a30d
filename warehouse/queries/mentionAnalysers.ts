import type { Warehouse } from '../client';
import { mentionsFinalByTime } from './mentionsFinalByTime';

export interface MentionAnalyserCount {
  analyser: string;
  mentions: number;
  /** Post times (epoch ms) of the oldest and newest mention this analyser's label is current on. */
  oldest: number;
  newest: number;
}

/**
 * Mentions posted since `since`, by the analyser of their current row (FINAL: a relabelled mention counts once, under
 * the analyser that relabelled it), most mentions first.
 */
export async function mentionAnalysersSince(warehouse: Warehouse, since: Date): Promise<MentionAnalyserCount[]> {
  const result = await warehouse.query({
    query: `SELECT analyser, count() AS mentions, toUnixTimestamp64Milli(min(ts)) AS oldest, toUnixTimestamp64Milli(max(ts)) AS newest
            FROM ${mentionsFinalByTime('ts >= fromUnixTimestamp64Milli({since:Int64})')}
            GROUP BY analyser
            ORDER BY mentions DESC, analyser`,
    query_params: { since: since.getTime() },
    format: 'JSONEachRow',
  });
  const rows = await result.json<{ analyser: string; mentions: string; oldest: string; newest: string }>();
  return rows.map((r) => ({
    analyser: r.analyser,
    mentions: Number(r.mentions),
    oldest: Number(r.oldest),
    newest: Number(r.newest),
  }));
}
