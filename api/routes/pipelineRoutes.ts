import type { Client } from '@temporalio/client';
import type { Knex } from 'knex';
import type { Config } from '../../core/config';
import { seedSourceLists } from '../../seed/sourceLists';
import type { Platform } from '../../workflows/connectors/types';
import { ensureSchedules } from '../../workflows/schedules';
import { route } from '../http/routeTable';
import { serviceUnavailable } from '../http/httpError';
import { platformStatus } from '../services/platformStatusService';

export function pipelineRoutes(deps: { db: Knex; temporal: Client; config: Config; realPlatforms: readonly Platform[] }) {
  return [
    route('GET', '/api/status', 'user', async (ctx) => {
      ctx.body = await platformStatus(deps.db, deps.realPlatforms);
    }),

    // Idempotent: safe on every dashboard load. Ensures the default source lists and the scan and price schedules exist.
    route('POST', '/api/init-data', 'user', async (ctx) => {
      const sourceListsAdded = await seedSourceLists(deps.db);
      const schedules = await ensureSchedules(deps.temporal, {
        taskQueue: deps.config.env.TEMPORAL_TASK_QUEUE,
        intervalMinutes: deps.config.env.SCAN_INTERVAL_MINUTES,
      }).catch((err: Error) => {
        throw serviceUnavailable(`The pipeline scheduler is unavailable: ${err.message}`);
      });
      ctx.body = { sourceListsAdded, schedules };
    }),
  ];
}
