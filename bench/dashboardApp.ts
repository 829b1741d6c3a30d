/**
 * The app side of the dashboard benchmark (bench/dashboard.ts spawns it): a process that owns chDB, fills it with
 * BENCH_MENTIONS mention rows over 500 tickers, seals their hours (as the seal after every scan does), times trend
 * detection and the uncached stock-list queries, then serves
 * the real API on a free port for the load generator in the parent process. Reports on stdout as one JSON line.
 * Env: DATABASE_URL, CHDB_PATH, BENCH_MENTIONS.
 */
import type { AddressInfo } from 'node:net';
import { Client, Connection } from '@temporalio/client';
import { buildApp } from '../api/app';
import { createStockListService } from '../api/services/stockListService';
import { loadConfig } from '../platform/config';
import { createDatabase } from '../platform/database';
import { setLogLevel } from '../platform/logger';
import { connectWarehouse } from '../warehouse/client';
import { migrateWarehouse } from '../warehouse/migrate';
import { createTrendDetection } from '../domain/trends/trendDetection';
import { sealMentionRollups } from '../warehouse/queries/sealMentionRollups';
import { createHttpServer } from '../server/httpServer';
import { platforms } from '../core/platforms';
import { HOUR_MS, timeRanges } from '../core/timeWindows';

const env = process.env as Record<string, string>;
setLogLevel('error');
const mentions = Number(env.BENCH_MENTIONS ?? 10_000_000);
const db = createDatabase(env.DATABASE_URL!);
const warehouse = await connectWarehouse({
  user: 'default',
  password: '',
  database: 'bench',
  chdbPath: env.CHDB_PATH!,
});
await migrateWarehouse(warehouse);

const tickers = (await db('tickers').orderBy('symbol').limit(500).pluck<string[]>('symbol')) as string[];
const now = Date.now();
const WINDOW_MS = 170 * HOUR_MS; // the trend baseline's 7 days and the hour before them

// Popularity is skewed (index ~ 500·u², so a few tickers carry most of the chatter), times are uniform over the last
// 170 hours, 200,000 distinct authors, a third each bullish, neutral, bearish, five platforms.
const insertStart = performance.now();
const CHUNK = 2_000_000;
for (let offset = 0; offset < mentions; offset += CHUNK) {
  await warehouse.command({
    query: `INSERT INTO mentions (ticker, platform, post_id, source, author_hash, ts, compound, label, engagement, simulated)
            SELECT
              arrayElement({tickers:Array(String)}, 1 + toUInt32(500 * pow((cityHash64(number, 1) % 1000000) / 1000000.0, 2))),
              arrayElement({platforms:Array(String)}, 1 + number % length({platforms:Array(String)})),
              concat('bench_', toString(number)),
              'bench',
              toFixedString(leftPad(hex(cityHash64(number % 200000)), 16, '0'), 16),
              fromUnixTimestamp64Milli(toInt64({now:Int64} - (cityHash64(number, 2) % {window:UInt64}))),
              0.1,
              arrayElement(['bearish', 'neutral', 'bullish'], 1 + number % 3),
              1,
              true
            FROM numbers({offset:UInt64}, {count:UInt64})`,
    query_params: { tickers, platforms, now, window: WINDOW_MS, offset, count: Math.min(CHUNK, mentions - offset) },
  });
}
// Ten quiet tickers (the least popular end of the skew) spike in the last hour: what detection must find.
await warehouse.command({
  query: `INSERT INTO mentions (ticker, platform, post_id, source, author_hash, ts, compound, label, engagement, simulated)
          SELECT arrayElement({spikes:Array(String)}, 1 + number % 10), 'reddit', concat('spike_', toString(number)), 'bench',
                 toFixedString(leftPad(hex(cityHash64(number + 1000000)), 16, '0'), 16),
                 fromUnixTimestamp64Milli(toInt64({now:Int64} - (cityHash64(number, 3) % 3000000))), 0.5, 'bullish', 1, true
          FROM numbers(400)`,
  query_params: { spikes: tickers.slice(-10), now },
});
const insertSeconds = (performance.now() - insertStart) / 1000;
// Time the steady state, not the background merges of the parts just written (a running product merges as it goes).
const settleStart = performance.now();
for (let quiet = 0; quiet < 3 && performance.now() - settleStart < 300_000;) {
  const [{ merges }] = (await (
    await warehouse.query({ query: 'SELECT count() AS merges FROM system.merges', format: 'JSONEachRow' })
  ).json<{ merges: number }>()) as [{ merges: number }];
  quiet = merges === 0 ? quiet + 1 : 0;
  await new Promise((r) => setTimeout(r, 1000));
}
const settleSeconds = (performance.now() - settleStart) / 1000;
const stored = (
  await (
    await warehouse.query({ query: 'SELECT count() AS rows FROM mentions', format: 'JSONEachRow' })
  ).json<{ rows: number }>()
)[0]!.rows;

