import type { Retention } from '../platform/retention';
import type { Warehouse } from './client';
import { renderForCluster, type ClusterTopology } from './clusterSql';

/** Each table's TTL: the time column it ages by, and the retention that applies. */
export function retentionTtls(retention: Retention): Array<{ table: string; column: string; days: number }> {
  return [
    { table: 'posts', column: 'toDateTime(ts)', days: retention.postsDays },
    { table: 'mentions', column: 'toDateTime(ts)', days: retention.mentionsDays },
    { table: 'mention_minutes', column: 'minute', days: retention.postSetRollupDays },
    { table: 'mention_hour_counts', column: 'hour', days: retention.hourRollupDays },
    { table: 'mention_hour_seals', column: 'hour', days: retention.hourRollupDays },
    { table: 'mention_day_counts', column: 'day', days: retention.dayRollupDays },
    { table: 'mention_week_counts', column: 'week', days: retention.dayRollupDays },
  ];
}

/**
 * Sets every table's TTL to the configured retention (run at start-up, after the migrations). ClickHouse then drops
 * expired rows in its background merges (whole parts once a month partition has expired), never by row deletes. A
 * table whose TTL already says the same is left alone, so a restart rewrites nothing; a changed retention is applied
 * to the stored parts by ClickHouse's own TTL materialisation.
 */
export async function applyRetention(
  warehouse: Warehouse,
  retention: Retention,
  topology?: ClusterTopology,
): Promise<string[]> {
  const result = await warehouse.query({
    query: `SELECT name, engine_full FROM system.tables WHERE database = currentDatabase() AND name IN {tables:Array(String)}`,
    // On a cluster the TTL is the stored (local) table's.
    query_params: { tables: retentionTtls(retention).map((t) => (topology ? `${t.table}_local` : t.table)) },
    format: 'JSONEachRow',
  });
  const engines = new Map(
    (await result.json<{ name: string; engine_full: string }>()).map((r) => [r.name, r.engine_full]),
  );
  const changed: string[] = [];
  for (const { table, column, days } of retentionTtls(retention)) {
    const engine = engines.get(topology ? `${table}_local` : table);
    if (engine === undefined || engine.includes(`TTL ${column} + toIntervalDay(${days})`)) continue;
    const alter = `ALTER TABLE ${table} MODIFY TTL ${column} + INTERVAL ${days} DAY DELETE`;
    for (const query of topology ? renderForCluster(alter, new Set([table]), topology) : [alter])
      await warehouse.command({ query });
    changed.push(table);
  }
  return changed;
}
