/**
 * npm run bench:load — the running product under a realistic mix, driven by autocannon from this
 * (second) process: N signed-in users polling the dashboard, signing in again now and then, and writing.
 * Prints throughput, p50/p99 latency, errors and the server's memory over the run.
 *
 *   npm run bench:load                              # 30 s, 20 users
 *   BENCH_LOAD_SECONDS=300 npm run bench:load       # the 5-minute soak (memory must stay flat)
 *   BENCH_LOAD_USERS=100 npm run bench:load
 *   npm run bench:load -- --json                    # also one JSON object per figure (bench/figures.ts)
 *   BENCH_LOAD_BASELINE=fd503e5 npm run bench:load  # the mix against that commit's product and this one, in turn
 *                                                   # (bench/loadSideBySide.ts)
 *
 * Then scripts on the public API: one API key per user, each connection a script paging the stock list with its key
 * (GET /api/v1/stocks, the key checked and counted against its allowance on every call: look-ups reused for 2 s, the
 * allowance claimed from Postgres in blocks and the usage written every second), for BENCH_LOAD_API_SECONDS
 * (default 20 s).
 */
import fs from 'node:fs';
import path from 'node:path';
import autocannon, { type Request } from 'autocannon';
import { projectRoot } from '../platform/temporalCli';
import { signInOverHttp, startProductProcess } from '../tests/support/productProcess';
import { figure, printFigures, type Figure } from './figures';
import { LOAD_ENV, LOAD_PASSWORD, MIX_DESCRIPTION, prepareLoadUsers, runDashboardMix } from './loadMix';
import { runSideBySide } from './loadSideBySide';

const seconds = Number(process.env.BENCH_LOAD_SECONDS ?? 30);
const users = Number(process.env.BENCH_LOAD_USERS ?? 20);
const targets = { requestsPerSecond: 1000, p99Ms: 100 };
const apiSeconds = Number(process.env.BENCH_LOAD_API_SECONDS ?? Math.min(seconds, 20));
const apiTargets = { requestsPerSecond: 1000, p99Ms: 50 };
const json = process.argv.includes('--json');

if (process.env.BENCH_LOAD_BASELINE) {
  const figures = await runSideBySide({
    baseline: process.env.BENCH_LOAD_BASELINE,
    seconds,
    users,
    rounds: Number(process.env.BENCH_LOAD_ROUNDS ?? 2),
  });
  if (json) printFigures(figures);
  process.exit(0);
}

/** Resident memory of a process in MiB (Linux). */
const rssMiB = (pid: number) =>
  Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

