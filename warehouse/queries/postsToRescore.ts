import type { Warehouse } from '../client';
import { mentionsFinalByTime } from './mentionsFinalByTime';

export interface PostToRescore {
  platform: string;
  post_id: string;
  /** What the fast path scored: the title and the body on the next line, or the body alone. */
  text: string;
}

/**
 * The posts behind mentions in [from, to) that `analyser` has not labelled yet (their current row, FINAL, says another
 * analyser), with their text. Mentions whose post has expired from `posts` (kept 90 days) cannot be read again and keep
 * their label.
 */
export async function postsToRescore(
  warehouse: Warehouse,
  window: { from: Date; to: Date; analyser: string },
): Promise<PostToRescore[]> {
  const result = await warehouse.query({
    query: `SELECT m.platform AS platform, m.post_id AS post_id, if(p.title = '', p.text, concat(p.title, '\\n', p.text)) AS text
            FROM (
              SELECT DISTINCT platform, post_id
              FROM ${mentionsFinalByTime('ts >= fromUnixTimestamp64Milli({from:Int64}) AND ts < fromUnixTimestamp64Milli({to:Int64})')}
              WHERE analyser != {analyser:String}
            ) AS m
            INNER JOIN (
              SELECT platform, post_id, argMax(title, ingested_at) AS title, argMax(text, ingested_at) AS text
              FROM posts
              WHERE ts >= fromUnixTimestamp64Milli({from:Int64}) AND ts < fromUnixTimestamp64Milli({to:Int64})
              GROUP BY platform, post_id
            ) AS p ON p.platform = m.platform AND p.post_id = m.post_id
            ORDER BY platform, post_id`,
    query_params: { from: window.from.getTime(), to: window.to.getTime(), analyser: window.analyser },
    format: 'JSONEachRow',
  });
  return await result.json<PostToRescore>();
}
