import type { Knex } from 'knex';
import type { Client } from '@temporalio/client';
import proto from '@temporalio/proto';
import type { Health } from '../../core/contracts/health';
import type { Warehouse } from '../../warehouse/client';

type ComponentState = Health['components']['postgres'];

export interface HealthDeps {
  db: Knex;
  warehouse: Warehouse;
  temporal: Client;
  namespace: string;
  taskQueue: string;
  mode: Health['mode'];
}

// @temporalio/proto is CommonJS: Node's ESM loader offers only its default export.
const { TaskQueueKind, TaskQueueType } = proto.temporal.api.enums.v1;
const CHECK_TIMEOUT_MS = 2000;
// A worker long-polls about once a minute; older than this means no worker is polling.
const POLLER_FRESH_MS = 90_000;

async function check(probe: () => Promise<string | void>): Promise<ComponentState> {
  let timer: NodeJS.Timeout | undefined;
  try {
    const detail = await Promise.race([
      probe(),
      new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`no answer within ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS))),
    ]);
    return detail ? { status: 'up', detail } : { status: 'up' };
  } catch (err) {
    return { status: 'down', detail: err instanceof Error ? err.message : String(err) };
  } finally {
    clearTimeout(timer);
  }
}

/** State of each part the product needs; "degraded" when any is down. */
export async function checkHealth(deps: HealthDeps): Promise<Health> {
  const [postgres, clickhouse, temporalState, worker] = await Promise.all([
    check(async () => {
      await deps.db.raw('SELECT 1');
    }),
    check(async () => {
      await (await deps.warehouse.query({ query: 'SELECT 1', format: 'JSONEachRow' })).json();
    }),
    check(async () => {
      await deps.temporal.workflowService.getSystemInfo({});
    }),
    check(async () => {
      const queue = await deps.temporal.workflowService.describeTaskQueue({
        namespace: deps.namespace,
        taskQueue: { name: deps.taskQueue, kind: TaskQueueKind.TASK_QUEUE_KIND_NORMAL },
        taskQueueType: TaskQueueType.TASK_QUEUE_TYPE_WORKFLOW,
      });
      const now = Date.now();
      const fresh = (queue.pollers ?? []).filter((p) => {
        const seconds = Number(p.lastAccessTime?.seconds ?? 0);
        return now - seconds * 1000 < POLLER_FRESH_MS;
      });
      if (fresh.length === 0) throw new Error(`no worker polling task queue ${deps.taskQueue}`);
      return `${fresh.length} poller(s) on ${deps.taskQueue}`;
    }),
  ]);
  const components = { postgres, clickhouse, temporal: temporalState, worker };
  const allUp = Object.values(components).every((c) => c.status === 'up');
  return { status: allUp ? 'ok' : 'degraded', mode: deps.mode, components };
}
