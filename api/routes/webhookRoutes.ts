import type { Knex } from 'knex';
import { z } from 'zod';
import { deletedSchema } from '../../core/contracts/errors';
import { alertIdSchema } from '../../core/contracts/alerts';
import {
  webhookDeliveriesQuerySchema,
  webhookDeliverySchema,
  webhookFormatSchema,
  webhookSettingsSchema,
  webhookTargetInputSchema,
  webhookTargetSchema,
  webhookTestInputSchema,
  webhookTestResultSchema,
} from '../../core/contracts/webhooks';
import { notFound } from '../http/httpError';
import { route } from '../http/routeTable';
import { createWebhookService, type WebhookServiceOptions } from '../webhooks/webhookService';

const idParams = z.object({ id: z.string() });
/** A path id that is not a positive integer names nothing: 404, like another user's. */
const pathId = (id: string, what: string) => {
  const parsed = alertIdSchema.safeParse(id);
  if (!parsed.success) throw notFound(`${what} not found`);
  return parsed.data;
};
const alertTargetSchema = z.object({ alertId: z.number().int(), url: z.string(), format: webhookFormatSchema });

/** Webhook targets, the signing secret, per-alert targets, the delivery log and Send test. */
export function webhookRoutes(deps: { db: Knex } & WebhookServiceOptions) {
  const webhooks = createWebhookService(deps.db, deps);
  return [
    route(
      'GET',
      '/api/webhooks',
      'user',
      async (ctx, input) => {
        ctx.body = await webhooks.settings(input.user.id);
      },
      {
        summary: 'Your webhook targets, per-alert targets and signing secret',
        responses: { 200: { description: 'Webhook settings', schema: webhookSettingsSchema } },
      },
    ),
    route(
      'POST',
      '/api/webhooks',
      'user',
      async (ctx, input) => {
        ctx.status = 201;
        ctx.body = await webhooks.addTarget(input.user.id, input.body);
      },
      {
        summary: 'Add a webhook target (https, public address; json, slack or discord body)',
        body: webhookTargetInputSchema,
        responses: { 201: { description: 'The new target', schema: webhookTargetSchema } },
        errors: [409],
      },
    ),
    route(
      'DELETE',
      '/api/webhooks/:id',
      'user',
      async (ctx, input) => {
        await webhooks.removeTarget(input.user.id, pathId(input.params.id, 'Webhook target'));
        ctx.body = { deleted: true };
      },
      {
        summary: 'Delete one of your webhook targets',
        params: idParams,
        responses: { 200: { description: 'Deleted', schema: deletedSchema } },
        errors: [404],
      },
    ),
    route(
      'POST',
      '/api/webhooks/secret',
      'user',
      async (ctx, input) => {
        ctx.body = await webhooks.rotateSecret(input.user.id);
      },
      {
        summary: 'Rotate the webhook signing secret (bodies are signed with the new one from now on)',
        responses: { 200: { description: 'The new secret', schema: z.object({ secret: z.string() }) } },
      },
    ),
    route(
      'GET',
      '/api/webhooks/deliveries',
      'user',
      async (ctx, input) => {
        ctx.body = await webhooks.deliveries(input.user.id, input.query.limit);
      },
      {
        summary: 'Your webhook delivery log, newest first',
        query: webhookDeliveriesQuerySchema,
        responses: { 200: { description: 'Deliveries', schema: z.array(webhookDeliverySchema) } },
      },
    ),
    route(
      'POST',
      '/api/webhooks/test',
      'user',
      async (ctx, input) => {
        const { targetId } = input.body;
        ctx.body = { deliveries: await webhooks.sendTest(input.user.id, targetId) };
      },
      {
        summary: 'Send a signed test body to one or all of your targets now',
        body: webhookTestInputSchema,
        responses: { 200: { description: 'The logged deliveries', schema: webhookTestResultSchema } },
        errors: [404, 409, 429],
      },
    ),
    route(
      'PUT',
      '/api/alerts/:id/webhook',
      'user',
      async (ctx, input) => {
        ctx.body = await webhooks.setAlertTarget(input.user.id, pathId(input.params.id, 'Alert'), input.body);
      },
      {
        summary: "Send this alert's webhooks to this target instead of your account's",
        params: idParams,
        body: webhookTargetInputSchema,
        responses: { 200: { description: 'The alert target', schema: alertTargetSchema } },
        errors: [404],
      },
    ),
    route(
      'DELETE',
      '/api/alerts/:id/webhook',
      'user',
      async (ctx, input) => {
        await webhooks.removeAlertTarget(input.user.id, pathId(input.params.id, 'Alert'));
        ctx.body = { deleted: true };
      },
      {
        summary: "Remove this alert's own target (it uses your account's targets again)",
        params: idParams,
        responses: { 200: { description: 'Removed', schema: deletedSchema } },
        errors: [404],
      },
    ),
  ];
}
