import type { Client } from '@temporalio/client';
import proto from '@temporalio/proto';

// @temporalio/proto is CommonJS: Node's ESM loader offers only its default export.
const { TaskQueueKind, TaskQueueType } = proto.temporal.api.enums.v1;
// A worker long-polls about once a minute; older than this means no worker is polling.
const POLLER_FRESH_MS = 90_000;

/** How many workers polled the task queue's workflow tasks recently (0: nothing would pick up a workflow started now). */
export async function freshWorkflowPollers(temporal: Client, namespace: string, taskQueue: string): Promise<number> {
  const queue = await temporal.workflowService.describeTaskQueue({
    namespace,
    taskQueue: { name: taskQueue, kind: TaskQueueKind.TASK_QUEUE_KIND_NORMAL },
    taskQueueType: TaskQueueType.TASK_QUEUE_TYPE_WORKFLOW,
  });
  const now = Date.now();
  return (queue.pollers ?? []).filter((p) => now - Number(p.lastAccessTime?.seconds ?? 0) * 1000 < POLLER_FRESH_MS)
    .length;
}
