import { proxyActivities } from '@temporalio/workflow';
import type { Activities } from '../activities';
import type { DetectTrendsResult } from '../../domain/trends/trendDetection';

const activities = proxyActivities<Activities>({
  startToCloseTimeout: '1 minute',
  retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '20 seconds', maximumAttempts: 5 },
});

/** DetectTrends: scores every ticker's last hour against its own 7-day baseline and replaces the trending set (after each scan, and on demand). */
export async function detectTrends(): Promise<DetectTrendsResult> {
  return await activities.detectTrends();
}
