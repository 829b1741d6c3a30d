/**
 * npm run bench: every performance figure of the product, printed (targets in parentheses).
 *   npx tsx bench/run.ts [part ...] [--json]
 * Parts: signal ingestion dashboard landing alerts rescore (the default: all of them), and, only when named, scale (it
 * loads 1 M and 10 M mention rows, 100 M with BENCH_SCALE_MAX=100000000) and firstStart (a fresh `npm start` until the
 * transformer has labelled the backfilled week, about a quarter of an hour). With --json every figure is also printed as one
 * JSON object per line: { "part", "figure", "value", "unit", "target", "met" } (bench/figures.ts).
 */
import { alertsFigures, benchAlerts, reportAlerts } from './alerts';
import { benchDashboard, dashboardFigures, reportDashboard } from './dashboard';
import { printFigures, type Figure } from './figures';
import { benchFirstStart, reportFirstStart } from './firstStart';
import { benchIngestion, ingestionFigures, reportIngestion } from './ingestion';
import { benchLanding, landingFigures, reportLanding } from './landing';
import { benchRescore, rescoreFigures, reportRescore } from './rescore';
import { benchScale, reportScale } from './scale';
import { benchSignal, reportSignal, signalFigures } from './signal';
import { thisMachinesCpu } from '../platform/machine';

/** Each part prints its human-readable lines and returns its figures. */
const parts: Record<string, () => Promise<Figure[]>> = {
  signal: async () => {
    const r = await benchSignal();
    reportSignal(r);
    return signalFigures(r);
  },
  ingestion: async () => {
    const r = await benchIngestion();
    reportIngestion(r);
    return ingestionFigures(r);
  },
  dashboard: async () => {
    const r = await benchDashboard();
    reportDashboard(r);
    return dashboardFigures(r);
  },
  landing: async () => {
    const r = await benchLanding();
    reportLanding(r);
    return landingFigures(r);
  },
  alerts: async () => {
    const r = await benchAlerts();
    reportAlerts(r);
    return alertsFigures(r);
  },
  rescore: async () => {
    const r = await benchRescore();
    reportRescore(r);
    return rescoreFigures(r);
  },
  scale: async () => reportScale(await benchScale()),
  firstStart: async () => reportFirstStart(await benchFirstStart()),
};
/** Run only when named: each takes many minutes. */
const optIn = new Set(['scale', 'firstStart']);

const args = process.argv.slice(2);
const json = args.includes('--json');
const wanted = args.filter((a) => a !== '--json');
const unknown = wanted.filter((name) => !(name in parts));
if (unknown.length > 0) {
  console.error(`unknown bench part ${unknown.join(', ')}; parts: ${Object.keys(parts).join(', ')}; flag: --json`);
  process.exit(2);
}
console.log(`bench: ${thisMachinesCpu()}`);
for (const [name, run] of Object.entries(parts)) {
  if (wanted.length === 0 ? optIn.has(name) : !wanted.includes(name)) continue;
  const figures = await run();
  if (json) printFigures(figures);
}
process.exit(0);
