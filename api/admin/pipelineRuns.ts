import { WorkflowNotFoundError, type Client, type WorkflowExecutionInfo } from '@temporalio/client';
import { arrayFromPayloads, defaultPayloadConverter, rootCause } from '@temporalio/common';
import {
  pipelineWorkflowTypes,
  type PipelineRun,
  type PipelineRunsResponse,
  type StartedRun,
} from '../../core/contracts/admin';
import { badRequest, notFound, serviceUnavailable } from '../http/httpError';
import { platforms, type Platform } from '../../core/platforms';

export interface PipelineRunsDeps {
  temporal: Client;
  namespace: string;
  taskQueue: string;
  temporalUiUrl: string | null;
}

type RunStatus = PipelineRun['status'];

/** Our status names → the values of Temporal's ExecutionStatus search attribute. */
const visibilityStatus: Record<string, string> = {
  RUNNING: 'Running',
  COMPLETED: 'Completed',
  FAILED: 'Failed',
  CANCELLED: 'Canceled',
  TERMINATED: 'Terminated',
  CONTINUED_AS_NEW: 'ContinuedAsNew',
  TIMED_OUT: 'TimedOut',
};

const RERUNNABLE = new Set<RunStatus>(['FAILED', 'TIMED_OUT', 'TERMINATED', 'CANCELLED']);
const SCAN_ID = new RegExp(`^scan-(${platforms.join('|')})(?:-|$)`);

interface ScanResultShape {
  posts?: number;
  mentions?: number;
  failedSources?: number;
  sources?: Array<{ source: string; error: string | null }>;
}

const temporalDown = (err: unknown) =>
  serviceUnavailable(`The pipeline scheduler (Temporal) is unavailable: ${(err as Error).message}`);