// Every ticker has a stocks row, as after a day of scans.
const names = await db('tickers').whereIn('symbol', tickers).select('symbol', 'name');
await db('stocks')
  .insert(names.map((n) => ({ ticker: n.symbol, name: n.name, price: '100.00', change_percent: '0.50' })))
  .onConflict('ticker')
  .ignore();

const time = async <T>(run: () => Promise<T>) => {
  const start = performance.now();
  const result = await run();
  return { result, ms: performance.now() - start };
};
const uncachedTrends = createTrendDetection({ db, warehouse, cacheBaseline: false });
// Before any seal every hour is counted from the per-mention rows; a running product seals after every scan, so this
// state lasts until the first scan of a first start. Timed for the record; the targets apply to the sealed state.
const unsealed = await time(() => uncachedTrends.detectTrends());
const seal = await time(() => sealMentionRollups(warehouse, { settleMs: 0 }));
const trends = createTrendDetection({ db, warehouse });
const cold = await time(() => trends.detectTrends());
const warm = await time(() => trends.detectTrends());
const coldAgain = await time(() => uncachedTrends.detectTrends());

const lists = createStockListService({ db, warehouse, cacheMs: 0 });
const compute: Record<string, { ms: number; stocks: number }> = {};
for (const range of timeRanges) {
  const runs = [];
  for (let i = 0; i < 3; i++) runs.push(await time(() => lists.list(range)));
  runs.sort((a, b) => a.ms - b.ms);
  compute[range] = { ms: runs[1]!.ms, stocks: runs[1]!.result.length };
}

// The real app (default 5-second list cache); Temporal is not needed by the routes under load.
const connection = await Connection.lazy({ address: '127.0.0.1:1' });
const app = buildApp({
  config: loadConfig({ DATA_DIR: env.CHDB_PATH!, LOG_LEVEL: 'error' }),
  db,
  warehouse,
  temporal: new Client({ connection }),
  temporalUiUrl: null,
  realPlatforms: [],
});
// The API's own server settings (keep-alive), as `npm start` serves it.
const server = createHttpServer(app.callback());
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));

process.stdout.write(
  `${JSON.stringify({
    port: (server.address() as AddressInfo).port,
    tickers: tickers.length,
    mentions: stored,
    insertSeconds,
    settleSeconds,
    sealSeconds: seal.ms / 1000,
    sealedHours: seal.result.hours,
    detection: {
      unsealedMs: unsealed.ms,
      coldMs: cold.ms,
      warmMs: warm.ms,
      coldAgainMs: coldAgain.ms,
      trendsDetected: cold.result.trendsDetected,
      scored: cold.result.scored,
    },
    compute,
  })}\n`,
);

process.on('SIGTERM', () => {
  server.close();
  server.closeAllConnections();
  void Promise.all([connection.close(), warehouse.close(), db.destroy()]).finally(() => process.exit(0));
});
