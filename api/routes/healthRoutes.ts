import { healthSchema } from '../../core/contracts/health';
import { route } from '../http/routeTable';
import { checkHealth, type HealthDeps } from '../services/healthService';

export function healthRoutes(deps: HealthDeps) {
  return [
    route('GET', '/api/health', 'public', async (ctx) => {
      const health = await checkHealth(deps);
      ctx.status = health.status === 'ok' ? 200 : 503;
      ctx.body = health;
    }, { summary: 'Health of postgres, clickhouse, temporal and the worker', responses: { 200: { description: 'All up', schema: healthSchema }, 503: { description: 'Some part is down', schema: healthSchema } } }),
  ];
}
