import fs from 'node:fs';
import path from 'node:path';
import type { Warehouse } from './client';

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

/** Applies numbered SQL files in warehouse/migrations in order and records each in schema_migrations. */
export async function migrateWarehouse(warehouse: Warehouse): Promise<string[]> {
  await warehouse.command({
    query: `CREATE TABLE IF NOT EXISTS schema_migrations (version String, applied_at DateTime64(3, 'UTC') DEFAULT now64(3))
            ENGINE = ReplacingMergeTree ORDER BY version`,
  });
  const result = await warehouse.query({ query: 'SELECT version FROM schema_migrations FINAL', format: 'JSONEachRow' });
  const done = new Set((await result.json<{ version: string }>()).map((r) => r.version));
  const files = fs
    .readdirSync(migrationsDir)
    .filter((f) => /^\d{3}_[a-z0-9_]+\.sql$/.test(f))
    .sort();
  const applied: string[] = [];
  for (const file of files) {
    const version = file.replace(/\.sql$/, '');
    if (done.has(version)) continue;
    for (const statement of splitStatements(fs.readFileSync(path.join(migrationsDir, file), 'utf8'))) {
      await warehouse.command({ query: statement });
    }
    await warehouse.insert({ table: 'schema_migrations', values: [{ version }], format: 'JSONEachRow' });
    applied.push(version);
  }
  return applied;
}
