import type { Client } from '@temporalio/client';
import type { Knex } from 'knex';
import type { Config } from '../../platform/config';
import { z } from 'zod';
import { platformStatusSchema } from '../../core/contracts/platformStatus';
import { seedSourceLists } from '../../seed/sourceLists';
import { ensureSchedules } from '../../workflows/schedules';
import { route } from '../http/routeTable';
import { serviceUnavailable } from '../http/httpError';
import type { PlatformStatus } from '../../core/contracts/platformStatus';
import type { CachedValue } from '../../platform/ttlCache';
import { coalesced, type UserJobLimits } from '../services/userJobLimits';
import { sendSharedJson } from '../http/sharedJsonBody';

const initDataResponseSchema = z.object({ sourceListsAdded: z.number().int(), schedules: z.array(z.string()) });

export function pipelineRoutes(deps: {
  db: Knex;
  temporal: Client;
  config: Config;
  status: CachedValue<PlatformStatus>;
  jobLimits: UserJobLimits;
}) {
  // The dashboard sends init-data on every load, and ensuring the schedules is eight Temporal round trips (seconds
  // under a burst), so this process ensures them once; concurrent callers share that call, and a failure is retried.
  let schedulesEnsured: Promise<string[]> | undefined;
  const ensureSchedulesOnce = () =>
    (schedulesEnsured ??= ensureSchedules(deps.temporal, {
      taskQueue: deps.config.env.TEMPORAL_TASK_QUEUE,
      intervalMinutes: deps.config.env.SCAN_INTERVAL_MINUTES,
    }).catch((err: Error) => {
      schedulesEnsured = undefined;
      throw serviceUnavailable(`The pipeline scheduler is unavailable: ${err.message}`);
    }));

  const initDataNow = coalesced(async () => {
    const sourceListsAdded = await seedSourceLists(deps.db);
    if (sourceListsAdded > 0) deps.status.invalidate();
    return { sourceListsAdded, schedules: await ensureSchedulesOnce() };
  });

  return [
    route(
      'GET',
      '/api/status',
      'user',
      async (ctx) => {
        sendSharedJson(ctx, await deps.status.get());
      },
      {
        summary: 'Platform status',
        responses: { 200: { description: 'Platform status', schema: platformStatusSchema } },
      },
    ),

    // Idempotent: safe on every dashboard load. Ensures the default source lists and the scan and price schedules exist.
    route(
      'POST',
      '/api/init-data',
      'user',
      async (ctx, { user }) => {
        await deps.jobLimits.consume('initData', user);
        ctx.body = await initDataNow();
      },
      {
        summary:
          'Ensure the default source lists and the pipeline schedules exist (idempotent; schedules once per process; concurrent calls share one; one per user per minute, admins exempt)',
        responses: { 200: { description: 'What was ensured', schema: initDataResponseSchema } },
        errors: [429, 503],
      },
    ),
  ];
}
