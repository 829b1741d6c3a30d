import { Context } from '@temporalio/activity';
import { WorkflowFailedError } from '@temporalio/client';
import { ApplicationFailure } from '@temporalio/common';
import type { TestWorkflowEnvironment } from '@temporalio/testing';
import { Worker } from '@temporalio/worker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTimeSkippingEnvironment } from '../tests/support/temporalTestServer';
import { uniqueTaskQueue } from '../tests/support/testStores';
import type { Activities } from './activities';
import type { SourceScanResult } from '../domain/scans/scanSource';
import type { Source } from '../domain/scans/connector';
import type { evaluateAlerts, refreshPrices, scanPlatform, trialMaintenance, weeklyDigest } from './definitions';
import { DELIVERY_BATCH } from './definitions/evaluateAlerts';
import { historyRescoreId, type RescoreProgress } from './definitions/rescoreMentions';
import { detectTrendsAfterScanId, evaluateAlertsAfterScanId } from './definitions/scanPlatform';
import { webhookDeliveryId } from './definitions/webhookDelivery';
import { workflowBundle } from './worker';

/**
 * The workflows' own logic (sequencing, retry policies, batching, what a failure turns into) with every activity
 * mocked, in Temporal's time-skipping test server. That server skips timers, but not an activity's retry back-off (it
 * holds time while an activity is open), so a failure that exhausts its retries is a non-retryable one here, and the
 * retry policies are read from the run's history instead of being waited out.
 */
