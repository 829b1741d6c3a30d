import { healthSchema, livenessSchema } from '../../core/contracts/health';
import { route } from '../http/routeTable';
import { checkHealth, type HealthDeps } from '../services/healthService';

export function healthRoutes(deps: HealthDeps) {
  return [
    // Readiness: every store, Temporal and a worker. A load balancer routes by it; a supervisor restarts by /live.
    route(
      'GET',
      '/api/health',
      'public',
      async (ctx) => {
        const health = await checkHealth(deps);
        ctx.status = health.status === 'ok' ? 200 : 503;
        ctx.body = health;
      },
      {
        summary: 'Health of postgres, clickhouse, temporal and the worker',
        responses: {
          200: { description: 'All up', schema: healthSchema },
          503: { description: 'Some part is down', schema: healthSchema },
        },
      },
    ),

    route(
      'GET',
      '/api/health/live',
      'public',
      async (ctx) => {
        ctx.body = { status: 'ok' };
      },
      {
        summary: 'Liveness: the process answers (touches no store)',
        responses: { 200: { description: 'Alive', schema: livenessSchema } },
      },
    ),
  ];
}
