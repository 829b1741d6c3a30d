import type { Client } from '@temporalio/client';
import type { Knex } from 'knex';
import {
  labelCoverageSchema,
  pipelineRunsQuerySchema,
  pipelineRunsResponseSchema,
  pricePipelineSchema,
  rerunSchema,
  rescoreStatusSchema,
  startedRunSchema,
  startScanSchema,
  youtubeQuotaSchema,
} from '../../core/contracts/admin';
import { adminActor } from '../admin/adminActor';
import { recordAdminAction } from '../../warehouse/postgres/adminAuditLog';
import { createPipelineRunService } from '../admin/pipelineRuns';
import { createRescoreRunService } from '../admin/rescoreRun';
import { createLabelCoverageReport } from '../admin/labelCoverage';
import { createYouTubeQuotaReport, type YouTubeQuotaDeps } from '../admin/youtubeQuota';
import { createPricePipelineReport } from '../admin/pricePipeline';
import { loadReferencePrices } from '../../domain/prices/referencePrices';
import { route } from '../http/routeTable';
import type { Warehouse } from '../../warehouse/client';

/** Pipeline operations: recent Temporal runs, a scan on demand, a re-run of a failed run, the YouTube quota spent today, the price refreshes, the sentiment re-score of history and the labels it gave. */
export function adminPipelineRoutes(deps: {
  db: Knex;
  warehouse: Warehouse;
  temporal: Client;
  namespace: string;
  taskQueue: string;
  temporalUiUrl: string | null;
  youtubeQuota: Omit<YouTubeQuotaDeps, 'db'>;
  priceSource: { source: string; simulated: boolean };
}) {
  const runs = createPipelineRunService(deps);
  const youtubeQuota = createYouTubeQuotaReport({ db: deps.db, ...deps.youtubeQuota });
  const rescore = createRescoreRunService(deps);
  const labelCoverage = createLabelCoverageReport(deps);
  const pricePipeline = createPricePipelineReport({
    db: deps.db,
    source: deps.priceSource,
    reference: loadReferencePrices(),
  });
  return [
    route(
      'GET',
      '/api/admin/pipelines/prices',
      'admin',
      async (ctx) => {
        ctx.body = await pricePipeline();
      },
      {
        summary: 'The price source, its recent refreshes, and how many listed symbols have no reference price',
        responses: { 200: { description: 'Price pipeline status', schema: pricePipelineSchema } },
      },
    ),
    route(
      'GET',
      '/api/admin/pipelines/rescore',
      'admin',
      async (ctx) => {
        ctx.body = await rescore.status();
      },
      {
        summary: 'The sentiment re-score of stored mentions: state and progress',
        responses: { 200: { description: 'State of the latest re-score', schema: rescoreStatusSchema } },
        errors: [503],
      },
    ),
    route(
      'GET',
      '/api/admin/pipelines/labels',
      'admin',
      async (ctx) => {
        ctx.body = await labelCoverage();
      },
      {
        summary: "The last day's mentions by the analyser of their current sentiment label",
        responses: { 200: { description: 'Mentions per analyser', schema: labelCoverageSchema } },
        errors: [503],
      },
    ),
    route(
      'POST',
      '/api/admin/pipelines/rescore',
      'admin',
      async (ctx, { user }) => {
        const actor = await adminActor(deps.db, user);
        const started = await rescore.start();
        await recordAdminAction(deps.db, {
          actor,
          action: 'pipeline.rescore',
          targetType: 'pipeline',
          targetId: started.workflowId,
          before: null,
          after: started,
        });
        ctx.status = 202;
        ctx.body = started;
      },
      {
        summary: 'Re-score every stored mention with the sentiment transformer',
        responses: { 202: { description: 'Started', schema: startedRunSchema } },
        errors: [409, 503],
      },
    ),
    route(
      'GET',
      '/api/admin/pipelines/quota',
      'admin',
      async (ctx) => {
        ctx.body = await youtubeQuota();
      },
      {
        summary: 'YouTube API quota units spent today, per source',
        responses: { 200: { description: 'Units per source against the daily quota', schema: youtubeQuotaSchema } },
      },
    ),
    route(
      'GET',
      '/api/admin/pipelines/runs',
      'admin',
      async (ctx, { query }) => {
        ctx.body = await runs.list(query);
      },
      {
        summary: 'Recent workflow runs from Temporal',
        query: pipelineRunsQuerySchema,
        responses: { 200: { description: 'Runs, newest first', schema: pipelineRunsResponseSchema } },
        errors: [503],
      },
    ),
    route(
      'POST',
      '/api/admin/pipelines/scans',
      'admin',
      async (ctx, { body: { platform }, user }) => {
        const actor = await adminActor(deps.db, user);
        const started = await runs.startScan(platform);
        await recordAdminAction(deps.db, {
          actor,
          action: 'pipeline.scan',
          targetType: 'pipeline',
          targetId: started.workflowId,
          before: null,
          after: { platform, ...started },
        });
        ctx.status = 202;
        ctx.body = started;
      },
      {
        summary: 'Run a scan of one platform now',
        body: startScanSchema,
        responses: { 202: { description: 'Started', schema: startedRunSchema } },
        errors: [503],
      },
    ),
    route(
      'POST',
      '/api/admin/pipelines/reruns',
      'admin',
      async (ctx, { body: { workflowId, runId }, user }) => {
        const actor = await adminActor(deps.db, user);
        const started = await runs.rerun(workflowId, runId);
        await recordAdminAction(deps.db, {
          actor,
          action: 'pipeline.rerun',
          targetType: 'pipeline',
          targetId: started.workflowId,
          before: { workflowId, runId: runId ?? null },
          after: started,
        });
        ctx.status = 202;
        ctx.body = started;
      },
      {
        summary: 'Run a finished workflow again with the same input',
        body: rerunSchema,
        responses: { 202: { description: 'Started', schema: startedRunSchema } },
        errors: [404, 409, 503],
      },
    ),
  ];
}
