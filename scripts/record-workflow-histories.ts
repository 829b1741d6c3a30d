/**
 * Records the Temporal histories that workflows/replay.test.ts replays against the current workflow code
 * (npm run record:histories). Each workflow runs once on the real Temporal dev server (the project's CLI) with fixed
 * stand-in activities, and ScanPlatform also runs on its code from before each of its patched() branches, taken from
 * git history (and EvaluateAlerts' history from before its webhook steps is kept as evaluateAlerts-before-webhooks.json),
 * so the replay proves that runs started by an older worker still replay after an upgrade.
 * Writes workflows/histories/<name>.json. Re-record after a deliberate, patched change to a workflow; never to make a
 * replay failure go away.
 */
import fs from 'node:fs';
import path from 'node:path';
import { ApplicationFailure } from '@temporalio/common';
import { historyToJSON } from '@temporalio/common/lib/proto-utils';
import { TestWorkflowEnvironment } from '@temporalio/testing';
import { Worker, type WorkflowBundleWithSourceMap } from '@temporalio/worker';
import { ensureTemporalCli } from '../platform/temporalCli';
import { bundleScanPlatformSource, scanPlatformAt } from '../tests/support/scanPlatformVariant';
import type { Activities } from '../workflows/activities';
import type { Source } from '../domain/scans/connector';
import { detectTrendsAfterScanId, evaluateAlertsAfterScanId } from '../workflows/definitions/scanPlatform';
import { workflowBundle } from '../workflows/worker';

const historiesDir = path.resolve(import.meta.dirname, '../workflows/histories');

/**
 * ScanPlatform as it was before each patch: before it started DetectTrends after a scan (no patch at all), and
 * before it started EvaluateAlerts (only the 'detect-trends-after-scan' patch).
 */
const scanPlatformRevisions = {
  'scanPlatform-before-patches': '708fb4497a3c248792db5fd90bc2f6eb008b38e8',
  'scanPlatform-detect-trends-patch-only': 'fe1385292826a8672e0dee3a28d34b65fe73040e',
  'scanPlatform-before-rescore-patch': 'b14a7159532f83a84ee38e8926837da460779018',
} as const;

const sources: Source[] = ['wallstreetbets', 'stocks', 'investing'].map((value) => ({
  platform: 'reddit',
  settingType: 'subreddits',
  value,
}));
const detectedAt = '2026-11-20T15:30:00.000Z';

const rescoredHours = new Set<number>();
/** The history re-score the recorded scan starts (named in its input, so the replay starts the same one). */
const RECORDED_HISTORY_RESCORE_ID = 'rescore-mentions-recorded';

/** Fixed answers for every activity; one source fails for good, and one delivery batch too, so those branches are recorded. */
const standIns: Partial<Activities> = {
  loadSources: async () => sources,
  scanSource: async (source) => {
    if (source.value === 'stocks')
      throw ApplicationFailure.nonRetryable('reddit r/stocks: GET /r/stocks/new returned a malformed payload');
    return {
      source: source.value,
      settingType: source.settingType,
      posts: 12,
      mentions: 20,
      simulated: true,
      // Older than the recent re-score's hours: the scan starts the history re-score.
      oldestMentionAt: '2026-11-20T12:10:00.000Z',
      error: null,
    };
  },
  refreshStockSnapshot: async () => ({ stocks: 40 }),
  detectTrends: async () => ({ trendsDetected: 2, newTrends: 1, scored: 40, detectedAt }),
  evaluateAlertCrossings: async () => ({
    evaluated: 5,
    crossed: 30,
    rearmed: 1,
    notificationIds: Array.from({ length: 30 }, (_, i) => i + 1),
    webhookDeliveryIds: [7, 8],
  }),
  deliverWebhook: async () => 'delivered',
  fillAlertOutcomes: async () => ({ open: 3, settled: 1 }),
  deliverNotifications: async (ids) => {
    if (ids[0] === 26) throw ApplicationFailure.nonRetryable('SMTP refused the sender');
    return { sent: ids.length, skipped: 0 };
  },
  prepareWeeklyDigest: async () => [101, 102],
  runTrialMaintenance: async () => ({ expired: 1, reminderIds: [201] }),
  refreshPrices: async () => ({
    updatedCount: 40,
    ticks: 80,
    simulated: true,
    source: 'simulated',
    priced: 40,
    historyFilled: 0,
    historyPending: 0,
  }),
  refreshTickerUniverse: async () => ({
    source: 'committed',
    listed: 11_546,
    added: 0,
    delisted: 0,
    renamed: [],
    addedSymbols: [],
    delistedSymbols: [],
  }),
  probeStores: async () => ({ postgresMs: 1, clickhouseMs: 2, checkedAt: detectedAt }),
  mentionHoursToRescore: async () => ({
    first: Date.parse('2026-11-20T12:00:00.000Z'),
    last: Date.parse('2026-11-20T15:00:00.000Z'),
    analyser: 'transformer-record',
  }),
  // Each hour relabels its posts on its first visit, so the run's second sweep (which finds nothing) is recorded too.
  rescoreMentionHour: async (hour) => {
    if (rescoredHours.has(hour)) return { relabelled: 0 };
    rescoredHours.add(hour);
    return { relabelled: 5 };
  },
};