describe('workflow logic in the time-skipping test server, activities mocked', () => {
  let env: TestWorkflowEnvironment;

  beforeAll(async () => {
    env = await createTimeSkippingEnvironment();
  });
  afterAll(async () => {
    await env?.teardown();
  });

  /** Runs `body` with a worker of the real workflow code and the given activities on a fresh task queue. */
  async function withWorker<T>(activities: Partial<Activities>, body: (taskQueue: string) => Promise<T>): Promise<T> {
    const taskQueue = uniqueTaskQueue('logic');
    const worker = await Worker.create({
      connection: env.nativeConnection,
      taskQueue,
      workflowBundle: await workflowBundle(),
      activities,
    });
    return await worker.runUntil(body(taskQueue));
  }

  /** Each activity type's retry policy and timeouts as the workflow scheduled it, from the run's history. */
  async function scheduledPolicies(workflowId: string) {
    const { events } = await env.client.workflow.getHandle(workflowId).fetchHistory();
    const policies = new Map<
      string,
      {
        initialMs: number;
        coefficient: number;
        maxMs: number;
        attempts: number;
        startToCloseMs: number;
        heartbeatMs: number;
      }
    >();
    for (const e of events ?? []) {
      const a = e.activityTaskScheduledEventAttributes;
      if (!a?.activityType?.name || !a.retryPolicy) continue;
      const ms = (d: { seconds?: unknown; nanos?: number | null } | null | undefined) =>
        d ? Number(d.seconds ?? 0) * 1000 + Math.round((d.nanos ?? 0) / 1e6) : 0;
      policies.set(a.activityType.name, {
        initialMs: ms(a.retryPolicy.initialInterval),
        coefficient: a.retryPolicy.backoffCoefficient ?? 0,
        maxMs: ms(a.retryPolicy.maximumInterval),
        attempts: a.retryPolicy.maximumAttempts ?? 0,
        startToCloseMs: ms(a.startToCloseTimeout),
        heartbeatMs: ms(a.heartbeatTimeout),
      });
    }
    return Object.fromEntries(policies);
  }

  /** The attempt number of the activity running now. */
  const attempt = () => Context.current().info.attempt;

  const sources: Source[] = ['wallstreetbets', 'stocks', 'investing'].map((value) => ({
    platform: 'reddit',
    settingType: 'subreddits',
    value,
  }));
  const scanned = (source: Source, posts: number): SourceScanResult => ({
    source: source.value,
    settingType: source.settingType,
    posts,
    mentions: posts * 2,
    simulated: false,
    oldestMentionAt: null,
    error: null,
  });

  it('ScanPlatform scans every source in order, then the snapshot, then starts DetectTrends and EvaluateAlerts named after the scan', async () => {
    const calls: string[] = [];
    const result = await withWorker(
      {
        loadSources: async (platform) => (calls.push(`loadSources:${platform}`), sources),
        scanSource: async (source) => (calls.push(`scanSource:${source.value}`), scanned(source, source.value.length)),
        refreshStockSnapshot: async () => (calls.push('refreshStockSnapshot'), { stocks: 3 }),
        detectTrends: async () => (
          calls.push('detectTrends'),
          { trendsDetected: 1, newTrends: 1, scored: 3, detectedAt: new Date(0).toISOString() }
        ),
        evaluateAlertCrossings: async () => (
          calls.push('evaluateAlertCrossings'),
          { evaluated: 2, crossed: 0, rearmed: 0, notificationIds: [], webhookDeliveryIds: [] }
        ),
        fillAlertOutcomes: async () => (calls.push('fillAlertOutcomes'), { open: 0, settled: 0 }),
      },
      async (taskQueue) => {
        const workflowId = `scan-reddit-${taskQueue}`;
        const scan = await env.client.workflow.execute<typeof scanPlatform>('scanPlatform', {
          taskQueue,
          workflowId,
          args: [{ platform: 'reddit' }],
        });
        // The children outlive the scan (ABANDON): wait for them by their names.
        const trends = await env.client.workflow.getHandle(detectTrendsAfterScanId(workflowId)).result();
        const alerts = await env.client.workflow.getHandle(evaluateAlertsAfterScanId(workflowId)).result();
        return { scan, trends, alerts };
      },
    );
    expect(calls.slice(0, 5)).toEqual([
      'loadSources:reddit',
      'scanSource:wallstreetbets',
      'scanSource:stocks',
      'scanSource:investing',
      'refreshStockSnapshot',
    ]);
    expect(calls.slice(5).sort()).toEqual(['detectTrends', 'evaluateAlertCrossings', 'fillAlertOutcomes']);
    expect(result.scan).toEqual({
      platform: 'reddit',
      sources: sources.map((s) => scanned(s, s.value.length)),
      posts: 14 + 6 + 9,
      mentions: 58,
      simulated: false,
      failedSources: 0,
    });
    expect(result.trends.trendsDetected).toBe(1);
    expect(result.alerts).toEqual({ evaluated: 2, crossed: 0, rearmed: 0, sent: 0, failedBatches: 0 });
  });

  const quietPipeline: Partial<Activities> = {
    refreshStockSnapshot: async () => ({ stocks: 0 }),
    detectTrends: async () => ({ trendsDetected: 0, newTrends: 0, scored: 0, detectedAt: new Date(0).toISOString() }),
    evaluateAlertCrossings: async () => ({
      evaluated: 0,
      crossed: 0,
      rearmed: 0,
      notificationIds: [],
      webhookDeliveryIds: [],
    }),
    fillAlertOutcomes: async () => ({ open: 0, settled: 0 }),
  };

  it('ScanPlatform starts the history re-score from the oldest hour it wrote when that is older than the recent re-score, and the run sweeps again until a sweep relabels nothing older', async () => {
    const HOUR = 3_600_000;
    const current = await env.currentTimeMs();
    const now = Math.floor(current / HOUR) * HOUR;
    const [source] = sources;
    /** Hours relabelled so far: an hour's first visit relabels 2 mentions, a later visit finds none. */
    const visits = new Map<number, number>();
    const rescoring: Partial<Activities> = {
      mentionHoursToRescore: async () => ({ first: now - 48 * HOUR, last: now, analyser: 'transformer-test' }),
      rescoreMentionHour: async (hour) => {
        visits.set(hour, (visits.get(hour) ?? 0) + 1);
        return { relabelled: visits.get(hour) === 1 ? 2 : 0 };
      },
    };
    const scanWriting = (oldestMentionAt: number) =>
      withWorker(
        {
          ...quietPipeline,
          ...rescoring,
          loadSources: async () => [source!],
          scanSource: async () => ({
            ...scanned(source!, 3),
            oldestMentionAt: new Date(oldestMentionAt).toISOString(),
          }),
        },
        async (taskQueue) => {
          await env.client.workflow.execute<typeof scanPlatform>('scanPlatform', {
            taskQueue,
            workflowId: `scan-reddit-${taskQueue}`,
            args: [{ platform: 'reddit' }],
          });
          const history = env.client.workflow.getHandle(historyRescoreId(taskQueue));
          return (await history.result().catch((err: Error) => err.name)) as RescoreProgress | string;
        },
      );

    // A scan of recent posts only: the two-minute schedule covers them.
    expect(await scanWriting(current - 60_000)).toBe('WorkflowNotFoundError');
    expect(visits.size).toBe(0);

    // A backfill reaching into the hour 30 hours back: its hours, newest first, then one more sweep that finds them all
    // labelled.
    const result = await scanWriting(now - 29 * HOUR - 5 * 60_000);
    expect(result).toEqual({
      analyser: 'transformer-test',
      firstHour: now - 30 * HOUR,
      lastHour: now,
      nextHour: now - 31 * HOUR,
      hoursDone: 31,
      hoursTotal: 31,
      relabelled: 62,
      olderRelabelled: 0,
      allHistory: false,
    });
    expect([...visits.values()]).toEqual(Array(31).fill(2));
  });

  it('a scan that wrote hours older than the running history run covers asks it to sweep them too', async () => {
    const HOUR = 3_600_000;
    const now = Math.floor((await env.currentTimeMs()) / HOUR) * HOUR;
    const [source] = sources;
    const visits = new Map<number, number>();
    const oldest = [now - 9 * HOUR - 60_000, now - 19 * HOUR - 60_000];
    // The run's hours wait until both scans have run, so the second scan finds it running.
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => (release = r));
    const result = await withWorker(
      {
        ...quietPipeline,
        mentionHoursToRescore: async () => ({ first: now - 48 * HOUR, last: now, analyser: 'transformer-test' }),
        rescoreMentionHour: async (hour) => {
          await gate;
          visits.set(hour, (visits.get(hour) ?? 0) + 1);
          return { relabelled: visits.get(hour) === 1 ? 2 : 0 };
        },
        loadSources: async () => [source!],
        scanSource: async () => ({
          ...scanned(source!, 3),
          oldestMentionAt: new Date(oldest.shift()!).toISOString(),
        }),
      },
      async (taskQueue) => {
        for (const n of [1, 2])
          await env.client.workflow.execute<typeof scanPlatform>('scanPlatform', {
            taskQueue,
            workflowId: `scan-reddit-${n}-${taskQueue}`,
            args: [{ platform: 'reddit' }],
          });
        release();
        return (await env.client.workflow.getHandle(historyRescoreId(taskQueue)).result()) as RescoreProgress;
      },
    );
    // The first scan wrote 10 hours back, the second (another platform's catch-up) 20.
    expect(Math.min(...visits.keys())).toBe(now - 20 * HOUR);
    expect([...visits.keys()].filter((h) => visits.get(h)! >= 1)).toHaveLength(21);
    expect(result).toMatchObject({ relabelled: 42, olderRelabelled: 0 });
  });

  it('ScanPlatform retries a failing source, reports one that failed for good, and scans the others', async () => {
    const attempts: Record<string, number> = {};
    const result = await withWorker(
      {
        ...quietPipeline,
        loadSources: async () => sources,
        scanSource: async (source) => {
          attempts[source.value] = attempt();
          if (source.value === 'wallstreetbets' && attempt() < 3)
            throw ApplicationFailure.retryable('connection reset');
          if (source.value === 'stocks')
            throw ApplicationFailure.nonRetryable('reddit r/stocks: GET /r/stocks/new returned a malformed payload');
          return scanned(source, 5);
        },
      },
      async (taskQueue) => {
        const workflowId = `scan-reddit-${taskQueue}`;
        const scan = await env.client.workflow.execute<typeof scanPlatform>('scanPlatform', {
          taskQueue,
          workflowId,
          args: [{ platform: 'reddit' }],
        });
        return { scan, policies: await scheduledPolicies(workflowId) };
      },
    );
    expect(attempts).toEqual({ wallstreetbets: 3, stocks: 1, investing: 1 });
    expect(result.scan.sources.map((s) => [s.source, s.posts, s.error])).toEqual([
      ['wallstreetbets', 5, null],
      ['stocks', 0, 'reddit r/stocks: GET /r/stocks/new returned a malformed payload'],
      ['investing', 5, null],
    ]);
    expect(result.scan).toMatchObject({ posts: 10, failedSources: 1 });
    // A source pages through an API and waits out rate limits: 10 minutes, heartbeats, 6 attempts from 2 s doubling to 1 minute.
    expect(result.policies.scanSource).toEqual({
      initialMs: 2_000,
      coefficient: 2,
      maxMs: 60_000,
      attempts: 6,
      startToCloseMs: 600_000,
      heartbeatMs: 30_000,
    });
    expect(result.policies.loadSources).toMatchObject({
      initialMs: 1_000,
      coefficient: 2,
      maxMs: 30_000,
      attempts: 10,
      startToCloseMs: 60_000,
    });
    expect(result.policies.refreshStockSnapshot).toMatchObject({ attempts: 10 });
  });

  it('ScanPlatform fails when the source lists cannot be read, and starts no trend detection or alert evaluation', async () => {
    const started: string[] = [];
    const failure = await withWorker(
      {
        ...quietPipeline,
        loadSources: async () => {
          throw ApplicationFailure.nonRetryable('platform_settings is unreadable');
        },
        refreshStockSnapshot: async () => (started.push('refreshStockSnapshot'), { stocks: 0 }),
        detectTrends: async () => (
          started.push('detectTrends'),
          { trendsDetected: 0, newTrends: 0, scored: 0, detectedAt: new Date(0).toISOString() }
        ),
      },
      (taskQueue) =>
        env.client.workflow
          .execute<typeof scanPlatform>('scanPlatform', {
            taskQueue,
            workflowId: `scan-reddit-${taskQueue}`,
            args: [{ platform: 'reddit' }],
          })
          .catch((err: unknown) => err),
    );
    expect(failure).toBeInstanceOf(WorkflowFailedError);
    expect(started).toEqual([]);
  });

  it('EvaluateAlerts sends in batches of 25 side by side; a batch that fails for good is counted, the others are sent; each webhook delivery runs as its own child; outcomes are filled last', async () => {
    const batches: number[][] = [];
    const webhooks: number[] = [];
    let outcomesFilledAfter = -1;
    const ids = Array.from({ length: 60 }, (_, i) => i + 1);
    const result = await withWorker(
      {
        evaluateAlertCrossings: async () => ({
          evaluated: 9,
          crossed: 60,
          rearmed: 1,
          notificationIds: ids,
          webhookDeliveryIds: [5, 6],
        }),
        deliverNotifications: async (batch) => {
          if (batch[0] === 26) throw ApplicationFailure.nonRetryable('SMTP refused the sender');
          batches.push(batch);
          return { sent: batch.length, skipped: 0 };
        },
        deliverWebhook: async (id) => (webhooks.push(id), 'delivered'),
        fillAlertOutcomes: async () => ((outcomesFilledAfter = batches.length), { open: 0, settled: 0 }),
      },
      async (taskQueue) => {
        const workflowId = `alerts-${taskQueue}`;
        const summary = await env.client.workflow.execute<typeof evaluateAlerts>('evaluateAlerts', {
          taskQueue,
          workflowId,
        });
        // The deliveries outlive the evaluation (ABANDON): wait for them by their names.
        const deliveries = await Promise.all(
          [5, 6].map((id) => env.client.workflow.getHandle(webhookDeliveryId(id)).result()),
        );
        return { summary, deliveries, policies: await scheduledPolicies(workflowId) };
      },
    );
    expect(DELIVERY_BATCH).toBe(25);
    expect(batches.map((b) => [b[0], b.length]).sort((a, b) => a[0]! - b[0]!)).toEqual([
      [1, 25],
      [51, 10],
    ]);
    expect(result.summary).toEqual({ evaluated: 9, crossed: 60, rearmed: 1, sent: 35, failedBatches: 1 });
    expect(result.deliveries).toEqual(['delivered', 'delivered']);
    expect(webhooks.sort()).toEqual([5, 6]);
    expect(outcomesFilledAfter).toBe(2);
    // Each send is claimed before the provider is called, so 5 attempts never send twice.
    expect(result.policies.deliverNotifications).toMatchObject({
      initialMs: 1_000,
      coefficient: 2,
      maxMs: 30_000,
      attempts: 5,
      startToCloseMs: 120_000,
    });
    expect(result.policies.evaluateAlertCrossings).toMatchObject({ attempts: 5, startToCloseMs: 60_000 });
  });

  it('WeeklyDigest and TrialMaintenance deliver what their activity prepared, in the same batches', async () => {
    const delivered: number[] = [];
    const deliverNotifications = async (batch: number[]) => (
      delivered.push(...batch),
      { sent: batch.length, skipped: 0 }
    );
    const [digest, trials] = await withWorker(
      {
        prepareWeeklyDigest: async () => Array.from({ length: 30 }, (_, i) => 100 + i),
        runTrialMaintenance: async () => ({ expired: 4, reminderIds: [7, 8] }),
        deliverNotifications,
      },
      (taskQueue) =>
        Promise.all([
          env.client.workflow.execute<typeof weeklyDigest>('weeklyDigest', {
            taskQueue,
            workflowId: `digest-${taskQueue}`,
          }),
          env.client.workflow.execute<typeof trialMaintenance>('trialMaintenance', {
            taskQueue,
            workflowId: `trials-${taskQueue}`,
          }),
        ]),
    );
    expect(digest).toEqual({ sent: 30, failedBatches: 0 });
    expect(trials).toEqual({ expired: 4, sent: 2, failedBatches: 0 });
    expect(delivered.sort((a, b) => a - b)).toEqual([7, 8, ...Array.from({ length: 30 }, (_, i) => 100 + i)]);
  });

  it("RefreshPrices retries once after 2 s, then succeeds; its policy gives up after 3 attempts (the next minute's schedule tries again)", async () => {
    let attempts = 0;
    const result = await withWorker(
      {
        refreshPrices: async () => {
          attempts = attempt();
          if (attempt() === 1) throw ApplicationFailure.retryable('market data API answered 429');
          return {
            updatedCount: 2,
            ticks: 5,
            simulated: true,
            source: 'simulated',
            priced: 2,
            historyFilled: 0,
            historyPending: 0,
          };
        },
      },
      async (taskQueue) => {
        const workflowId = `prices-${taskQueue}`;
        const prices = await env.client.workflow.execute<typeof refreshPrices>('refreshPrices', {
          taskQueue,
          workflowId,
        });
        return { prices, policies: await scheduledPolicies(workflowId) };
      },
    );
    expect(attempts).toBe(2);
    expect(result.prices).toEqual({
      updatedCount: 2,
      ticks: 5,
      simulated: true,
      source: 'simulated',
      priced: 2,
      historyFilled: 0,
      historyPending: 0,
    });
    expect(result.policies.refreshPrices).toEqual({
      initialMs: 2_000,
      coefficient: 2,
      maxMs: 30_000,
      attempts: 3,
      startToCloseMs: 180_000,
      heartbeatMs: 0,
    });
  });
});
