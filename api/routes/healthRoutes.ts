import { route } from '../http/routeTable';
import { checkHealth, type HealthDeps } from '../services/healthService';

export function healthRoutes(deps: HealthDeps) {
  return [
    route('GET', '/api/health', 'public', async (ctx) => {
      const health = await checkHealth(deps);
      ctx.status = health.status === 'ok' ? 200 : 503;
      ctx.body = health;
    }),
  ];
}
