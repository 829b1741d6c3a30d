import { WorkflowExecutionAlreadyStartedError, WorkflowNotFoundError, type Client } from '@temporalio/client';
import { WorkflowIdReusePolicy } from '@temporalio/common';
import type { RescoreStatus, StartedRun } from '../../core/contracts/admin';
import {
  historyRescoreId,
  rescoreOlderHoursSignal,
  rescoreProgressQuery,
  type RescoreProgress,
  type rescoreMentions,
} from '../../workflows/definitions/rescoreMentions';
import { HttpError, serviceUnavailable } from '../http/httpError';

const temporalDown = (err: unknown) =>
  serviceUnavailable(`The pipeline scheduler (Temporal) is unavailable: ${(err as Error).message}`);
const summary = (p: RescoreProgress | null | undefined): RescoreStatus['progress'] =>
  p ? { analyser: p.analyser, hoursDone: p.hoursDone, hoursTotal: p.hoursTotal, relabelled: p.relabelled } : null;

/**
 * The operator's history re-score: one RescoreMentions run at a time under a fixed id per deployment (its task queue),
 * so the Pipelines page can find it, show its progress (a query answered by the worker running it) and refuse a
 * second while it runs.
 */
export function createRescoreRunService(deps: { temporal: Client; taskQueue: string }) {
  const { temporal } = deps;
  const workflowId = historyRescoreId(deps.taskQueue);

  /** The last history run's state and its own progress record (what the run reports, not the page's summary). */
  const lastRun = async (): Promise<Omit<RescoreStatus, 'progress'> & { progress: RescoreProgress | null }> => {
    const handle = temporal.workflow.getHandle(workflowId);
    let info;
    try {
      info = await handle.describe();
    } catch (err) {
      if (err instanceof WorkflowNotFoundError)
        return { state: 'idle', workflowId, startedAt: null, closedAt: null, progress: null };
      throw temporalDown(err);
    }
    const base = {
      workflowId,
      startedAt: info.startTime.toISOString(),
      closedAt: info.closeTime?.toISOString() ?? null,
    };
    if (info.status.name === 'RUNNING')
      // No worker to answer (it is restarting): the run goes on, its position is just not known right now.
      return { ...base, state: 'running', progress: await handle.query(rescoreProgressQuery).catch(() => null) };
    if (info.status.name === 'COMPLETED')
      return {
        ...base,
        state: 'completed',
        progress: (await handle.result().catch(() => null)) as RescoreProgress | null,
      };
    return { ...base, state: 'failed', progress: null };
  };

  const service = {
    async start(): Promise<StartedRun> {
      try {
        const handle = await temporal.workflow.start<typeof rescoreMentions>('rescoreMentions', {
          taskQueue: deps.taskQueue,
          workflowId,
          args: [{}],
          workflowIdReusePolicy: WorkflowIdReusePolicy.ALLOW_DUPLICATE,
        });
        return { workflowId, runId: handle.firstExecutionRunId, type: 'rescoreMentions' };
      } catch (err) {
        if (err instanceof WorkflowExecutionAlreadyStartedError)
          throw new HttpError(409, 'A re-score is already running');
        throw temporalDown(err);
      }
    },

    async status(): Promise<RescoreStatus> {
      const { state, progress, ...base } = await lastRun();
      return { ...base, state, progress: summary(progress) };
    },

    /**
     * At a worker's start: when the last history run labelled with another model, covered only the hours a scan
     * asked for, or none ran, history is re-labelled by this one. A run going on is asked for one more sweep over all
     * of history (it may have begun with the model before this one); a failed one is left alone (the Pipelines page
     * shows it to an operator).
     */
    async startUnlessLabelledBy(analyser: string): Promise<StartedRun | null> {
      const last = await lastRun();
      if (last.state === 'failed') return null;
      if (last.state === 'running') {
        await temporal.workflow
          .getHandle(workflowId)
          .signal(rescoreOlderHoursSignal, 0)
          .catch(() => undefined); // Ended meanwhile: the next start looks again.
        return null;
      }
      if (last.state === 'completed' && last.progress?.analyser === analyser && last.progress.allHistory) return null;
      try {
        return await service.start();
      } catch (err) {
        // Started meanwhile by another worker of the deployment.
        if (err instanceof HttpError && err.status === 409) return null;
        throw err;
      }
    },
  };
  return service;
}
