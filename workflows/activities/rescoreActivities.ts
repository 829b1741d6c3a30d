import { ApplicationFailure } from '@temporalio/common';
import type { MentionRescorer } from '../../domain/sentiment/rescoreMentions';
import type { Warehouse } from '../../warehouse/client';
import { firstMentionHour } from '../../warehouse/queries/firstMentionHour';
import { activityContext } from './activityContext';

/** The re-score workflow's steps: thin adapters over domain/sentiment's rescorer. */
export function createRescoreActivities(deps: { warehouse: Warehouse; rescorer?: MentionRescorer; now?: () => Date }) {
  const rescorer = () => {
    if (!deps.rescorer)
      throw ApplicationFailure.nonRetryable('This worker has no sentiment transformer loaded', 'NoTransformer');
    return deps.rescorer;
  };
  return {
    /** The first hour holding any mention and the current hour (epoch ms), and the analyser labels will carry. */
    async mentionHoursToRescore(): Promise<{ first: number | null; last: number; analyser: string }> {
      const first = await firstMentionHour(deps.warehouse);
      const now = (deps.now?.() ?? new Date()).getTime();
      return {
        first: first?.getTime() ?? null,
        last: Math.floor(now / 3_600_000) * 3_600_000,
        analyser: rescorer().version,
      };
    },
    /**
     * Re-labels one hour's mentions by the transformer and drops the hour's per-minute rows under replaced labels
     * (idempotent). A retry drops them even with nothing left to relabel: the failed attempt may have stopped between
     * the two.
     */
    async rescoreMentionHour(hour: number): Promise<{ relabelled: number }> {
      return await rescorer().rescoreHour(new Date(hour), {
        progress: (scored) => activityContext()?.heartbeat({ hour, scored }),
        // A retry (attempt 2 or later) may follow an attempt that stopped between relabelling and dropping.
        repair: (activityContext()?.info.attempt ?? 1) > 1,
        // A worker shutting down cancels its running activities: the hour stops between steps, and a retry repairs it.
        signal: activityContext()?.cancellationSignal,
      });
    },
  };
}
