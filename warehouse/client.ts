import fs from 'node:fs';
import { createClient, type ClickHouseClient } from '@clickhouse/client';
import { StartupError } from '../platform/startupError';
import { withRawInserts } from './chdbConnection';

export type Warehouse = ClickHouseClient;

export interface WarehouseOptions {
  /** A ClickHouse server URL; absent means embedded chDB at `chdbPath`. */
  url?: string;
  user: string;
  password: string;
  database: string;
  chdbPath: string;
}

// One setting set for both servers and chDB, so every query behaves the same.
const settings = {
  date_time_input_format: 'best_effort',
  output_format_json_quote_64bit_integers: 0,
  // A mention insert feeds two views (its per-minute rows and the hours it touches): fill them side by side.
  parallel_view_processing: 1,
  // An insert writes its rows as they come, without first merging duplicate keys within itself: every reader already
  // folds duplicates (FINAL, argMax, uniqExact), as it must across inserts, and that merge cost up to a third of a
  // mention insert's time.
  optimize_on_insert: 0,
} as const;

/**
 * A @clickhouse/client over a ClickHouse server or over embedded chDB (createChdbConnection):
 * one code path. The database is created if missing and made current.
 */
export async function connectWarehouse(options: WarehouseOptions): Promise<Warehouse> {
  if (!/^[a-z_][a-z0-9_]*$/.test(options.database))
    throw new StartupError(`CLICKHOUSE_DATABASE must be a plain identifier`);
  if (options.url) {
    const bootstrap = createClient({
      url: options.url,
      username: options.user,
      password: options.password,
      clickhouse_settings: settings,
    });
    try {
      await bootstrap.command({ query: `CREATE DATABASE IF NOT EXISTS ${options.database}` });
    } catch (err) {
      throw new StartupError(`ClickHouse at CLICKHOUSE_URL is not reachable: ${(err as Error).message}`);
    } finally {
      await bootstrap.close();
    }
    return createClient({
      url: options.url,
      username: options.user,
      password: options.password,
      database: options.database,
      clickhouse_settings: settings,
      request_timeout: 30_000,
    });
  }
  fs.mkdirSync(options.chdbPath, { recursive: true });
  // Loaded lazily: the ~550 MB native library is only needed in embedded mode.
  const { createChdbConnection } = await import('chdb/connection');
  let client: Warehouse;
  try {
    client = createClient({
      clickhouse_settings: settings,
      connection: withRawInserts(createChdbConnection({ path: options.chdbPath })),
    } as Parameters<typeof createClient>[0]);
    await client.command({ query: `CREATE DATABASE IF NOT EXISTS ${options.database}` });
    // chDB keeps one session per process; USE makes the database current for every later query.
    await client.command({ query: `USE ${options.database}` });
  } catch (err) {
    const message = (err as Error).message;
    const hint = /lock/i.test(message)
      ? ' (another StockPulse process is using this data directory; stop it first)'
      : '';
    throw new StartupError(`Embedded ClickHouse (chDB) could not open ${options.chdbPath}: ${message}${hint}`);
  }
  return client;
}
