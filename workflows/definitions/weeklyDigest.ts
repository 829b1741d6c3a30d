import { proxyActivities } from '@temporalio/workflow';
import type { Activities } from '../activities';
import { deliverInBatches } from './evaluateAlerts';

const { prepareWeeklyDigest } = proxyActivities<Activities>({
  startToCloseTimeout: '2 minutes',
  retry: { initialInterval: '2 seconds', backoffCoefficient: 2, maximumInterval: '1 minute', maximumAttempts: 5 },
});

/** WeeklyDigest: records one digest e-mail per subscriber with weeklyDigest on, then sends them. */
export async function weeklyDigest(): Promise<{ sent: number; failedBatches: number }> {
  return await deliverInBatches(await prepareWeeklyDigest());
}
