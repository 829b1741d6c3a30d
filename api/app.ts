import Koa from 'koa';
import bodyParser from 'koa-bodyparser';
import type { Client } from '@temporalio/client';
import type { Knex } from 'knex';
import type { Config } from '../core/config';
import type { Warehouse } from '../warehouse/client';
import { errorMiddleware } from './http/errorMiddleware';
import { notFound } from './http/httpError';
import { buildRouter, type RouteDefinition } from './http/routeTable';
import { configRoutes } from './routes/configRoutes';
import { healthRoutes } from './routes/healthRoutes';
import { dashboardStatic } from './static/dashboardStatic';

export interface AppDeps {
  config: Config;
  db: Knex;
  warehouse: Warehouse;
  temporal: Client;
  temporalUiUrl: string | null;
  /** The built dashboard; omitted in API-only tests. */
  dashboardDir?: string;
}

/** Every /api route with its declared access (the access-matrix test walks this list). */
export function apiRoutes(deps: AppDeps): RouteDefinition[] {
  const { config } = deps;
  return [
    ...healthRoutes({
      db: deps.db,
      warehouse: deps.warehouse,
      temporal: deps.temporal,
      namespace: config.env.TEMPORAL_NAMESPACE,
      taskQueue: config.env.TEMPORAL_TASK_QUEUE,
      mode: config.mode,
    }),
    ...configRoutes(config, deps.temporalUiUrl),
  ];
}

/** The Koa app, built without listening: the server calls listen(), tests use app.callback(). */
export function buildApp(deps: AppDeps): Koa {
  const app = new Koa({ proxy: true });
  app.use(errorMiddleware);
  app.use(async (ctx, next) => {
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('Referrer-Policy', 'strict-origin-when-cross-origin');
    ctx.set('X-Frame-Options', 'DENY');
    await next();
  });
  app.use(bodyParser({ enableTypes: ['json'], jsonLimit: '100kb', strict: true }));
  const router = buildRouter(apiRoutes(deps));
  app.use(router.routes());
  app.use(router.allowedMethods());
  app.use(async (ctx, next) => {
    if (ctx.path === '/api' || ctx.path.startsWith('/api/')) throw notFound(`No API route ${ctx.method} ${ctx.path}`);
    await next();
  });
  if (deps.dashboardDir) for (const m of dashboardStatic(deps.dashboardDir)) app.use(m);
  return app;
}
