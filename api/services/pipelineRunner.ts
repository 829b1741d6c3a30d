import { WorkflowFailedError, type Client } from '@temporalio/client';
import { rootCause, WorkflowIdConflictPolicy } from '@temporalio/common';
import { log } from '../../platform/logger';
import { HttpError, serviceUnavailable } from '../http/httpError';
import { freshWorkflowPollers } from './taskQueuePollers';

export const DEFAULT_PIPELINE_TIMEOUT_MS = 30_000;
const CHECK_DEADLINE_MS = 5_000;

export interface PipelineRunnerDeps {
  temporal: Client;
  namespace: string;
  taskQueue: string;
  /** How long a request waits for the workflow's result. */
  timeoutMs?: number;
}

/**
 * Runs a workflow on demand and waits for its result. The id is stable (`workflowId`), and a run already in progress
 * is joined rather than duplicated (two clicks, one run). Answers 503 with a message saying what to do when Temporal
 * is unreachable, no worker polls the task queue, the run takes longer than the timeout (it then carries on and its
 * results show up in the lists), or the run failed (a store down past its retries, the price API refusing the key).
 */
export function createPipelineRunner(deps: PipelineRunnerDeps) {
  const timeoutMs = deps.timeoutMs ?? DEFAULT_PIPELINE_TIMEOUT_MS;
  return async function run<T>(workflowType: string, workflowId: string, what: string): Promise<T> {
    let pollers: number;
    try {
      // A deadline, so an unreachable Temporal answers within seconds rather than after the client's retries.
      pollers = await deps.temporal.withDeadline(Date.now() + CHECK_DEADLINE_MS, () =>
        freshWorkflowPollers(deps.temporal, deps.namespace, deps.taskQueue),
      );
    } catch (err) {
      throw serviceUnavailable(
        `The pipeline scheduler (Temporal) is unavailable, so ${what} cannot run now: ${(err as Error).message}`,
      );
    }
    if (pollers === 0)
      throw serviceUnavailable(
        `No pipeline worker is running (task queue ${deps.taskQueue}), so ${what} cannot run now. Try again in a minute.`,
      );

    let timer: NodeJS.Timeout | undefined;
    try {
      const handle = await deps.temporal.workflow.start(workflowType, {
        taskQueue: deps.taskQueue,
        workflowId,
        workflowIdConflictPolicy: WorkflowIdConflictPolicy.USE_EXISTING,
        args: [],
      });
      return await Promise.race([
        handle.result() as Promise<T>,
        new Promise<never>((_, reject) => {
          const limit = timeoutMs >= 1000 ? `${Math.round(timeoutMs / 1000)} s` : `${timeoutMs} ms`;
          timer = setTimeout(
            () =>
              reject(
                serviceUnavailable(
                  `${capitalise(what)} did not finish within ${limit}. It keeps running; its results will appear shortly.`,
                ),
              ),
            timeoutMs,
          );
        }),
      ]);
    } catch (err) {
      if (err instanceof HttpError) throw err;
      if (err instanceof WorkflowFailedError) {
        const cause = rootCause(err.cause) ?? err.message;
        log.warn('on-demand workflow failed', { workflowType, workflowId, error: cause });
        throw serviceUnavailable(`${capitalise(what)} failed: ${cause}`);
      }
      throw serviceUnavailable(
        `The pipeline scheduler (Temporal) is unavailable, so ${what} cannot run now: ${(err as Error).message}`,
      );
    } finally {
      clearTimeout(timer);
    }
  };
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