export function createPipelineRunService(deps: PipelineRunsDeps) {
  const { temporal } = deps;

  const temporalUrl = (workflowId: string, runId: string) =>
    deps.temporalUiUrl
      ? `${deps.temporalUiUrl.replace(/\/$/, '')}/namespaces/${encodeURIComponent(deps.namespace)}/workflows/${encodeURIComponent(workflowId)}/${runId}/history`
      : null;

  /** What a closed run produced: posts and mentions written (scans), or why it failed. */
  async function outcome(
    info: WorkflowExecutionInfo,
  ): Promise<Pick<PipelineRun, 'posts' | 'mentions' | 'error'> & { partial: boolean }> {
    const none = { posts: null, mentions: null, error: null, partial: false };
    if (info.status.name === 'RUNNING') return none;
    try {
      const result = (await temporal.workflow
        .getHandle(info.workflowId, info.runId, { followRuns: false })
        .result()) as ScanResultShape | null;
      if (info.type !== 'scanPlatform' || !result) return none;
      const failed = (result.sources ?? []).filter((s) => s.error);
      return {
        posts: result.posts ?? null,
        mentions: result.mentions ?? null,
        error:
          failed.length > 0
            ? `${failed.length} of ${result.sources!.length} sources failed: ${failed[0]!.source}: ${failed[0]!.error}`
            : null,
        partial: failed.length > 0,
      };
    } catch (err) {
      return { ...none, error: rootCause(err as Error) ?? (err as Error).message };
    }
  }

  async function toRun(info: WorkflowExecutionInfo): Promise<PipelineRun> {
    const status = info.status.name as RunStatus;
    const { partial, ...result } = await outcome(info);
    return {
      workflowId: info.workflowId,
      runId: info.runId,
      type: info.type,
      platform: info.type === 'scanPlatform' ? (SCAN_ID.exec(info.workflowId)?.[1] ?? null) : null,
      status,
      startedAt: info.startTime.toISOString(),
      closedAt: info.closeTime?.toISOString() ?? null,
      durationMs: info.closeTime ? info.closeTime.getTime() - info.startTime.getTime() : null,
      ...result,
      temporalUrl: temporalUrl(info.workflowId, info.runId),
      canRerun: RERUNNABLE.has(status) || partial,
    };
  }

  return {
    /** The most recent pipeline runs (newest first) from Temporal's visibility store. */
    async list(filter: { type: string; status: string; limit: number }): Promise<PipelineRunsResponse> {
      const types = filter.type === 'all' ? pipelineWorkflowTypes : [filter.type];
      const clauses = [
        `WorkflowType IN (${types.map((t) => `'${t}'`).join(', ')})`,
        `TaskQueue = '${deps.taskQueue.replace(/'/g, "''")}'`,
      ];
      if (filter.status !== 'all') clauses.push(`ExecutionStatus = '${visibilityStatus[filter.status] ?? 'Running'}'`);
      const infos: WorkflowExecutionInfo[] = [];
      try {
        for await (const info of temporal.workflow.list({ query: clauses.join(' AND '), pageSize: filter.limit })) {
          infos.push(info);
          if (infos.length >= filter.limit) break;
        }
      } catch (err) {
        throw temporalDown(err);
      }
      infos.sort((a, b) => b.startTime.getTime() - a.startTime.getTime());
      return { runs: await Promise.all(infos.map(toRun)), temporalUiUrl: deps.temporalUiUrl };
    },

    /** Starts one scan of a platform now, beside its schedule, under a unique id. */
    async startScan(platform: Platform): Promise<StartedRun> {
      const workflowId = `scan-${platform}-manual-${new Date().toISOString()}`;
      try {
        const handle = await temporal.workflow.start('scanPlatform', {
          taskQueue: deps.taskQueue,
          workflowId,
          args: [{ platform }],
        });
        return { workflowId, runId: handle.firstExecutionRunId, type: 'scanPlatform' };
      } catch (err) {
        throw temporalDown(err);
      }
    },

    /** Starts the same workflow type with the same input as an earlier run, under a new id. */
    async rerun(workflowId: string, runId: string | undefined): Promise<StartedRun> {
      const handle = temporal.workflow.getHandle(workflowId, runId, { followRuns: false });
      let info;
      let args: unknown[];
      try {
        info = await handle.describe();
        const history = await handle.fetchHistory();
        args = arrayFromPayloads(
          defaultPayloadConverter,
          history.events?.[0]?.workflowExecutionStartedEventAttributes?.input?.payloads,
        );
      } catch (err) {
        if (err instanceof WorkflowNotFoundError || isNotFoundOrInvalid(err)) throw notFound('Workflow run not found');
        throw temporalDown(err);
      }
      if (!(pipelineWorkflowTypes as readonly string[]).includes(info.type))
        throw badRequest(`Only pipeline runs can be re-run (${pipelineWorkflowTypes.join(', ')})`, 'workflowId');
      if (info.status.name === 'RUNNING') throw badRequest('That run is still running', 'workflowId');
      const newId = `${workflowId.replace(/-rerun-[^]*$/, '')}-rerun-${new Date().toISOString()}`;
      try {
        const started = await temporal.workflow.start(info.type, {
          taskQueue: info.taskQueue,
          workflowId: newId,
          args,
        });
        return { workflowId: newId, runId: started.firstExecutionRunId, type: info.type };
      } catch (err) {
        throw temporalDown(err);
      }
    },
  };
}

/** gRPC NOT_FOUND (5) or INVALID_ARGUMENT (3), on the error or its cause: the run does not exist as named. */
function isNotFoundOrInvalid(err: unknown): boolean {
  const codeOf = (e: unknown) =>
    e && typeof e === 'object' && 'code' in e ? (e as { code: unknown }).code : undefined;
  const cause = err && typeof err === 'object' && 'cause' in err ? (err as { cause: unknown }).cause : undefined;
  return [codeOf(err), codeOf(cause)].some((code) => code === 3 || code === 5);
}