/** Runs each named workflow (a scan waits for the children it starts) on `bundle` and writes each run's history. */
async function record(
  env: TestWorkflowEnvironment,
  bundle: WorkflowBundleWithSourceMap,
  runs: Record<string, { type: string; args?: unknown[] }>,
): Promise<string[]> {
  const taskQueue = `record-histories-${process.pid}`;
  const worker = await Worker.create({
    connection: env.nativeConnection,
    taskQueue,
    workflowBundle: bundle,
    activities: standIns,
  });
  return await worker.runUntil(async () => {
    const written: string[] = [];
    for (const [name, run] of Object.entries(runs)) {
      // The replay test replays each history under its file name: children are named after the scan's id.
      const workflowId = name;
      const handle = await env.client.workflow.start(run.type, { taskQueue, workflowId, args: run.args ?? [] });
      await handle.result();
      if (run.type === 'scanPlatform') {
        for (const childId of [
          detectTrendsAfterScanId(workflowId),
          evaluateAlertsAfterScanId(workflowId),
          RECORDED_HISTORY_RESCORE_ID,
        ]) {
          // A child an older ScanPlatform did not start is simply not there.
          await env.client.workflow
            .getHandle(childId)
            .result()
            .catch(() => undefined);
        }
      }
      const file = path.join(historiesDir, `${name}.json`);
      fs.writeFileSync(file, `${JSON.stringify(JSON.parse(historyToJSON(await handle.fetchHistory())), null, 2)}\n`);
      written.push(path.relative(process.cwd(), file));
    }
    return written;
  });
}

const env = await TestWorkflowEnvironment.createLocal({
  server: {
    executable: { type: 'existing-path', path: ensureTemporalCli(process.env.TEMPORAL_CLI_PATH || undefined) },
    ip: '127.0.0.1',
  },
});
try {
  fs.mkdirSync(historiesDir, { recursive: true });
  const written = await record(env, await workflowBundle(), {
    // First: the hours are new to the stand-in, so the run sweeps twice (the scan's history re-score then finds them done).
    rescoreMentions: { type: 'rescoreMentions', args: [{}] },
    scanPlatform: {
      type: 'scanPlatform',
      args: [{ platform: 'reddit', historyRescoreId: RECORDED_HISTORY_RESCORE_ID }],
    },
    detectTrends: { type: 'detectTrends' },
    evaluateAlerts: { type: 'evaluateAlerts' },
    webhookDelivery: { type: 'webhookDelivery', args: [7] },
    notificationDelivery: { type: 'notificationDelivery', args: [9] },
    weeklyDigest: { type: 'weeklyDigest' },
    trialMaintenance: { type: 'trialMaintenance' },
    refreshPrices: { type: 'refreshPrices' },
    refreshTickerUniverse: { type: 'refreshTickerUniverse' },
    healthProbe: { type: 'healthProbe' },
  });
  for (const [name, revision] of Object.entries(scanPlatformRevisions)) {
    written.push(
      ...(await record(env, await bundleScanPlatformSource(scanPlatformAt(revision)), {
        [name]: { type: 'scanPlatform', args: [{ platform: 'reddit', historyRescoreId: RECORDED_HISTORY_RESCORE_ID }] },
      })),
    );
  }
  console.log(`Recorded ${written.length} histories:\n  ${written.join('\n  ')}`);
} finally {
  await env.teardown();
}
