import {
  ScheduleAlreadyRunning,
  ScheduleOverlapPolicy,
  type Client,
  type ScheduleOptionsAction,
  type ScheduleSpec,
} from '@temporalio/client';
import { platforms, type Platform } from '../core/platforms';
import { historyRescoreId, RECENT_RESCORE_HOURS } from './definitions/rescoreMentions';

export const scanScheduleId = (platform: Platform) => `scan-${platform}`;

/**
 * Creates a schedule (starting a first run at once when `triggerImmediately`), or gives an existing one the current
 * spec and action. Every schedule skips a run that is due while the previous one still runs (SKIP) and catches up at
 * most a minute of missed runs. Calling it again with a new spec leaves one schedule with that spec.
 */
export async function upsertSchedule(
  client: Client,
  scheduleId: string,
  spec: ScheduleSpec,
  action: ScheduleOptionsAction,
  triggerImmediately = false,
): Promise<string> {
  try {
    await client.schedule.create({
      scheduleId,
      spec,
      action,
      policies: { overlap: ScheduleOverlapPolicy.SKIP, catchupWindow: '1 minute' },
      state: { triggerImmediately },
    });
  } catch (err) {
    if (!(err instanceof ScheduleAlreadyRunning)) throw err;
    await client.schedule.getHandle(scheduleId).update((previous) => ({ ...previous, spec, action }));
  }
  return scheduleId;
}

/**
 * One Temporal Schedule per platform starting ScanPlatform every `intervalMinutes`; a scan still running
 * when the next is due is not overlapped (SKIP). Existing schedules get the current interval. Idempotent.
 */
export async function ensureScanSchedules(
  client: Client,
  options: { taskQueue: string; intervalMinutes: number },
): Promise<string[]> {
  const ids: string[] = [];
  for (const platform of platforms) {
    const scheduleId = scanScheduleId(platform);
    const spec = { intervals: [{ every: `${options.intervalMinutes}m` }] };
    // Runs are named scan-<platform>-<scheduled time>, so a data engineer finds them by platform.
    const action = {
      type: 'startWorkflow' as const,
      workflowType: 'scanPlatform',
      taskQueue: options.taskQueue,
      args: [{ platform, historyRescoreId: historyRescoreId(options.taskQueue) }],
      workflowId: scheduleId,
    };
    // A new schedule scans at once, so a fresh install has data within moments rather than after one interval.
    ids.push(await upsertSchedule(client, scheduleId, spec, action, true));
  }
  return ids;
}

export const PRICE_SCHEDULE_ID = 'refresh-prices';

/** The RefreshPrices schedule: every minute, a run still going when the next is due is skipped. Idempotent. */
export async function ensurePriceSchedule(
  client: Client,
  options: { taskQueue: string; scheduleId?: string },
): Promise<string> {
  const scheduleId = options.scheduleId ?? PRICE_SCHEDULE_ID;
  // Runs are named refresh-prices-<scheduled time>.
  const action = {
    type: 'startWorkflow' as const,
    workflowType: 'refreshPrices',
    taskQueue: options.taskQueue,
    args: [],
    workflowId: scheduleId,
  };
  return await upsertSchedule(client, scheduleId, { intervals: [{ every: '1m' }] }, action, true);
}

export const ALERT_SCHEDULE_ID = 'evaluate-alerts';
export const DIGEST_SCHEDULE_ID = 'weekly-digest';
export const TRIAL_SCHEDULE_ID = 'trial-maintenance';

/**
 * EvaluateAlerts every minute (besides after every scan), the weekly digest on Mondays at 13:00 UTC, and trial
 * maintenance (reminders, then ending the card-free trials that are over) daily at 00:05 UTC. Idempotent.
 */
export async function ensureAlertSchedules(client: Client, options: { taskQueue: string }): Promise<string[]> {
  const start = (workflowType: string, workflowId: string) => ({
    type: 'startWorkflow' as const,
    workflowType,
    taskQueue: options.taskQueue,
    args: [],
    workflowId,
  });
  return [
    await upsertSchedule(
      client,
      ALERT_SCHEDULE_ID,
      { intervals: [{ every: '1m' }] },
      start('evaluateAlerts', ALERT_SCHEDULE_ID),
    ),
    await upsertSchedule(
      client,
      DIGEST_SCHEDULE_ID,
      { calendars: [{ dayOfWeek: 'MONDAY', hour: 13 }] },
      start('weeklyDigest', DIGEST_SCHEDULE_ID),
    ),
    await upsertSchedule(
      client,
      TRIAL_SCHEDULE_ID,
      { calendars: [{ hour: 0, minute: 5 }] },
      start('trialMaintenance', TRIAL_SCHEDULE_ID),
    ),
  ];
}

export const UNIVERSE_SCHEDULE_ID = 'refresh-ticker-universe';

/**
 * RefreshTickerUniverse daily at 12:00 UTC (NASDAQ Trader rewrites its directory overnight, US time). A new schedule runs
 * once at once, so an install upgraded from an older universe drops its stale listings on its first start. Idempotent.
 */
export async function ensureUniverseSchedule(
  client: Client,
  options: { taskQueue: string; scheduleId?: string },
): Promise<string> {
  const scheduleId = options.scheduleId ?? UNIVERSE_SCHEDULE_ID;
  const action = {
    type: 'startWorkflow' as const,
    workflowType: 'refreshTickerUniverse',
    taskQueue: options.taskQueue,
    args: [],
    workflowId: scheduleId,
  };
  return await upsertSchedule(client, scheduleId, { calendars: [{ hour: 12, minute: 0 }] }, action, true);
}

export const RECENT_RESCORE_SCHEDULE_ID = 'rescore-recent-mentions';

/**
 * RescoreMentions over the latest two hours every two minutes: each new mention gets the transformer's label minutes
 * after ingest gave it the linear one. A run still going when the next is due is skipped. Idempotent.
 */
export async function ensureRecentRescoreSchedule(client: Client, options: { taskQueue: string }): Promise<string> {
  const action = {
    type: 'startWorkflow' as const,
    workflowType: 'rescoreMentions',
    taskQueue: options.taskQueue,
    args: [{ recentHours: RECENT_RESCORE_HOURS }],
    workflowId: RECENT_RESCORE_SCHEDULE_ID,
  };
  return await upsertSchedule(client, RECENT_RESCORE_SCHEDULE_ID, { intervals: [{ every: '2m' }] }, action);
}

/** Every schedule the product runs: one scan per platform, the price refresh, alert evaluation, the weekly digest, the universe refresh and the recent re-score. Idempotent. */
export async function ensureSchedules(
  client: Client,
  options: { taskQueue: string; intervalMinutes: number },
): Promise<string[]> {
  return [
    ...(await ensureScanSchedules(client, options)),
    await ensurePriceSchedule(client, options),
    ...(await ensureAlertSchedules(client, options)),
    await ensureUniverseSchedule(client, { taskQueue: options.taskQueue }),
    await ensureRecentRescoreSchedule(client, { taskQueue: options.taskQueue }),
  ];
}
