import { proxyActivities } from '@temporalio/workflow';
import type { Activities } from '../activities';

const { probeStores } = proxyActivities<Activities>({
  startToCloseTimeout: '10 seconds',
  retry: { maximumAttempts: 3, initialInterval: '500 milliseconds' },
});

/** Round trip through Temporal, a worker and both stores: what "the pipeline can run" means. */
export async function healthProbe() {
  return await probeStores();
}
