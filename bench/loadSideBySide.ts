/**
 * BENCH_LOAD_BASELINE=<commit> npm run bench:load: the dashboard mix against that commit's product and this one, in
 * turn (baseline, current, baseline, current, … BENCH_LOAD_ROUNDS rounds, default 2), each product started afresh
 * with the same sign-ups and the same wait for its first scans to settle, so both meet the same data and the same
 * machine. Prints every run, the means and the ratio of the throughputs.
 */
import os from 'node:os';
import path from 'node:path';
import { startProductProcess } from '../tests/support/productProcess';
import { projectRoot } from '../platform/temporalCli';
import { checkoutBaseline, currentRevision } from './baselineCheckout';
import { figure, type Figure } from './figures';
import { LOAD_ENV, MIX_DESCRIPTION, prepareLoadUsers, runDashboardMix } from './loadMix';
import { productCpuMs } from './processCpu';

const targets = { requestsPerSecond: 1000, p99Ms: 50, ratio: 1.5 };

interface MixRun {
  side: 'baseline' | 'current';
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  /** CPU per request: the product's main thread and its Postgres, in ms. */
  cpuMs: { mainThread: number; postgres: number };
  /** The 1-minute load average when the run started and when it ended. */
  load: [number, number];
}

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
const loadNow = () => os.loadavg()[0]!;

async function measure(side: MixRun['side'], root: string | undefined, users: number, seconds: number) {
  const product = await startProductProcess({
    name: `load-${side}`,
    root,
    logFile: path.join(root ?? projectRoot, 'data', 'load-report', `server-${side}.log`),
    env: LOAD_ENV,
  });
  try {
    const loadUsers = await prepareLoadUsers(product, users);
    const loadBefore = loadNow();
    const cpuBefore = productCpuMs(product.child.pid!);
    const { result, errors } = await runDashboardMix(product, loadUsers, seconds);
    const cpuAfter = productCpuMs(product.child.pid!);
    const perRequest = (used: number) => used / Math.max(1, result.requests.total);
    const run: MixRun = {
      side,
      requestsPerSecond: result.requests.average,
      p50: result.latency.p50,
      p99: result.latency.p99,
      errors,
      cpuMs: {
        mainThread: perRequest(cpuAfter.mainThread - cpuBefore.mainThread),
        postgres: perRequest(cpuAfter.postgres - cpuBefore.postgres),
      },
      load: [loadBefore, loadNow()],
    };
    console.log(
      `  ${side.padEnd(8)} ${Math.round(run.requestsPerSecond).toLocaleString('en-US')} requests/s, p50 ${run.p50} ms, p99 ${run.p99} ms, errors ${errors}, CPU per request ${run.cpuMs.mainThread.toFixed(3)} ms main thread + ${run.cpuMs.postgres.toFixed(3)} ms Postgres (load ${run.load[0].toFixed(1)} → ${run.load[1].toFixed(1)})`,
    );
    return run;
  } finally {
    await product.stop();
  }
}

export async function runSideBySide(options: {
  baseline: string;
  seconds: number;
  users: number;
  rounds: number;
}): Promise<Figure[]> {
  const baseline = checkoutBaseline(options.baseline);
  const current = currentRevision();
  const runs: MixRun[] = [];
  try {
    console.log(
      `load side by side, ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, load average ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(
          ', ',
        )}: baseline ${baseline.commit} vs current ${current}, ${options.users} users, ${options.seconds} s per run, ${options.rounds} rounds (${MIX_DESCRIPTION})`,
    );
    for (let round = 0; round < options.rounds; round++) {
      runs.push(await measure('baseline', baseline.root, options.users, options.seconds));
      runs.push(await measure('current', undefined, options.users, options.seconds));
    }
  } finally {
    baseline.remove();
  }
  const of = (side: MixRun['side']) => runs.filter((r) => r.side === side);
  const [before, after] = [of('baseline'), of('current')];
  const ratio = mean(after.map((r) => r.requestsPerSecond)) / mean(before.map((r) => r.requestsPerSecond));
  const worstP99 = (xs: MixRun[]) => Math.max(...xs.map((r) => r.p99));
  const errors = after.reduce((sum, r) => sum + r.errors, 0);
  const met =
    ratio >= targets.ratio &&
    mean(after.map((r) => r.requestsPerSecond)) >= targets.requestsPerSecond &&
    worstP99(after) < targets.p99Ms &&
    errors === 0;
  console.log(
    [
      `  mean: baseline ${Math.round(mean(before.map((r) => r.requestsPerSecond))).toLocaleString('en-US')} requests/s (worst p99 ${worstP99(before)} ms), current ${Math.round(mean(after.map((r) => r.requestsPerSecond))).toLocaleString('en-US')} requests/s (worst p99 ${worstP99(after)} ms)`,
      `  ratio current / baseline: ${ratio.toFixed(2)}× (target ≥ ${targets.ratio}×, current ≥ ${targets.requestsPerSecond.toLocaleString('en-US')} requests/s with p99 < ${targets.p99Ms} ms and no errors)`,
      `  ${met ? 'targets met' : 'TARGETS NOT MET'}`,
    ].join('\n'),
  );
  const label = (side: string) => `dashboard mix ${side} (${side === 'baseline' ? baseline.commit : current})`;
  return [
    ...runs.map((r, i) =>
      figure('load', `${label(r.side)} run ${Math.floor(i / 2) + 1} throughput`, r.requestsPerSecond, 'requests/s'),
    ),
    ...runs.map((r, i) => figure('load', `${label(r.side)} run ${Math.floor(i / 2) + 1} p99`, r.p99, 'ms')),
    ...runs.flatMap((r, i) => [
      figure(
        'load',
        `${label(r.side)} run ${Math.floor(i / 2) + 1} main-thread CPU per request`,
        r.cpuMs.mainThread,
        'ms',
      ),
      figure('load', `${label(r.side)} run ${Math.floor(i / 2) + 1} Postgres CPU per request`, r.cpuMs.postgres, 'ms'),
    ]),
    figure('load', `${label('baseline')} mean throughput`, mean(before.map((r) => r.requestsPerSecond)), 'requests/s'),
    figure(
      'load',
      `${label('current')} mean throughput`,
      mean(after.map((r) => r.requestsPerSecond)),
      'requests/s',
      `>= ${targets.requestsPerSecond}`,
    ),
    figure('load', `${label('baseline')} worst p99`, worstP99(before), 'ms'),
    figure('load', `${label('current')} worst p99`, worstP99(after), 'ms', `< ${targets.p99Ms}`),
    figure('load', `${label('current')} errors`, errors, 'requests', '<= 0'),
    figure('load', 'dashboard mix throughput ratio current / baseline', ratio, '×', `>= ${targets.ratio}`),
  ];
}
