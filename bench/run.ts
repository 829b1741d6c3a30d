/** npm run bench: every performance figure of the product, printed (targets in parentheses). */
import { benchAlerts, reportAlerts } from './alerts';
import { benchDashboard, reportDashboard } from './dashboard';
import { benchIngestion, reportIngestion } from './ingestion';
import { benchSignal } from './signal';

const signal = await benchSignal();
console.log(`signal: ${signal.posts.toLocaleString('en-US')} posts in ${signal.seconds.toFixed(2)} s = ${signal.postsPerSecond.toLocaleString('en-US')} posts/s extract + score on one core (target ≥ 20,000)`);
reportIngestion(await benchIngestion());
reportDashboard(await benchDashboard());
reportAlerts(await benchAlerts());
process.exit(0);
