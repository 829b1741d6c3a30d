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
 * ClickHouse 26.3 stopped pruning partitions under FINAL when the partition column is not in the sorting key (its
 * report #104263), as with `mentions` (by month of `ts`, sorted by ticker, platform and post): every `mentions FINAL`
 * read of an hour or a day (the re-score's, the seal's, the Pipelines page's labels) merged the whole table: an hour's
 * read took 19 times as long at 10 M rows (docs/scale.md). Pruning is safe for every table here: a row's partition
 * column is either in its sorting key or, for posts and mentions, the post's time, the same in every row of a key, so
 * pruning can never drop a newer row and keep an older one. Servers before 26.3 prune anyway and do not know the
 * setting.
 */
const FINAL_PARTITION_PRUNING = { defer_partition_pruning_after_final: 0 } as const;

async function finalPartitionPruning(client: Warehouse): Promise<Partial<typeof FINAL_PARTITION_PRUNING>> {
  const result = await client.query({
    query: `SELECT name FROM system.settings WHERE name = {name:String}`,
    query_params: { name: Object.keys(FINAL_PARTITION_PRUNING)[0] },
    format: 'JSONEachRow',
  });
  return (await result.json()).length > 0 ? FINAL_PARTITION_PRUNING : {};
}

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
    let pruning;
    try {
      await bootstrap.command({ query: `CREATE DATABASE IF NOT EXISTS ${options.database}` });
      pruning = await finalPartitionPruning(bootstrap);
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
      clickhouse_settings: { ...settings, ...pruning },
      request_timeout: 30_000,
    });
  }
  fs.mkdirSync(options.chdbPath, { recursive: true });
  // Loaded lazily: the ~550 MB native library is only needed in embedded mode.
  const { createChdbConnection } = await import('chdb/connection');
  const clientOver = (connection: ReturnType<typeof createChdbConnection>, extra: object = {}): Warehouse =>
    createClient({
      clickhouse_settings: { ...settings, ...extra },
      connection,
    } as Parameters<typeof createClient>[0]);
  let client: Warehouse;
  try {
    const connection = withRawInserts(createChdbConnection({ path: options.chdbPath }));
    const bootstrap = clientOver(connection);
    await bootstrap.command({ query: `CREATE DATABASE IF NOT EXISTS ${options.database}` });
    // chDB keeps one session per process; USE makes the database current for every later query.
    await bootstrap.command({ query: `USE ${options.database}` });
    // The same connection (closed with the client returned), with the settings this engine supports.
    client = clientOver(connection, await finalPartitionPruning(bootstrap));
  } catch (err) {
    const message = (err as Error).message;
    const hint = /lock/i.test(message)
      ? ' (another StockPulse process is using this data directory; stop it first)'
      : '';
    throw new StartupError(`Embedded ClickHouse (chDB) could not open ${options.chdbPath}: ${message}${hint}`);
  }
  return client;
}
