import { randomBytes, randomInt } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { createDatabase, type Database } from '../../platform/database';
import { ensureDatabase } from '../../platform/postgres';
import { migratePostgres } from '../../migrations';
import { seedSourceLists } from '../../seed/sourceLists';
import { seedTickerUniverse } from '../../seed/tickerUniverse';
import { connectWarehouse, type Warehouse } from '../../warehouse/client';
import { migrateWarehouse } from '../../warehouse/migrate';

export interface TestDatabase {
  db: Database;
  url: string;
  drop(): Promise<void>;
}

/** A fresh, migrated Postgres database on the run's real server (with the ticker universe and source lists when `seed`); drop() removes it. */
export async function createTestDatabase(options: { seed?: boolean } = {}): Promise<TestDatabase> {
  const adminUrl = inject('postgresAdminUrl');
  const name = `test_${randomBytes(6).toString('hex')}`;
  await ensureDatabase(adminUrl, name);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const db = createDatabase(url.toString());
  await migratePostgres(db);
  // Every test database shares the run's one Temporal namespace, where a webhook delivery's workflow is named after its
  // row id: ids that start at a random point keep two files' deliveries from joining each other's workflow.
  await db.raw(`SELECT setval(pg_get_serial_sequence('webhook_deliveries', 'id'), ?)`, [randomInt(1, 2 ** 31)]);
  if (options.seed) {
    await seedTickerUniverse(db);
    await seedSourceLists(db);
  }
  return {
    db,
    url: url.toString(),
    async drop() {
      await db.destroy();
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await admin.end();
    },
  };
}

export interface TestWarehouse {
  warehouse: Warehouse;
  close(): Promise<void>;
}

/** Real embedded ClickHouse (chDB) in a temporary directory, migrated. One per test file: chDB allows one directory per process. */
export async function createTestWarehouse(): Promise<TestWarehouse> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stockpulse-chdb-'));
  const warehouse = await connectWarehouse({ user: 'default', password: '', database: 'stockpulse', chdbPath: dir });
  await migrateWarehouse(warehouse);
  return {
    warehouse,
    async close() {
      await warehouse.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

export const uniqueTaskQueue = (prefix: string) => `${prefix}-${randomBytes(4).toString('hex')}`;
