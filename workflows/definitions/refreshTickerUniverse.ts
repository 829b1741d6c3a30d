import { proxyActivities } from '@temporalio/workflow';
import type { Activities } from '../activities';
import type { RefreshTickerUniverseResult } from '../../domain/universe/refreshUniverse';

// The activity falls back to the committed table by itself when the directory is unreachable, so a retry only covers
// a Postgres failure; the next day's run comes anyway.
const activities = proxyActivities<Activities>({
  startToCloseTimeout: '5 minutes',
  retry: { initialInterval: '10 seconds', backoffCoefficient: 2, maximumInterval: '2 minutes', maximumAttempts: 3 },
});

/** RefreshTickerUniverse: reloads the listed universe (schedule `refresh-ticker-universe`, daily). */
export async function refreshTickerUniverse(): Promise<RefreshTickerUniverseResult> {
  return await activities.refreshTickerUniverse();
}
