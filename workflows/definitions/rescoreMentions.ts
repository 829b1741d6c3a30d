import { continueAsNew, defineQuery, proxyActivities, setHandler } from '@temporalio/workflow';
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

/** The operator's history run is `rescore-mentions-<task queue>` (api/admin/rescoreRun.ts). */
export const RESCORE_WORKFLOW_ID = 'rescore-mentions';

export interface RescoreMentionsInput {
  /** Only the latest this many hours (the recent schedule); absent: every hour that holds mentions. */
  recentHours?: number;
  /** Carried across continue-as-new: the hours still to do, newest first, and the totals so far. */
  state?: RescoreProgress;
}

export interface RescoreProgress {
  analyser: string;
  /** Epoch ms of the oldest and newest hour of the run. */
  firstHour: number;
  lastHour: number;
  /** The next hour to re-score (epoch ms); below firstHour when done. Hours are walked newest first. */
  nextHour: number;
  hoursDone: number;
  hoursTotal: number;
  relabelled: number;
}

export const rescoreProgressQuery = defineQuery<RescoreProgress | null>('progress');

/**
 * RescoreMentions: gives every stored mention the transformer's label, newest hour first, so the dashboard's recent
 * figures improve first. Operators start it from the Pipelines page after a model change; a schedule runs it over the
 * latest hours every few minutes so new mentions get their transformer label soon after ingest. Resumable: the
 * position lives in the workflow, and each hour's step is idempotent.
 */
export async function rescoreMentions(input: RescoreMentionsInput = {}): Promise<RescoreProgress | null> {
  let progress: RescoreProgress | null = input.state ?? null;
  setHandler(rescoreProgressQuery, () => progress);
  if (!progress) {
    const range = await mentionHoursToRescore();
    if (range.first === null) return null;
    const firstHour = input.recentHours
      ? Math.max(range.first, range.last - (input.recentHours - 1) * HOUR_MS)
      : range.first;
    progress = {
      analyser: range.analyser,
      firstHour,
      lastHour: range.last,
      nextHour: range.last,
      hoursDone: 0,
      hoursTotal: Math.max(0, (range.last - firstHour) / HOUR_MS + 1),
      relabelled: 0,
    };
  }
  let inThisRun = 0;
  while (progress.nextHour >= progress.firstHour) {
    if (inThisRun === HOURS_PER_RUN) await continueAsNew<typeof rescoreMentions>({ ...input, state: progress });
    const { relabelled }: { relabelled: number } = await rescoreMentionHour(progress.nextHour);
    progress = {
      ...progress,
      nextHour: progress.nextHour - HOUR_MS,
      hoursDone: progress.hoursDone + 1,
      relabelled: progress.relabelled + relabelled,
    };
    inThisRun++;
  }
  return progress;
}
