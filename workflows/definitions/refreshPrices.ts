import { proxyActivities } from '@temporalio/workflow';
import type { Activities } from '../activities';
import type { RefreshPricesResult } from '../../domain/prices/refreshPrices';

// A real market-data API may ask to wait out a rate limit (up to a minute per request): a generous timeout, few retries
// (the schedule runs again within a minute anyway).
const activities = proxyActivities<Activities>({
  startToCloseTimeout: '3 minutes',
  retry: { initialInterval: '2 seconds', backoffCoefficient: 2, maximumInterval: '30 seconds', maximumAttempts: 3 },
});

/** RefreshPrices: quotes every stock in the snapshot and stores the prices (schedule `refresh-prices`, every minute, and on demand). */
export async function refreshPrices(): Promise<RefreshPricesResult> {
  return await activities.refreshPrices();
}
