import { WorkflowExecutionAlreadyStartedError } from '@temporalio/common';
import {
  ActivityFailure,
  ApplicationFailure,
  getExternalWorkflowHandle,
  ParentClosePolicy,
  patched,
  proxyActivities,
  startChild,
  workflowInfo,
} from '@temporalio/workflow';
import type { Activities } from '../activities';
import { detectTrends } from './detectTrends';
import { evaluateAlerts } from './evaluateAlerts';
import {
  historyRescoreId,
  hourOf,
  recentRescoreFrom,
  rescoreMentions,
  rescoreOlderHoursSignal,
} from './rescoreMentions';
import type { SourceScanResult } from '../../domain/scans/scanSource';
import type { Platform } from '../../core/platforms';

const { loadSources, refreshStockSnapshot } = proxyActivities<Activities>({
  startToCloseTimeout: '1 minute',
  retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '30 seconds', maximumAttempts: 10 },
});

// Fetches page through APIs and wait out rate limits: long timeouts, heartbeats to notice a dead worker fast.
const { scanSource } = proxyActivities<Activities>({
  startToCloseTimeout: '10 minutes',
  heartbeatTimeout: '30 seconds',
  retry: { initialInterval: '2 seconds', backoffCoefficient: 2, maximumInterval: '1 minute', maximumAttempts: 6 },
});

export interface ScanPlatformInput {
  platform: Platform;
  /**
   * The history re-score this scan starts when it wrote older hours (the schedule names the deployment's:
   * `rescore-mentions-<task queue>`). Carried in the input so a replay elsewhere starts the same one; absent (a scan
   * started by hand), the one named after the task queue the scan runs on.
   */
  historyRescoreId?: string;
}

export interface ScanPlatformResult {
  platform: Platform;
  sources: SourceScanResult[];
  posts: number;
  mentions: number;
  simulated: boolean;
  failedSources: number;
}

/** The DetectTrends run that follows a scan: one per scan run, so a retried or reset scan does not start a second. */
export const detectTrendsAfterScanId = (scanWorkflowId: string) => `detect-trends-after-${scanWorkflowId}`;
/** The EvaluateAlerts run that follows a scan, named the same way. */
export const evaluateAlertsAfterScanId = (scanWorkflowId: string) => `evaluate-alerts-after-${scanWorkflowId}`;

/**
 * Mentions older than the recent re-score's hours (a first scan's week of backfill, a catch-up after downtime) get the
 * transformer's label from the history run: started here from the oldest hour written, or, when one is running, asked
 * to sweep from that hour once more (it may have been started for later hours only).
 */
async function rescoreOlderHours(results: readonly SourceScanResult[], workflowId: string): Promise<void> {
  const oldest = Math.min(...results.map((r) => (r.oldestMentionAt ? Date.parse(r.oldestMentionAt) : Infinity)));
  if (!(oldest < recentRescoreFrom(Date.now()))) return;
  const fromHour = hourOf(oldest);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      await startChild(rescoreMentions, {
        workflowId,
        args: [{ fromHour }],
        parentClosePolicy: ParentClosePolicy.ABANDON,
      });
      return;
    } catch (err) {
      if (!(err instanceof WorkflowExecutionAlreadyStartedError)) throw err;
    }
    // Scans recorded before the signal existed left the hours to the running run.
    if (!patched('rescore-older-hours-signal')) return;
    try {
      await getExternalWorkflowHandle(workflowId).signal(rescoreOlderHoursSignal, fromHour);
      return;
    } catch {
      // The run ended between the start and the signal: start a new one.
    }
  }
}

/**
 * One scan of one platform: every source in the admin's lists, each in its own retried activity
 * (a source that keeps failing is reported, the others still run), then the stock snapshot, then trend detection
 * as a child workflow the scan does not wait for (ParentClosePolicy ABANDON: it finishes even after the scan has).
 */
export async function scanPlatform(input: ScanPlatformInput): Promise<ScanPlatformResult> {
  const sources = await loadSources(input.platform);
  const results: SourceScanResult[] = [];
  for (const source of sources) {
    try {
      results.push(await scanSource(source));
    } catch (err) {
      if (!(err instanceof ActivityFailure)) throw err;
      const cause = err.cause instanceof ApplicationFailure ? err.cause.message : err.message;
      results.push({
        source: source.value,
        settingType: source.settingType,
        posts: 0,
        mentions: 0,
        simulated: false,
        oldestMentionAt: null,
        error: cause,
      });
    }
  }
  await refreshStockSnapshot();
  if (patched('detect-trends-after-scan')) {
    try {
      await startChild(detectTrends, {
        workflowId: detectTrendsAfterScanId(workflowInfo().workflowId),
        parentClosePolicy: ParentClosePolicy.ABANDON,
      });
    } catch (err) {
      // Already running for this scan (a reset replays up to here): that detection stands.
      if (!(err instanceof WorkflowExecutionAlreadyStartedError)) throw err;
    }
  }
  if (patched('evaluate-alerts-after-scan')) {
    try {
      await startChild(evaluateAlerts, {
        workflowId: evaluateAlertsAfterScanId(workflowInfo().workflowId),
        parentClosePolicy: ParentClosePolicy.ABANDON,
      });
    } catch (err) {
      if (!(err instanceof WorkflowExecutionAlreadyStartedError)) throw err;
    }
  }
  if (patched('rescore-history-after-scan'))
    await rescoreOlderHours(results, input.historyRescoreId ?? historyRescoreId(workflowInfo().taskQueue));
  return {
    platform: input.platform,
    sources: results,
    posts: results.reduce((n, r) => n + r.posts, 0),
    mentions: results.reduce((n, r) => n + r.mentions, 0),
    simulated: results.some((r) => r.simulated),
    failedSources: results.filter((r) => r.error !== null).length,
  };
}
