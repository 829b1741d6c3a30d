import type { Knex } from 'knex';
import type { Client } from '@temporalio/client';
import type { Health } from '../../core/contracts/health';
import type { Warehouse } from '../../warehouse/client';
import { pingPostgres } from '../../warehouse/postgres/ping';
import { pingWarehouse } from '../../warehouse/queries/ping';
import { freshWorkflowPollers } from './taskQueuePollers';

type ComponentState = Health['components']['postgres'];

export interface HealthDeps {
  db: Knex;
  warehouse: Warehouse;
  temporal: Client;
  namespace: string;
  taskQueue: string;
  mode: Health['mode'];
}

const CHECK_TIMEOUT_MS = 2000;

async function check(probe: () => Promise<string | void>): Promise<ComponentState> {
  let timer: NodeJS.Timeout | undefined;
  try {
    const detail = await Promise.race([
      probe(),
      new Promise<never>(
        (_, reject) =>
          (timer = setTimeout(() => reject(new Error(`no answer within ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS)),
      ),
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
    check(() => pingPostgres(deps.db)),
    check(() => pingWarehouse(deps.warehouse)),
    check(async () => {
      await deps.temporal.workflowService.getSystemInfo({});
    }),
    check(async () => {
      const fresh = await freshWorkflowPollers(deps.temporal, deps.namespace, deps.taskQueue);
      if (fresh === 0) throw new Error(`no worker polling task queue ${deps.taskQueue}`);
      return `${fresh} poller(s) on ${deps.taskQueue}`;
    }),
  ]);
  const components = { postgres, clickhouse, temporal: temporalState, worker };
  const allUp = Object.values(components).every((c) => c.status === 'up');
  return { status: allUp ? 'ok' : 'degraded', mode: deps.mode, components };
}
