import type { Client } from '@temporalio/client';
import { z } from 'zod';
import type { Config } from '../../platform/config';
import {
  detectTrendsResponseSchema,
  historicalSchema,
  refreshPricesResponseSchema,
  sessionPricesSchema,
  stockListSchema,
  stockPostsSchema,
  tickerParamSchema,
  detailRangeSchema,
  trendingNowSchema,
} from '../../core/contracts/stocks';
import type { Database } from '../../platform/database';
import type { Warehouse } from '../../warehouse/client';
import type { detectTrends, refreshPrices } from '../../workflows/definitions';
import { trendingNow } from '../../warehouse/postgres/trendingStocks';
import { route } from '../http/routeTable';
import { sendSharedJson } from '../http/sharedJsonBody';
import { createPipelineRunner } from '../services/pipelineRunner';
import { coalesced, type UserJobLimits } from '../services/userJobLimits';
import { cachedValue } from '../../platform/ttlCache';
import { usingRealAPIs } from '../services/platformStatusService';
import type { StockDetailService } from '../services/stockDetailService';
import type { StockListService } from '../services/stockListService';
import type { Platform } from '../../core/platforms';

const rangeQuery = z.object({ range: detailRangeSchema.default('1hour') });
const tickerParams = z.object({ ticker: tickerParamSchema });
const postsQuery = z.object({
  limit: z.coerce
    .number({ error: 'limit must be a whole number from 1 to 100' })
    .int('limit must be a whole number from 1 to 100')
    .min(1, 'limit must be a whole number from 1 to 100')
    .max(100, 'limit must be a whole number from 1 to 100')
    .default(20),
});

/** On-demand runs share one id per kind, so repeated clicks join the run in progress. */
export const ON_DEMAND_PRICE_REFRESH_ID = 'refresh-prices-on-demand';
export const ON_DEMAND_TREND_DETECTION_ID = 'detect-trends-on-demand';

export interface StockRouteDeps {
  db: Database;
  warehouse: Warehouse;
  temporal: Client;
  config: Config;
  realPlatforms: readonly Platform[];
  /** How long the shared dashboard reads are reused (see AppDeps.dashboardCacheMs). */
  dashboardCacheMs: number;
  /** How long POST refresh-prices / detect-trends wait for their workflow (default 30 s). */
  pipelineTimeoutMs?: number;
  /** Per-user limits of the on-demand runs. */
  jobLimits: UserJobLimits;
  now?: () => Date;
  /** The stock list and details, shared with the public API so both read one cache. */
  stocks: StockListService;
  details: StockDetailService;
}

/** The monitoring dashboard's data: stock list, history, posts, trends and the two on-demand pipelines. */
export function stockRoutes(deps: StockRouteDeps) {
  const { stocks, details } = deps;
  const trending = cachedValue(async () => trendingNowSchema.parse(await trendingNow(deps.db)), {
    ttlMs: deps.dashboardCacheMs,
  });
  const run = createPipelineRunner({
    temporal: deps.temporal,
    namespace: deps.config.env.TEMPORAL_NAMESPACE,
    taskQueue: deps.config.env.TEMPORAL_TASK_QUEUE,
    timeoutMs: deps.pipelineTimeoutMs,
  });
  // Concurrent requests (any users) share one run and its answer.
  const refreshPricesNow = coalesced(async () => {
    const result = await run<Awaited<ReturnType<typeof refreshPrices>>>(
      'refreshPrices',
      ON_DEMAND_PRICE_REFRESH_ID,
      'the price refresh',
    );
    stocks.invalidate();
    return result;
  });
  const detectTrendsNow = coalesced(async () => {
    const result = await run<Awaited<ReturnType<typeof detectTrends>>>(
      'detectTrends',
      ON_DEMAND_TREND_DETECTION_ID,
      'trend detection',
    );
    stocks.invalidate();
    trending.invalidate();
    return result;
  });

  return [
    route(
      'GET',
      '/api/stocks',
      'user',
      async (ctx, { query: { range } }) => {
        const list = await stocks.listJson(range);
        // Revalidated on every poll (no-cache): an unchanged list is a 304 without a body.
        ctx.set('Cache-Control', 'private, no-cache');
        ctx.set('ETag', list.etag);
        ctx.status = 200; // ctx.fresh compares validators only for a 2xx
        if (ctx.fresh) {
          ctx.status = 304;
          return;
        }
        ctx.type = 'application/json';
        ctx.body = list.body;
      },
      {
        summary: 'Tracked stocks with the mentions and sentiment of the range, ordered by trend',
        query: rangeQuery,
        responses: {
          200: { description: 'Stock list', schema: stockListSchema },
          304: { description: 'Unchanged since the ETag sent in If-None-Match' },
        },
        errors: [503],
      },
    ),

    route(
      'GET',
      '/api/stocks/:ticker/historical',
      'user',
      async (ctx, { params: { ticker }, query: { range } }) => {
        sendSharedJson(ctx, await details.historical(ticker, range));
      },
      {
        summary: "A stock's price and mentions over the range",
        params: tickerParams,
        query: rangeQuery,
        responses: { 200: { description: 'Points, oldest first', schema: historicalSchema } },
        errors: [404, 503],
      },
    ),

    route(
      'GET',
      '/api/stocks/:ticker/session',
      'user',
      async (ctx, { params: { ticker } }) => {
        ctx.body = await details.session(ticker);
      },
      {
        summary: "A stock's price through the current market session, or the last one while the market is closed",
        params: tickerParams,
        responses: { 200: { description: 'The session and its 5-minute prices', schema: sessionPricesSchema } },
        errors: [404, 503],
      },
    ),

    route(
      'GET',
      '/api/stocks/:ticker/posts',
      'user',
      async (ctx, { params: { ticker }, query: { limit } }) => {
        ctx.body = await details.posts(ticker, limit);
      },
      {
        summary: "A stock's latest posts",
        params: tickerParams,
        query: postsQuery,
        responses: { 200: { description: 'Posts, newest first', schema: stockPostsSchema } },
        errors: [404, 503],
      },
    ),

    route(
      'GET',
      '/api/trending-now',
      'user',
      async (ctx) => {
        sendSharedJson(ctx, await trending.get());
      },
      {
        summary: 'Trending tickers, newest first',
        responses: { 200: { description: 'Ticker list', schema: trendingNowSchema } },
      },
    ),

    route(
      'POST',
      '/api/stocks/refresh-prices',
      'user',
      async (ctx, { user }) => {
        await deps.jobLimits.consume('refreshPrices', user);
        const result = await refreshPricesNow();
        ctx.body = refreshPricesResponseSchema.parse({
          updatedCount: result.updatedCount,
          simulated: result.simulated,
        });
      },
      {
        summary:
          'Refresh prices now (RefreshPrices workflow; concurrent calls share one run; one per user per minute, admins exempt)',
        responses: { 200: { description: 'Prices updated', schema: refreshPricesResponseSchema } },
        errors: [429, 503],
      },
    ),

    route(
      'POST',
      '/api/detect-trends',
      'user',
      async (ctx, { user }) => {
        await deps.jobLimits.consume('detectTrends', user);
        const result = await detectTrendsNow();
        ctx.body = detectTrendsResponseSchema.parse({
          trendsDetected: result.trendsDetected,
          usingRealAPIs: usingRealAPIs(deps.realPlatforms),
        });
      },
      {
        summary:
          'Detect trends now (DetectTrends workflow; concurrent calls share one run; one per user per minute, admins exempt)',
        responses: { 200: { description: 'Trends detected', schema: detectTrendsResponseSchema } },
        errors: [429, 503],
      },
    ),
  ];
}
