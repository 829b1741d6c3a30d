/**
 * Scale figures: the dashboard's and alerts' reads at 1 M, 10 M (and, opted in, 100 M) mention rows, to show they stay
 * flat while history grows. The rows span 365 days over 5,000 tickers with a Zipf-like spread (the ticker of rank r
 * takes ~1/r of the talk: the first ~8 %, the last a handful), reach ClickHouse through the same insert path and views a
 * scan's writes take, and are sealed by the seal a scan runs; the configured retention's TTLs are applied and merged
 * in, as a running server's background merges would. At each size it prints, per range, the uncached stock list and
 * one ticker's history, plus cold trend detection, the ticker's recent posts, insert throughput, disk bytes per
 * mention and the process's peak memory (chDB runs inside it); then each figure's growth between the last two sizes.
 *
 *   npx tsx bench/run.ts scale                        # 1 M and 10 M
 *   BENCH_SCALE_MAX=100000000 npx tsx bench/run.ts scale   # and 100 M (about 20 minutes here on a quiet machine, ~3 GB of disk)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createStockDetailService } from '../api/services/stockDetailService';
import { createStockListService } from '../api/services/stockListService';
import { loadConfig } from '../platform/config';
import { dashboardPlatforms } from '../core/platforms';
import { retentionOf } from '../platform/retention';
import {
  DAY_MS,
  HOUR_MS,
  MINUTE_MS,
  detailRanges,
  rangeMinutes,
  windowStart,
  type DetailRange,
} from '../core/timeWindows';
import { migratePostgres } from '../migrations';
import { createDatabase, type Database } from '../platform/database';
import { setLogLevel } from '../platform/logger';
import { freePort } from '../platform/ports';
import { startEmbeddedPostgres } from '../platform/postgres';
import { projectRoot } from '../platform/temporalCli';
import { seedTickerUniverse } from '../seed/tickerUniverse';
import { connectWarehouse, type Warehouse } from '../warehouse/client';
import { migrateWarehouse } from '../warehouse/migrate';
import { mentionAnalysersSince } from '../warehouse/queries/mentionAnalysers';
import { postsToRescore } from '../warehouse/queries/postsToRescore';
import { stockListCounts } from '../warehouse/queries/stockListCounts';
import { sealMentionRollups } from '../warehouse/queries/sealMentionRollups';
import { applyRetention, retentionTtls } from '../warehouse/retention';
import { createTrendActivities } from '../workflows/activities/trendActivities';
import { figure, type Figure } from './figures';

const TICKERS = 5_000;
const DAYS = 365;
const INSERT_CHUNK = 1_000_000;

export interface ScaleStep {
  rows: number;
  /** Rows per second of the INSERT … SELECT chunks into mentions (all views), and of the seal that follows. */
  insertRowsPerSecond: number;
  sealSeconds: number;
  /** Bytes on disk of every table, and per stored mention row. */
  diskBytes: Record<string, number>;
  bytesPerMention: number;
  peakRssMb: number;
  /** Median of five uncached computations, ms. */
  list: Record<DetailRange, number>;
  /**
   * CPU time of the process (Node and chDB's threads) per uncached computation, median of five, ms: what the list costs
   * the machine, much less moved by other jobs sharing the cores than the wall-clock time.
   */
  listCpu: Record<DetailRange, number>;
  /** The list's ClickHouse read alone (the window's counts and the previous window's), median of five, ms. */
  counts: Record<DetailRange, number>;
  /** Stocks in the list. */
  stocks: Record<DetailRange, number>;
  history: Record<DetailRange, number>;
  trendsColdMs: number;
  trendsColdCpuMs: number;
  postsMs: number;
  /** The Pipelines page's sentiment labels card: the last day's mentions by analyser (mentions FINAL), ms. */
  labelsMs: number;
  /** The re-score's read of one hour's mentions not yet labelled by a model (mentions FINAL; the bench writes no posts to join), ms. */
  rescoreHourMs: number;
  /** The 1-minute load average when the step's reads started and when they ended (the machine is shared). */
  loadAverage: [number, number];
}

