/**
 * Dashboard figures on this machine, with 500 tickers and 10 million mention rows in chDB, their hours sealed as the
 * seal after every scan leaves them:
 * - one trend detection (target < 1 s), cold (the 7-day baseline read) and warm (baseline kept for the hour), and,
 *   for the record, one before the seal (every hour counted from the per-mention rows);
 * - GET /api/stocks: each range's uncached computation (one ClickHouse + one Postgres query), and latency and
 *   throughput under load (autocannon, from this process, against the app running in a second process).
 *
 *   npx tsx bench/dashboard.ts          # BENCH_MENTIONS=1000000 for a quicker run
 *   import { benchDashboard } from './dashboard'   (bench/run.ts)
 */
import { figure, type Figure } from './figures';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import { migratePostgres } from '../migrations';
import { createDatabase } from '../platform/database';
import { freePort } from '../platform/ports';
import { startEmbeddedPostgres } from '../platform/postgres';
import { projectRoot } from '../platform/temporalCli';
import { hashPassword } from '../platform/passwordHasher';
import { seedTickerUniverse } from '../seed/tickerUniverse';

export interface DashboardBenchResult {
  tickers: number;
  mentions: number;
  insertSeconds: number;
  settleSeconds: number;
  /** The seal of the loaded hours (sealMentionRollups, as after a scan) and the hours it sealed. */
  sealSeconds: number;
  sealedHours: number;
  /** `unsealedMs`: one detection before the seal, every hour counted from the per-mention rows. */
  detection: {
    unsealedMs: number;
    coldMs: number;
    warmMs: number;
    coldAgainMs: number;
    trendsDetected: number;
    scored: number;
  };
  compute: Record<string, { ms: number; stocks: number }>;
  /** At the target's rate (500 requests/s offered), then as fast as the connections go. */
  load: LoadFigures;
  maxLoad: LoadFigures;
}

export interface LoadFigures {
  range: string;
  connections: number;
  seconds: number;
  /** Offered rate, requests/s; 0 means unlimited. */
  rate: number;
  p50: number;
  p99: number;
  requestsPerSecond: number;
  non2xx: number;
  /** CPU time of the app process per request (user + system), ms: steadier than latency on a busy machine. */
  appCpuMsPerRequest: number;
}

