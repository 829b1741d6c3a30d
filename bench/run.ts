/**
 * npm run bench: every performance figure of the product, printed (targets in parentheses).
 *   npx tsx bench/run.ts [part ...]    # one or more of: signal ingestion dashboard landing alerts rescore (default: all)
 */
import { benchAlerts, reportAlerts } from './alerts';
import { benchDashboard, reportDashboard } from './dashboard';
import { benchIngestion, reportIngestion } from './ingestion';
import { benchLanding, reportLanding } from './landing';
import { benchRescore, reportRescore } from './rescore';
import { benchSignal, reportSignal } from './signal';

const parts: Record<string, () => Promise<void>> = {
  signal: async () => reportSignal(await benchSignal()),
  ingestion: async () => reportIngestion(await benchIngestion()),
  dashboard: async () => reportDashboard(await benchDashboard()),
  landing: async () => reportLanding(await benchLanding()),
  alerts: async () => reportAlerts(await benchAlerts()),
  rescore: async () => reportRescore(await benchRescore()),
};

const wanted = process.argv.slice(2);
const unknown = wanted.filter((name) => !(name in parts));
if (unknown.length > 0) {
  console.error(`unknown bench part ${unknown.join(', ')}; parts: ${Object.keys(parts).join(', ')}`);
  process.exit(2);
}
for (const [name, run] of Object.entries(parts)) {
  if (wanted.length === 0 || wanted.includes(name)) await run();
}
process.exit(0);