export interface ScaleBenchResult {
  ticker: string;
  steps: ScaleStep[];
}

/** The sizes to load: 1 M and 10 M, and 100 M when BENCH_SCALE_MAX allows (each size adds to the one before). */
export function scaleSizes(max = Number(process.env.BENCH_SCALE_MAX ?? 10_000_000)): number[] {
  return [1_000_000, 10_000_000, 100_000_000].filter((n) => n <= max);
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
/** Medians of `times` runs: wall-clock ms, and CPU ms of the whole process (chDB runs inside it). */
async function timed(run: () => Promise<unknown>, times = 5): Promise<{ ms: number; cpuMs: number }> {
  const walls: number[] = [];
  const cpus: number[] = [];
  for (let i = 0; i < times; i++) {
    const cpu = process.cpuUsage();
    const start = performance.now();
    await run();
    walls.push(performance.now() - start);
    const used = process.cpuUsage(cpu);
    cpus.push((used.user + used.system) / 1000);
  }
  return { ms: median(walls), cpuMs: median(cpus) };
}
const timeMs = async (run: () => Promise<unknown>) => (await timed(run)).ms;

/**
 * Mention rows [offset, offset + count) as a SELECT: the ticker of rank r (1-based) drawn with probability
 * ln(1 + 1/r) / ln(5000) (log-uniform: a Zipf spread), times uniform over the 365 days before `now`, a third of the
 * labels each, 500,000 authors, three platforms. Deterministic per row number.
 */
const mentionSelect = `
  SELECT
    arrayElement({tickers:Array(String)}, 1 + least(toUInt32(pow({nf:Float64}, (cityHash64(number, 1) % 1000000) / 1000000.0)) - 1, {n:UInt32} - 1)) AS ticker,
    arrayElement({platforms:Array(String)}, 1 + cityHash64(number, 3) % length({platforms:Array(String)})) AS platform,
    concat('p', toString(number)) AS post_id,
    'scale' AS source,
    toFixedString(substring(hex(cityHash64(number % 500000)), 1, 16), 16) AS author_hash,
    fromUnixTimestamp64Milli(toInt64({now:Int64} - cityHash64(number, 2) % {span:UInt64})) AS ts,
    0.25 AS compound,
    arrayElement(['bearish', 'neutral', 'bullish'], 1 + cityHash64(number, 4) % 3) AS label,
    1 AS engagement,
    true AS simulated
  FROM numbers({offset:UInt64}, {count:UInt64})`;

export async function loadScaleRows(
  warehouse: Warehouse,
  tickers: string[],
  now: number,
  offset: number,
  count: number,
): Promise<number> {
  const params = { tickers, n: TICKERS, nf: TICKERS, platforms: [...dashboardPlatforms], now, span: DAYS * DAY_MS };
  const start = performance.now();
  for (let at = offset; at < offset + count; at += INSERT_CHUNK) {
    const chunk = { ...params, offset: at, count: Math.min(INSERT_CHUNK, offset + count - at) };
    await warehouse.command({
      query: `INSERT INTO mentions (ticker, platform, post_id, source, author_hash, ts, compound, label, engagement, simulated) ${mentionSelect}`,
      query_params: chunk,
    });
  }
  const seconds = (performance.now() - start) / 1000;
  // The posts behind the mentions inside the posts' retention (the text of recent posts), as a scan stores them.
  const postsFrom = now - retentionOf(loadConfig({}).env).postsDays * DAY_MS;
  for (let at = offset; at < offset + count; at += INSERT_CHUNK) {
    await warehouse.command({
      query: `INSERT INTO posts (platform, post_id, source, author_hash, ts, title, text, url, engagement, simulated)
              SELECT platform, post_id, source, author_hash, ts, concat('About $', ticker), concat('Talk about $', ticker, ' number ', post_id, ' going somewhere this week'),
                     concat('https://example.com/', post_id), 1, true
              FROM (${mentionSelect}) WHERE ts >= fromUnixTimestamp64Milli({postsFrom:Int64})`,
      query_params: { ...params, offset: at, count: Math.min(INSERT_CHUNK, offset + count - at), postsFrom },
    });
  }
  return count / seconds;
}

/** Waits until no merge runs (at most 5 minutes): figures are of the steady state, not of parts just written. */
async function settle(warehouse: Warehouse): Promise<void> {
  const start = performance.now();
  for (let quiet = 0; quiet < 3 && performance.now() - start < 300_000;) {
    const [row] = await (
      await warehouse.query({ query: 'SELECT count() AS merges FROM system.merges', format: 'JSONEachRow' })
    ).json<{ merges: number }>();
    quiet = Number(row!.merges) === 0 ? quiet + 1 : 0;
    await new Promise((r) => setTimeout(r, 1000));
  }
}

async function diskBytes(warehouse: Warehouse): Promise<Record<string, number>> {
  const result = await warehouse.query({
    query: `SELECT table, sum(bytes_on_disk) AS bytes FROM system.parts WHERE active AND database = currentDatabase() GROUP BY table ORDER BY table`,
    format: 'JSONEachRow',
  });
  return Object.fromEntries(
    (await result.json<{ table: string; bytes: number | string }>()).map((r) => [r.table, Number(r.bytes)]),
  );
}

export async function benchScale(sizes = scaleSizes()): Promise<ScaleBenchResult> {
  setLogLevel('error');
  const dir = path.join(projectRoot, 'data', `bench-scale-${process.pid}`);
  fs.mkdirSync(dir, { recursive: true, mode: 0o755 });
  const postgres = await startEmbeddedPostgres({
    dataDir: path.join(dir, 'postgres'),
    port: await freePort(),
    database: 'stockpulse_bench',
  });
  const db: Database = createDatabase(postgres.url);
  const warehouse = await connectWarehouse({
    user: 'default',
    password: '',
    database: 'bench',
    chdbPath: path.join(dir, 'clickhouse'),
  });
  try {
    await migratePostgres(db);
    await seedTickerUniverse(db);
    await migrateWarehouse(warehouse);
    const retention = retentionOf(loadConfig({}).env);
    await applyRetention(warehouse, retention);
    const tickers = (await db('tickers').orderBy('symbol').limit(TICKERS).pluck<string[]>('symbol')) as string[];
    // Rank 1 is the most mentioned; every ticker has its stocks row, as after a day of scans.
    const names = await db('tickers').whereIn('symbol', tickers).select('symbol', 'name');
    for (let i = 0; i < names.length; i += 1000) {
      await db('stocks')
        .insert(
          names
            .slice(i, i + 1000)
            .map((n) => ({ ticker: n.symbol, name: n.name, price: '100.00', change_percent: '0.50' })),
        )
        .onConflict('ticker')
        .ignore();
    }
    const top = tickers[0]!;
    const now = Date.now();
    const steps: ScaleStep[] = [];
    let loaded = 0;
    for (const size of sizes) {
      const insertRowsPerSecond = await loadScaleRows(warehouse, tickers, now, loaded, size - loaded);
      loaded = size;
      const sealStart = performance.now();
      await sealMentionRollups(warehouse, { settleMs: 0 });
      const sealSeconds = (performance.now() - sealStart) / 1000;
      // What a running server's TTL merges do over time: expired rows of the short-lived rollups go.
      for (const { table } of retentionTtls(retention))
        if (table !== 'mentions') await warehouse.command({ query: `OPTIMIZE TABLE ${table} FINAL` });
      await settle(warehouse);

      const lists = createStockListService({ db, warehouse, cacheMs: 0 });
      const details = createStockDetailService({ db, warehouse, historyCacheMs: 0 });
      const trends = createTrendActivities({ db, warehouse, cacheBaseline: false });
      const loadBefore = os.loadavg()[0]!;
      const list = {} as Record<DetailRange, number>;
      const listCpu = {} as Record<DetailRange, number>;
      const counts = {} as Record<DetailRange, number>;
      const stocks = {} as Record<DetailRange, number>;
      const history = {} as Record<DetailRange, number>;
      for (const range of detailRanges) {
        ({ ms: list[range], cpuMs: listCpu[range] } = await timed(() => lists.list(range)));
        stocks[range] = (await lists.list(range)).length;
        const start = windowStart(new Date(), rangeMinutes[range]);
        counts[range] = await timeMs(() =>
          stockListCounts(warehouse, start, rangeMinutes[range] * MINUTE_MS, new Date()),
        );
        history[range] = await timeMs(() => details.historical(top, range));
      }
      const { ms: trendsColdMs, cpuMs: trendsColdCpuMs } = await timed(() => trends.detectTrends());
      const postsMs = await timeMs(() => details.posts(top, 20));
      const labelsMs = await timeMs(() => mentionAnalysersSince(warehouse, new Date(Date.now() - DAY_MS)));
      const lastHour = Math.floor(Date.now() / HOUR_MS) * HOUR_MS - HOUR_MS;
      const rescoreHourMs = await timeMs(() =>
        postsToRescore(warehouse, { from: new Date(lastHour), to: new Date(lastHour + HOUR_MS), analyser: 'bench' }),
      );
      const loadAverage: [number, number] = [loadBefore, os.loadavg()[0]!];
      const disk = await diskBytes(warehouse);
      const total = Object.values(disk).reduce((a, b) => a + b, 0);
      steps.push({
        rows: size,
        insertRowsPerSecond,
        sealSeconds,
        diskBytes: disk,
        bytesPerMention: total / size,
        peakRssMb: process.resourceUsage().maxRSS / 1024,
        list,
        listCpu,
        counts,
        stocks,
        history,
        trendsColdMs,
        trendsColdCpuMs,
        postsMs,
        labelsMs,
        rescoreHourMs,
        loadAverage,
      });
      reportScaleStep(steps.at(-1)!, top);
    }
    return { ticker: top, steps };
  } finally {
    await warehouse.close();
    await db.destroy();
    await postgres.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const millions = (rows: number) => `${rows / 1_000_000}M`;
const ms = (x: number) => `${x < 10 ? x.toFixed(1) : Math.round(x)} ms`;

/** The targets the figures are held to (the 100 M ones apply at 100 M rows; smaller sizes are shown against them too). */
function stepFigures(s: ScaleStep): Figure[] {
  const at = millions(s.rows);
  const big = s.rows >= 100_000_000;
  const out: Figure[] = [];
  for (const range of detailRanges) {
    out.push(
      figure('scale', `stock list ${range} uncached at ${at} rows`, s.list[range], 'ms', big ? '< 200' : '< 100'),
    );
    out.push(figure('scale', `stock list ${range} CPU (process) at ${at} rows`, s.listCpu[range], 'ms'));
    out.push(figure('scale', `stock list ${range} ClickHouse counts at ${at} rows`, s.counts[range], 'ms'));
    out.push(figure('scale', `stock list ${range} stocks listed at ${at} rows`, s.stocks[range], 'stocks'));
    out.push(
      figure(
        'scale',
        `one ticker's history ${range} at ${at} rows`,
        s.history[range],
        'ms',
        range === '30days' ? '< 50' : undefined,
      ),
    );
  }
  out.push(figure('scale', `trend detection cold at ${at} rows`, s.trendsColdMs, 'ms', '< 250'));
  out.push(figure('scale', `trend detection cold CPU (process) at ${at} rows`, s.trendsColdCpuMs, 'ms'));
  out.push(figure('scale', `load average (1 min) at the start of the ${at} reads`, s.loadAverage[0], ''));
  out.push(figure('scale', `load average (1 min) at the end of the ${at} reads`, s.loadAverage[1], ''));
  out.push(figure('scale', `one ticker's recent posts at ${at} rows`, s.postsMs, 'ms'));
  out.push(figure('scale', `the last day's mentions by analyser (admin) at ${at} rows`, s.labelsMs, 'ms'));
  out.push(figure('scale', `the re-score's read of one hour at ${at} rows`, s.rescoreHourMs, 'ms'));
  out.push(
    figure(
      'scale',
      `insert throughput (INSERT SELECT with all views) at ${at} rows`,
      Math.round(s.insertRowsPerSecond),
      'rows/s',
      '>= 200000',
    ),
  );
  out.push(figure('scale', `seal of the loaded hours at ${at} rows`, s.sealSeconds, 's'));
  out.push(
    figure(
      'scale',
      `disk per mention (all tables) at ${at} rows`,
      Math.round(s.bytesPerMention * 10) / 10,
      'bytes',
      '< 40',
    ),
  );
  out.push(figure('scale', `peak memory (process, chDB inside) at ${at} rows`, Math.round(s.peakRssMb), 'MB'));
  return out;
}

function reportScaleStep(s: ScaleStep, ticker: string): void {
  const at = millions(s.rows);
  console.log(
    `scale ${at} mention rows (5,000 tickers, Zipf spread, 365 days): inserted at ${Math.round(s.insertRowsPerSecond).toLocaleString('en-US')} rows/s with every view, sealed in ${s.sealSeconds.toFixed(1)} s`,
  );
  console.log(
    `  reads under a 1-minute load average of ${s.loadAverage[0].toFixed(1)} (start) and ${s.loadAverage[1].toFixed(1)} (end) on ${os.availableParallelism()} cores`,
  );
  console.log(`  range      stock list (uncached)   CPU        of it ClickHouse   stocks   ${ticker} history`);
  for (const range of detailRanges) {
    console.log(
      `  ${range.padEnd(9)}  ${ms(s.list[range]).padStart(10)}             ${ms(s.listCpu[range]).padStart(8)}   ${ms(s.counts[range]).padStart(9)}          ${String(s.stocks[range]).padStart(6)}   ${ms(s.history[range]).padStart(8)}`,
    );
  }
  console.log(
    `  trend detection cold ${ms(s.trendsColdMs)} (CPU ${ms(s.trendsColdCpuMs)}), ${ticker} recent posts ${ms(s.postsMs)}, the last day's mentions by analyser ${ms(s.labelsMs)}, the re-score's read of an hour ${ms(s.rescoreHourMs)}, peak memory ${Math.round(s.peakRssMb).toLocaleString('en-US')} MB`,
  );
  console.log(
    `  disk ${(Object.values(s.diskBytes).reduce((a, b) => a + b, 0) / 1e6).toFixed(1)} MB = ${s.bytesPerMention.toFixed(1)} bytes per mention (${Object.entries(
      s.diskBytes,
    )
      .map(([t, b]) => `${t} ${(b / s.rows).toFixed(1)}`)
      .join(', ')})`,
  );
}

/** Human-readable lines (each size's table was printed as it finished) and every figure, with growth ratios. */
export function reportScale(r: ScaleBenchResult): Figure[] {
  const figures = r.steps.flatMap(stepFigures);
  if (r.steps.length >= 2) {
    const [a, b] = r.steps.slice(-2) as [ScaleStep, ScaleStep];
    const label = `${millions(a.rows)}→${millions(b.rows)}`;
    const growth = (name: string, x: number, y: number, target?: `<= ${number}`) =>
      figure('scale', `growth ${label} ${name}`, Math.round((y / x) * 100) / 100, '×', target);
    const lines: Figure[] = [];
    for (const range of detailRanges) {
      lines.push(growth(`stock list ${range}`, a.list[range], b.list[range], '<= 2'));
      lines.push(growth(`stock list ${range} CPU`, a.listCpu[range], b.listCpu[range]));
      lines.push(growth(`stock list ${range} ClickHouse counts`, a.counts[range], b.counts[range]));
      lines.push(growth(`history ${range}`, a.history[range], b.history[range]));
    }
    lines.push(growth('trend detection cold', a.trendsColdMs, b.trendsColdMs));
    lines.push(growth('recent posts', a.postsMs, b.postsMs));
    lines.push(growth('disk per mention', a.bytesPerMention, b.bytesPerMention));
    lines.push(growth('peak memory', a.peakRssMb, b.peakRssMb));
    console.log(
      `scale growth ${label} (rows ×${b.rows / a.rows}): ${lines.map((f) => `${f.figure.replace(`growth ${label} `, '')} ${f.value}×`).join(', ')}`,
    );
    figures.push(...lines);
  }
  return figures;
}
