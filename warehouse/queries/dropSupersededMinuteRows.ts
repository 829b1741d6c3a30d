import type { Warehouse } from '../client';
import { mentionsFinalByTime } from './mentionsFinalByTime';
import { renderForCluster, type ClusterTopology } from '../clusterSql';

/**
 * Deletes, in [from, to), the per-mention rows of mention_minutes whose label a relabel has since replaced: a row goes
 * when its mention is stored (FINAL) under another label. A relabel writes a mention again with its new label, and
 * until ClickHouse merges the two rows the post counts under its old label and its new one; this leaves it under its
 * new label only. Nothing is written, so a read at any moment sees every post of the window: first under both labels,
 * then under its new one, never absent. Rows are named by ticker, platform, post and label, so a row whose mention is
 * not yet visible in `mentions` (one written meanwhile, also another ticker's of the same post) is kept and nothing is
 * lost; a re-run deletes nothing more.
 *
 * The rows are found by a plain read and deleted by naming them, so the DELETE holds no subquery: with the same rows
 * chosen by subqueries inside it, a first start's re-score took 20.1 min instead of 14.3 (docs/sentiment-transformer.md).
 */
export async function dropSupersededMinuteRows(
  warehouse: Warehouse,
  window: { from: Date; to: Date },
  topology?: ClusterTopology,
): Promise<void> {
  // Both statements take the window as parameters: embedded chDB runs parameterised statements one at a time, so the
  // re-score holds at most one of the libuv threads that chDB shares with the API's file reads and password hashing.
  const query_params = { from: Math.floor(window.from.getTime() / 1000), to: Math.floor(window.to.getTime() / 1000) };
  const inWindow = (column: string) =>
    `${column} >= toDateTime({from:UInt32}, 'UTC') AND ${column} < toDateTime({to:UInt32}, 'UTC')`;
  const result = await warehouse.query({
    // Both sides are subqueries, joined where the query runs: on a cluster each reads its Distributed table once.
    query: `SELECT DISTINCT minutes.ticker AS ticker, minutes.platform AS platform, toString(minutes.post) AS post,
                   toString(minutes.label) AS label
            FROM (
              SELECT ticker, platform, post, label FROM mention_minutes WHERE ${inWindow('minute')}
            ) AS minutes
            INNER JOIN (
              SELECT ticker, platform, cityHash64(post_id) AS post, label FROM ${mentionsFinalByTime(inWindow('ts'))}
            ) AS stored ON stored.ticker = minutes.ticker AND stored.platform = minutes.platform AND stored.post = minutes.post
            WHERE minutes.label != stored.label`,
    query_params,
    format: 'JSONEachRow',
  });
  const superseded = await result.json<{ ticker: string; platform: string; post: string; label: string }>();
  // At most ROWS_PER_DELETE rows a statement keeps each one far below ClickHouse's query size limit (256 KiB).
  for (let at = 0; at < superseded.length; at += ROWS_PER_DELETE) {
    const rows = superseded
      .slice(at, at + ROWS_PER_DELETE)
      .map((r) => `(${quote(r.ticker)}, ${quote(r.platform)}, ${BigInt(r.post)}, ${quote(r.label)})`)
      .join(', ');
    const statement = `DELETE FROM mention_minutes WHERE ${inWindow('minute')} AND (ticker, platform, post, label) IN (${rows})`;
    for (const query of topology ? renderForCluster(statement, new Set(['mention_minutes']), topology) : [statement])
      await warehouse.command({ query, query_params });
  }
}

/** Rows named by one DELETE: each takes at most about 65 characters. */
export const ROWS_PER_DELETE = 2_000;

/** A ClickHouse string literal. */
const quote = (value: string) => `'${value.replace(/[\\']/g, (c) => `\\${c}`)}'`;
