import type { Warehouse } from '../client';

export interface TickerPostRow {
  platform: string;
  source: string;
  title: string;
  text: string;
  url: string;
  /** Epoch ms of the post. */
  at: number;
  label: 'bullish' | 'bearish' | 'neutral';
  compound: number;
  simulated: boolean;
  /** The sentiment analyser that scored the mention (migration 007). */
  analyser: string;
}

/**
 * The newest posts behind a ticker's mentions, newest first, each once with its current label (FINAL: the transformer's
 * re-score replaces the fast label by a newer row, which FINAL picks before ReplacingMergeTree merges).
 */
export async function latestTickerPosts(warehouse: Warehouse, ticker: string, limit: number): Promise<TickerPostRow[]> {
  const result = await warehouse.query({
    query: `WITH recent AS (
              SELECT platform, post_id, source, ts, label, compound, simulated, analyser
              FROM mentions FINAL
              WHERE ticker = {ticker:String}
              ORDER BY ts DESC
              LIMIT 1 BY platform, post_id
              LIMIT {limit:UInt32}
            )
            SELECT r.platform AS platform, r.source AS source, p.title AS title, p.text AS text, p.url AS url,
                   toUnixTimestamp64Milli(r.ts) AS at, toString(r.label) AS label, toFloat64(r.compound) AS compound, r.simulated AS simulated,
                   toString(r.analyser) AS analyser
            FROM recent AS r
            INNER JOIN (
              SELECT platform, post_id, argMax(title, ingested_at) AS title, argMax(text, ingested_at) AS text, argMax(url, ingested_at) AS url
              FROM posts
              WHERE (platform, post_id) IN (SELECT platform, post_id FROM recent)
              GROUP BY platform, post_id
            ) AS p ON p.platform = r.platform AND p.post_id = r.post_id
            ORDER BY r.ts DESC, r.platform, r.post_id`,
    query_params: { ticker, limit },
    format: 'JSONEachRow',
  });
  return await result.json<TickerPostRow>();
}