/** User + system CPU time of a process so far, ms (Linux /proc; clock ticks are 10 ms). */
function processCpuMs(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

const BENCH_EMAIL = 'bench@stockpulse.local';
const BENCH_PASSWORD = 'bench-password';

export async function benchDashboard(
  options: { mentions?: number; connections?: number; seconds?: number } = {},
): Promise<DashboardBenchResult> {
  const mentions = options.mentions ?? Number(process.env.BENCH_MENTIONS ?? 10_000_000);
  const connections = options.connections ?? 10;
  const seconds = options.seconds ?? 10;
  const dir = path.join(projectRoot, 'data', `bench-dashboard-${process.pid}`);
  fs.mkdirSync(dir, { recursive: true, mode: 0o755 });
  const postgres = await startEmbeddedPostgres({
    dataDir: path.join(dir, 'postgres'),
    port: await freePort(),
    database: 'stockpulse_bench',
  });
  const db = createDatabase(postgres.url);
  let child: ReturnType<typeof spawn> | undefined;
  try {
    await migratePostgres(db);
    await seedTickerUniverse(db);
    await db('users').insert({ email: BENCH_EMAIL, password_hash: await hashPassword(BENCH_PASSWORD), role: 'user' });

    // The app in its own process: it owns chDB (one process per directory) and serves the API.
    child = spawn(process.execPath, ['--import', 'tsx', path.join(projectRoot, 'bench', 'dashboardApp.ts')], {
      cwd: projectRoot,
      env: {
        ...process.env,
        DATABASE_URL: postgres.url,
        CHDB_PATH: path.join(dir, 'clickhouse'),
        BENCH_MENTIONS: String(mentions),
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const exited = new Promise<number | null>((resolve) => child!.once('exit', resolve));
    const lines = readline.createInterface({ input: child.stdout! });
    const ready = await new Promise<Omit<DashboardBenchResult, 'load'> & { port: number }>((resolve, reject) => {
      lines.once('line', (line) => resolve(JSON.parse(line)));
      void exited.then((code) => reject(new Error(`the benchmark app exited early (code ${code})`)));
    });
    const base = `http://127.0.0.1:${ready.port}`;

    const login = await fetch(`${base}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: BENCH_EMAIL, password: BENCH_PASSWORD }),
    });
    if (!login.ok) throw new Error(`bench sign-in failed: ${login.status}`);
    const cookie = login.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');

    const range = '1hour';
    const pid = child.pid!;
    const run = async (rate: number): Promise<LoadFigures> => {
      const cpuBefore = processCpuMs(pid);
      const result = await autocannon({
        url: `${base}/api/stocks?range=${range}`,
        connections,
        duration: seconds,
        headers: { cookie },
        ...(rate ? { overallRate: rate } : {}),
      });
      const cpuMs = processCpuMs(pid) - cpuBefore;
      return {
        range,
        connections,
        seconds,
        rate,
        p50: result.latency.p50,
        p99: result.latency.p99,
        requestsPerSecond: result.requests.average,
        non2xx: result.non2xx,
        appCpuMsPerRequest: cpuMs / Math.max(1, result.requests.total),
      };
    };
    await autocannon({ url: `${base}/api/stocks?range=${range}`, connections, duration: 2, headers: { cookie } }); // warm-up
    const load = await run(500);
    const maxLoad = await run(0);
    child.kill('SIGTERM');
    await exited;
    const { port: _port, ...figures } = ready;
    return { ...figures, load, maxLoad };
  } finally {
    if (child && child.exitCode === null) child.kill('SIGKILL');
    await db.destroy();
    await postgres.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export function reportDashboard(r: DashboardBenchResult): void {
  const n = (x: number) => Math.round(x).toLocaleString('en-US');
  console.log(
    `dashboard data: ${n(r.mentions)} mention rows over ${r.tickers} tickers inserted in ${r.insertSeconds.toFixed(1)} s (INSERT … SELECT through the per-minute and per-hour views), background merges settled ${r.settleSeconds.toFixed(0)} s later; ${r.sealedHours} hours sealed in ${r.sealSeconds.toFixed(1)} s (as the seal after every scan does)`,
  );
  console.log(
    `trend detection: ${r.detection.scored} tickers scored, ${r.detection.trendsDetected} trending; cold ${n(r.detection.coldMs)} ms (reads the 7-day baseline), warm ${n(r.detection.warmMs)} ms (baseline kept for the hour), cold again ${n(r.detection.coldAgainMs)} ms (target < 1 s); before the seal, every hour from the per-mention rows: ${n(r.detection.unsealedMs)} ms`,
  );
  console.log(
    `GET /api/stocks computed uncached (median of 3): ${Object.entries(r.compute)
      .map(([range, c]) => `${range} ${n(c.ms)} ms (${c.stocks} stocks)`)
      .join(', ')}`,
  );
  for (const l of [r.load, r.maxLoad]) {
    console.log(
      `GET /api/stocks?range=${l.range} ${l.rate ? `offered ${l.rate} requests/s` : 'as fast as it goes'} (autocannon, ${l.connections} connections, ${l.seconds} s, app in a second process): ` +
        `p50 ${l.p50} ms, p99 ${l.p99} ms, ${n(l.requestsPerSecond)} requests/s, app CPU ${l.appCpuMsPerRequest.toFixed(2)} ms/request${l.non2xx ? `, ${l.non2xx} non-2xx!` : ''} (target p99 < 50 ms at 500 requests/s)`,
    );
  }
}

export function dashboardFigures(r: DashboardBenchResult): Figure[] {
  const at = `at ${r.mentions} rows`;
  return [
    figure('dashboard', `trend detection cold ${at}`, Math.round(r.detection.coldMs), 'ms', '< 1000'),
    figure('dashboard', `trend detection warm ${at}`, Math.round(r.detection.warmMs), 'ms', '< 1000'),
    ...Object.entries(r.compute).map(([range, c]) =>
      figure('dashboard', `GET /api/stocks ${range} computed uncached ${at}`, Math.round(c.ms), 'ms', '< 100'),
    ),
    figure('dashboard', `GET /api/stocks p99 at ${r.load.rate} requests/s offered`, r.load.p99, 'ms', '< 50'),
    figure(
      'dashboard',
      'GET /api/stocks requests/s as fast as it goes',
      Math.round(r.maxLoad.requestsPerSecond),
      'requests/s',
    ),
  ];
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  reportDashboard(await benchDashboard());
  process.exit(0);
}
