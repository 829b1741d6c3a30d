import type { Knex } from 'knex';
import { z } from 'zod';
import { alertOutcomeSchema, outcomeDistributionSchema } from '../../core/contracts/alertOutcomes';
import { alertOutcomeDistribution, listUserAlertOutcomes } from '../../warehouse/postgres/alertOutcomes';
import { route } from '../http/routeTable';

const outcomesQuerySchema = z.object({
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(500, 'limit must be at most 500')
    .default(100),
});

/** What the price did after alerts fired: each user's own, and the distribution over everyone's for the admin. */
export function alertOutcomeRoutes(deps: { db: Knex }) {
  return [
    route(
      'GET',
      '/api/alerts/outcomes',
      'user',
      async (ctx, { query, user }) => {
        ctx.body = await listUserAlertOutcomes(deps.db, user.id, query.limit);
      },
      {
        summary: 'Your fired alerts with the price then and 15, 30 and 60 minutes later',
        query: outcomesQuerySchema,
        responses: { 200: { description: 'Outcomes, newest first', schema: z.array(alertOutcomeSchema) } },
      },
    ),
    route(
      'GET',
      '/api/admin/alert-outcomes',
      'admin',
      async (ctx) => {
        ctx.body = await alertOutcomeDistribution(deps.db);
      },
      {
        summary: 'Median and quartiles of the price move after an alert, by kind and horizon (simulated apart)',
        responses: { 200: { description: 'Distribution', schema: outcomeDistributionSchema } },
      },
    ),
  ];
}
