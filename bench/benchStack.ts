/** The stores a pipeline benchmark runs on: embedded Postgres (migrated, ticker universe seeded), chDB and a Temporal dev server, in a folder of their own. */
import fs from 'node:fs';
import path from 'node:path';
import { migratePostgres } from '../migrations';
import { createDatabase, type Database } from '../platform/database';
import { freePort } from '../platform/ports';
import { startEmbeddedPostgres } from '../platform/postgres';
import { ensureTemporalCli, projectRoot } from '../platform/temporalCli';
import { startTemporalDevServer, type TemporalDevServer } from '../platform/temporalDevServer';
import { seedTickerUniverse } from '../seed/tickerUniverse';
import { connectWarehouse, type Warehouse } from '../warehouse/client';
import { migrateWarehouse } from '../warehouse/migrate';

export interface BenchStack {
  db: Database;
  warehouse: Warehouse;
  temporal: TemporalDevServer;
}

/** Runs `bench` on a fresh stack named `name`, then stops everything and deletes the folder, also when it throws. */
export async function withBenchStack<T>(name: string, bench: (stack: BenchStack) => Promise<T>): Promise<T> {
  const dir = path.join(projectRoot, 'data', `${name}-${process.pid}`);
  fs.mkdirSync(dir, { recursive: true, mode: 0o755 });
  const postgres = await startEmbeddedPostgres({
    dataDir: path.join(dir, 'postgres'),
    port: await freePort(),
    database: 'stockpulse_bench',
  });
  const db = createDatabase(postgres.url);
  const warehouse = await connectWarehouse({
    user: 'default',
    password: '',
    database: 'bench',
    chdbPath: path.join(dir, 'clickhouse'),
  });
  const temporal = await startTemporalDevServer({
    cliPath: ensureTemporalCli(process.env.TEMPORAL_CLI_PATH || undefined),
    dataDir: path.join(dir, 'temporal'),
    port: await freePort(),
    uiPort: await freePort(),
    namespace: 'default',
  });
  try {
    await migratePostgres(db);
    await seedTickerUniverse(db);
    await migrateWarehouse(warehouse);
    return await bench({ db, warehouse, temporal });
  } finally {
    await temporal.stop();
    await warehouse.close();
    await db.destroy();
    await postgres.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
