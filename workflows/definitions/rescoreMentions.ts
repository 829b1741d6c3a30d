import { continueAsNew, defineQuery, defineSignal, proxyActivities, setHandler } from '@temporalio/workflow';
import type { Activities } from '../activities';

const { mentionHoursToRescore } = proxyActivities<Activities>({
  startToCloseTimeout: '1 minute',
  retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '30 seconds', maximumAttempts: 10 },
});

// An hour of a busy simulated feed is a few thousand posts: well under the timeout. A dead worker is noticed by its
// missing heartbeats and the hour runs again elsewhere, which is safe (the step is idempotent).
const { rescoreMentionHour } = proxyActivities<Activities>({
  startToCloseTimeout: '15 minutes',
  heartbeatTimeout: '30 seconds',
  retry: { initialInterval: '2 seconds', backoffCoefficient: 2, maximumInterval: '1 minute' },
});

const HOUR_MS = 3_600_000;
/** Hours handled per run before it continues as new, so the event history stays short on a two-year store. */
const HOURS_PER_RUN = 200;

/** The history run (started by operators, by start-up after a model change, and by a scan that wrote older hours). */
const RESCORE_WORKFLOW_ID = 'rescore-mentions';
export const historyRescoreId = (taskQueue: string) => `${RESCORE_WORKFLOW_ID}-${taskQueue}`;

/** Hours the recent schedule re-scores every two minutes: the current hour and the one before. */
export const RECENT_RESCORE_HOURS = 2;

/** The start of the first hour the recent schedule covers at `nowMs` (epoch ms): older hours are the history run's. */
export const recentRescoreFrom = (nowMs: number) =>
  Math.floor(nowMs / HOUR_MS) * HOUR_MS - (RECENT_RESCORE_HOURS - 1) * HOUR_MS;

/** The start of the hour holding `ms` (epoch ms). */
export const hourOf = (ms: number) => Math.floor(ms / HOUR_MS) * HOUR_MS;

export interface RescoreMentionsInput {
  /** Only the latest this many hours (the recent schedule); absent: every hour that holds mentions. */
  recentHours?: number;
  /** Only hours from this one on (epoch ms; a scan that wrote older hours asks for those). */
  fromHour?: number;
  /** Carried across continue-as-new: another sweep was asked for (rescoreOlderHoursSignal) during the current one. */
  sweepAgain?: boolean;
  /** Carried across continue-as-new: the hours still to do, newest first, and the totals so far. */
  state?: RescoreProgress;
}

export interface RescoreProgress {
  analyser: string;
  /** Epoch ms of the oldest and newest hour of the current sweep. */
  firstHour: number;
  lastHour: number;
  /** The next hour to re-score (epoch ms); below firstHour when the sweep is done. Hours are walked newest first. */
  nextHour: number;
  hoursDone: number;
  hoursTotal: number;
  /** Posts relabelled by every sweep of the run (each with one or more mentions). */
  relabelled: number;
  /** Posts relabelled by this sweep in hours older than the recent schedule's: when any were, another sweep follows. */
  olderRelabelled?: number;
  /** This sweep began at the oldest hour that holds mentions: the run covers all of history. */
  allHistory?: boolean;
}

export const rescoreProgressQuery = defineQuery<RescoreProgress | null>('progress');

/**
 * Asks a running history run to cover the hours from this one on (epoch ms; 0: all of history) in one more sweep after
 * the current one: a scan that wrote hours older than those the run was started for, or a worker that starts with
 * another model, while the run goes on.
 */
export const rescoreOlderHoursSignal = defineSignal<[fromHour: number]>('rescoreOlderHours');

/**
 * RescoreMentions: gives every stored mention the transformer's label, newest hour first, so the dashboard's recent
 * figures improve first. A history run sweeps again while its last sweep relabelled anything older than the recent
 * schedule's hours, or when asked to (rescoreOlderHoursSignal): mentions written behind it (a first start's backfill,
 * still arriving from other sources) get their label too, and the run ends on a sweep that found none. A schedule runs it over the latest hours every two minutes
 * so new mentions get the transformer's label soon after ingest. Resumable: the position lives in the workflow, and
 * each hour's step is idempotent.
 */
export async function rescoreMentions(input: RescoreMentionsInput = {}): Promise<RescoreProgress | null> {
  let progress: RescoreProgress | null = input.state ?? null;
  let fromHour = input.fromHour ?? 0;
  let sweepAgain = input.sweepAgain ?? false;
  setHandler(rescoreProgressQuery, () => progress);
  setHandler(rescoreOlderHoursSignal, (hour) => {
    fromHour = Math.min(fromHour, hour);
    sweepAgain = true;
  });
  const sweep = async (relabelled: number): Promise<RescoreProgress | null> => {
    sweepAgain = false;
    const range = await mentionHoursToRescore();
    if (range.first === null) return null;
    const earliest = input.recentHours ? range.last - (input.recentHours - 1) * HOUR_MS : fromHour;
    const firstHour = Math.max(range.first, earliest);
    return {
      analyser: range.analyser,
      firstHour,
      lastHour: range.last,
      nextHour: range.last,
      hoursDone: 0,
      hoursTotal: Math.max(0, (range.last - firstHour) / HOUR_MS + 1),
      relabelled,
      olderRelabelled: 0,
      allHistory: !input.recentHours && earliest <= range.first,
    };
  };
  progress ??= await sweep(0);
  let inThisRun = 0;
  while (progress) {
    if (progress.nextHour < progress.firstHour) {
      if (input.recentHours || (!progress.olderRelabelled && !sweepAgain)) return progress;
      const next = await sweep(progress.relabelled);
      if (!next) return progress;
      progress = next;
      continue;
    }
    if (inThisRun === HOURS_PER_RUN)
      await continueAsNew<typeof rescoreMentions>({ ...input, fromHour, sweepAgain, state: progress });
    const hour = progress.nextHour;
    const { relabelled }: { relabelled: number } = await rescoreMentionHour(hour);
    const recentFrom = recentRescoreFrom(Date.now());
    progress = {
      ...progress,
      nextHour: hour - HOUR_MS,
      hoursDone: progress.hoursDone + 1,
      relabelled: progress.relabelled + relabelled,
      olderRelabelled: (progress.olderRelabelled ?? 0) + (hour < recentFrom ? relabelled : 0),
    };
    inThisRun++;
  }
  return progress;
}
