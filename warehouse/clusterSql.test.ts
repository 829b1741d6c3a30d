import { describe, expect, it } from 'vitest';
import { loadConfig } from '../platform/config';
import { renderForCluster } from './clusterSql';
import { renderMigrations } from './migrate';

describe('migrations rendered for one server and for a cluster', () => {
  const single = renderMigrations();
  const cluster = renderMigrations({ cluster: 'stockpulse' });
  const sql = (migrations: typeof single) => migrations.flatMap((m) => m.statements);

  it('leaves the single-server statements as written: no cluster clause, no replication, no Distributed table', () => {
    const all = sql(single).join('\n');
    expect(all).not.toMatch(/ON CLUSTER|Replicated|Distributed|_local\b/);
    expect(all).toMatch(/CREATE TABLE IF NOT EXISTS mentions\s*\(/);
  });

  it('builds every table as a Replicated* table on each node behind a Distributed table sharded by ticker (by post for posts)', () => {
    const all = sql(cluster);
    // A table's latest definition (mention_minutes was redefined by a later migration).
    const local = (table: string) =>
      all.findLast((s) => s.startsWith(`CREATE TABLE IF NOT EXISTS ${table}_local ON CLUSTER stockpulse`));
    const distributed = (table: string) =>
      all.find((s) =>
        s.startsWith(
          `CREATE TABLE IF NOT EXISTS ${table} ON CLUSTER stockpulse AS ${table}_local ENGINE = Distributed(`,
        ),
      );
    expect(local('mentions')).toContain(
      "ENGINE = ReplicatedReplacingMergeTree('/clickhouse/tables/{shard}/{database}/mentions_local', '{replica}')",
    );
    expect(local('posts')).toContain(
      "ENGINE = ReplicatedReplacingMergeTree('/clickhouse/tables/{shard}/{database}/posts_local', '{replica}', ingested_at)",
    );
    expect(local('mention_minutes')).toContain(
      "ENGINE = ReplicatedReplacingMergeTree('/clickhouse/tables/{shard}/{database}/mention_minutes_local', '{replica}')",
    );
    expect(local('mention_hour_counts')).toContain("'{replica}', sealed_at)");
    expect(distributed('mentions')).toBe(
      'CREATE TABLE IF NOT EXISTS mentions ON CLUSTER stockpulse AS mentions_local ENGINE = Distributed(stockpulse, currentDatabase(), mentions_local, cityHash64(ticker))',
    );
    expect(distributed('mention_day_counts')).toContain('cityHash64(ticker))');
    expect(distributed('mention_week_counts')).toContain('cityHash64(ticker))');
    // Mentions written through mention_inserts reach the shard that stores their ticker's mentions.
    expect(distributed('mention_inserts')).toContain('mention_inserts_local, cityHash64(ticker))');
    expect(local('mention_inserts')).toContain('ENGINE = Null');
    const inserts = all.find((s) => s.startsWith('CREATE MATERIALIZED VIEW IF NOT EXISTS mention_inserts_mv'));
    expect(inserts).toContain('ON CLUSTER stockpulse TO mentions_local');
    expect(inserts).toContain('FROM mention_inserts_local');
    expect(distributed('posts')).toContain('cityHash64(platform, post_id))');
    // Every table created on one server exists in both forms on the cluster.
    for (const s of sql(single)) {
      const table = /^CREATE TABLE IF NOT EXISTS ([a-z_]+)/.exec(s)?.[1];
      if (table) {
        expect(local(table), table).toBeDefined();
        expect(distributed(table), table).toBeDefined();
      }
    }
    expect(all.filter((s) => /ENGINE = (Aggregating|Replacing)?MergeTree/.test(s))).toEqual([]);
  });

  it('points views at the local tables, alters both tables, and keeps reads and backfills on the Distributed ones', () => {
    const all = sql(cluster);
    const view = all.find((s) => s.startsWith('CREATE MATERIALIZED VIEW IF NOT EXISTS mention_hour_seals_mv'))!;
    expect(view).toContain('ON CLUSTER stockpulse TO mention_hour_seals_local AS');
    expect(view).toContain('FROM mentions_local');
    expect(all).toContain(
      "ALTER TABLE mentions_local ON CLUSTER stockpulse ADD COLUMN IF NOT EXISTS analyser LowCardinality(String) DEFAULT 'lexicon-1'",
    );
    expect(all).toContain(
      "ALTER TABLE mentions ON CLUSTER stockpulse ADD COLUMN IF NOT EXISTS analyser LowCardinality(String) DEFAULT 'lexicon-1'",
    );
    // A codec is the stored table's: the Distributed one holds no data.
    const codecs = all.filter((s) =>
      /^ALTER TABLE \w+ ON CLUSTER stockpulse\s+MODIFY COLUMN author_hash CODEC/.test(s),
    );
    expect(codecs.map((s) => s.split(' ')[2])).toEqual(['mentions_local', 'posts_local']);
    expect(all).toContain('DROP TABLE IF EXISTS mention_minutes ON CLUSTER stockpulse SYNC');
    expect(all).toContain('DROP TABLE IF EXISTS mention_minutes_local ON CLUSTER stockpulse SYNC');
    expect(all.find((s) => s.startsWith('INSERT INTO mention_hour_seals'))).toMatch(/FROM mentions\s/);
    expect(cluster.map((m) => m.version)).toEqual(single.map((m) => m.version));
  });

  it("deletes rows from every shard's stored table, reading the tables its predicate names on the same shard", () => {
    const tables = new Set(['mention_minutes', 'mentions']);
    expect(
      renderForCluster(
        'DELETE FROM mention_minutes WHERE minute >= 0 AND post IN (SELECT cityHash64(post_id) FROM mentions FINAL)',
        tables,
        { cluster: 'stockpulse' },
      ),
    ).toEqual([
      'DELETE FROM mention_minutes_local ON CLUSTER stockpulse WHERE minute >= 0 AND post IN (SELECT cityHash64(post_id) FROM mentions_local FINAL)',
    ]);
  });

  it('is chosen by configuration, which refuses a cluster without a server', () => {
    expect(
      loadConfig({ CLICKHOUSE_URL: 'http://ch:8123', CLICKHOUSE_CLUSTER: 'stockpulse' }).env.CLICKHOUSE_CLUSTER,
    ).toBe('stockpulse');
    expect(() => loadConfig({ CLICKHOUSE_CLUSTER: 'stockpulse' })).toThrow(/CLICKHOUSE_CLUSTER needs CLICKHOUSE_URL/);
  });
});
