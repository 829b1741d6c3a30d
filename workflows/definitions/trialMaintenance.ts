import { proxyActivities } from '@temporalio/workflow';
import type { Activities } from '../activities';
import { deliverInBatches } from './evaluateAlerts';

const { runTrialMaintenance } = proxyActivities<Activities>({
  startToCloseTimeout: '2 minutes',
  retry: { initialInterval: '2 seconds', backoffCoefficient: 2, maximumInterval: '1 minute', maximumAttempts: 5 },
});

/** TrialMaintenance (daily): records the trial reminders due, ends the card-free trials that are over, sends the reminders. */
export async function trialMaintenance(): Promise<{ expired: number; sent: number; failedBatches: number }> {
  const { expired, reminderIds } = await runTrialMaintenance();
  return { expired, ...(await deliverInBatches(reminderIds)) };
}