const product = await startProductProcess({
  name: 'load',
  logFile: path.join(projectRoot, 'data', 'load-report', 'server.log'),
  env: LOAD_ENV,
});
const figures: Figure[] = [];
try {
  const base = product.baseUrl;
  const loadUsers = await prepareLoadUsers(product, users);
  const { emails, probeCookie, signInMs } = loadUsers;

  const memory: number[] = [rssMiB(product.child.pid!)];
  const sampler = setInterval(() => memory.push(rssMiB(product.child.pid!)), 5000);
  console.log(`load: ${users} signed-in users for ${seconds} s against ${base} …`);
  const { result, signIns, errors } = await runDashboardMix(product, loadUsers, seconds);
  clearInterval(sampler);
  memory.push(rssMiB(product.child.pid!));

  const third = Math.max(1, Math.floor(memory.length / 3));
  const avg = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const early = avg(memory.slice(0, third));
  const late = avg(memory.slice(-third));
  const met =
    result.requests.average >= targets.requestsPerSecond && result.latency.p99 < targets.p99Ms && errors === 0;
  console.log(
    [
      `load mix (${MIX_DESCRIPTION})`,
      `  throughput: ${Math.round(result.requests.average).toLocaleString('en-US')} requests/s (target ≥ ${targets.requestsPerSecond.toLocaleString('en-US')}), ${result.requests.total.toLocaleString('en-US')} requests`,
      `  latency: p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms (target p99 < ${targets.p99Ms} ms), max ${result.latency.max} ms`,
      `  sign-ins in the mix: ${signIns.toLocaleString('en-US')}; one sign-in alone (scrypt by design): median ${signInMs[Math.floor(signInMs.length / 2)]!.toFixed(0)} ms`,
      `  errors: ${errors} (non-2xx ${result.non2xx}, socket errors ${result.errors}, timeouts ${result.timeouts}) (target 0)`,
      `  server memory (RSS): start ${memory[0]!.toFixed(0)} MiB, first third avg ${early.toFixed(0)} MiB, last third avg ${late.toFixed(0)} MiB, max ${Math.max(...memory).toFixed(0)} MiB`,
      `  ${met ? 'targets met' : 'TARGETS NOT MET'}`,
    ].join('\n'),
  );
  figures.push(
    figure(
      'load',
      'dashboard mix throughput',
      result.requests.average,
      'requests/s',
      `>= ${targets.requestsPerSecond}`,
    ),
    figure('load', 'dashboard mix p50', result.latency.p50, 'ms'),
    figure('load', 'dashboard mix p99', result.latency.p99, 'ms', `< ${targets.p99Ms}`),
    figure('load', 'dashboard mix errors', errors, 'requests', '<= 0'),
    figure('load', 'server memory max', Math.max(...memory), 'MiB'),
  );

  // Scripts on the public API: every user (on the sign-up trial) creates a key in Settings; each connection pages the list with one.
  const keys: string[] = [];
  for (const email of emails) {
    const cookie = await signInOverHttp(base, email, LOAD_PASSWORD);
    const created = await fetch(`${base}/api/api-keys`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', cookie },
      body: JSON.stringify({ name: 'load script' }),
    });
    if (created.status !== 201)
      throw new Error(`creating an API key for ${email} failed: ${created.status} ${await created.text()}`);
    keys.push(((await created.json()) as { secret: string }).secret);
  }
  let nextKey = 0;
  const withKey = (request: Request, context: object): Request => {
    const script = context as { key?: string };
    script.key ??= keys[nextKey++ % keys.length];
    return { ...request, headers: { ...request.headers, authorization: `Bearer ${script.key}` } };
  };
  // The same list through the dashboard's route with a session, right before: what the key check and counting add
  // shows beside it on whatever the machine's speed is that day.
  const dashboardList = await autocannon({
    url: base,
    connections: keys.length,
    duration: Math.min(apiSeconds, 10),
    requests: [{ method: 'GET', path: '/api/stocks?range=1hour', headers: { cookie: probeCookie } }],
  });
  console.log(`load: ${keys.length} API-key scripts for ${apiSeconds} s on GET /api/v1/stocks …`);
  const api = await autocannon({
    url: base,
    connections: keys.length,
    duration: apiSeconds,
    requests: [{ method: 'GET', path: '/api/v1/stocks?range=1hour&limit=100', setupRequest: withKey }],
  });
  const apiErrors = api.non2xx + api.errors + api.timeouts;
  const apiMet =
    api.requests.average >= apiTargets.requestsPerSecond && api.latency.p99 < apiTargets.p99Ms && apiErrors === 0;
  console.log(
    [
      `public API (${keys.length} scripts, each with its own key, paging GET /api/v1/stocks?range=1hour&limit=100; every call authenticated and counted per minute and per day: key look-ups reused for 2 s, allowance claimed from Postgres in blocks)`,
      `  throughput: ${Math.round(api.requests.average).toLocaleString('en-US')} requests/s (target ≥ ${apiTargets.requestsPerSecond.toLocaleString('en-US')}), ${api.requests.total.toLocaleString('en-US')} requests`,
      `  latency: p50 ${api.latency.p50} ms, p99 ${api.latency.p99} ms (target p99 < ${apiTargets.p99Ms} ms), max ${api.latency.max} ms`,
      `  errors: ${apiErrors} (non-2xx ${api.non2xx}, socket errors ${api.errors}, timeouts ${api.timeouts}) (target 0)`,
      `  beside it, the dashboard's GET /api/stocks?range=1hour with a session (${keys.length} connections, ${Math.min(apiSeconds, 10)} s): ${Math.round(dashboardList.requests.average).toLocaleString('en-US')} requests/s, p50 ${dashboardList.latency.p50} ms, p99 ${dashboardList.latency.p99} ms`,
      `  ${apiMet ? 'targets met' : 'TARGETS NOT MET'}`,
    ].join('\n'),
  );
  figures.push(
    figure('load', 'public API throughput', api.requests.average, 'requests/s', `>= ${apiTargets.requestsPerSecond}`),
    figure('load', 'public API p99', api.latency.p99, 'ms', `< ${apiTargets.p99Ms}`),
    figure('load', 'public API errors', apiErrors, 'requests', '<= 0'),
  );
} finally {
  await product.stop();
}
if (json) printFigures(figures);
process.exit(0);
