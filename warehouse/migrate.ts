import fs from 'node:fs';
import path from 'node:path';
import type { Warehouse } from './client';
import { createdTables, renderForCluster, type ClusterTopology } from './clusterSql';

const migrationsDir = path.join(import.meta.dirname, 'migrations');

/** Splits a migration file into statements: `;` at the end of a line closes one; `--` comment lines are dropped. */
export function splitStatements(sql: string): string[] {
  const statements: string[] = [];
  let current: string[] = [];
  for (const line of sql.split('\n')) {
    if (line.trim().startsWith('--')) continue;
    current.push(line);
    if (line.trimEnd().endsWith(';')) {
      statements.push(current.join('\n').trim().replace(/;$/, ''));
      current = [];
    }
  }
  const rest = current.join('\n').trim();
  if (rest) statements.push(rest);
  return statements.filter(Boolean);
}

const SCHEMA_MIGRATIONS = `CREATE TABLE IF NOT EXISTS schema_migrations (version String, applied_at DateTime64(3, 'UTC') DEFAULT now64(3))
            ENGINE = ReplacingMergeTree ORDER BY version`;

export interface RenderedMigration {
  version: string;
  statements: string[];
}

/**
 * Every migration's statements as the server runs them: as written for one server, or rendered for a cluster
 * (clusterSql.ts) when `topology` is given. The first entry creates schema_migrations.
 */
export function renderMigrations(topology?: ClusterTopology): RenderedMigration[] {
  const files = fs
    .readdirSync(migrationsDir)
    .filter((f) => /^\d{3}_[a-z0-9_]+\.sql$/.test(f))
    .sort();
  const migrations = [
    { version: '000_schema_migrations', statements: [SCHEMA_MIGRATIONS] },
    ...files.map((file) => ({
      version: file.replace(/\.sql$/, ''),
      statements: splitStatements(fs.readFileSync(path.join(migrationsDir, file), 'utf8')),
    })),
  ];
  if (!topology) return migrations;
  const tables = new Set(createdTables(migrations.flatMap((m) => m.statements)));
  return migrations.map((m) => ({
    version: m.version,
    statements: m.statements.flatMap((s) => renderForCluster(s, tables, topology)),
  }));
}

/**
 * Applies numbered SQL files in warehouse/migrations in order and records each in schema_migrations; with a cluster
 * topology, in their cluster rendering (CLICKHOUSE_CLUSTER).
 */
export async function migrateWarehouse(
  warehouse: Warehouse,
  options: { topology?: ClusterTopology } = {},
): Promise<string[]> {
  const [schema, ...migrations] = renderMigrations(options.topology);
  for (const statement of schema!.statements) await warehouse.command({ query: statement });
  const result = await warehouse.query({ query: 'SELECT version FROM schema_migrations FINAL', format: 'JSONEachRow' });
  const done = new Set((await result.json<{ version: string }>()).map((r) => r.version));
  const applied: string[] = [];
  for (const { version, statements } of migrations) {
    if (done.has(version)) continue;
    for (const statement of statements) {
      await warehouse.command({ query: statement });
    }
    await warehouse.insert({ table: 'schema_migrations', values: [{ version }], format: 'JSONEachRow' });
    applied.push(version);
  }
  return applied;
}
