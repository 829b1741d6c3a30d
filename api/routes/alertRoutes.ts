import type { Knex } from 'knex';
import { z } from 'zod';
import { deletedSchema } from '../../core/contracts/errors';
import {
  alertIdSchema,
  alertSchema,
  createAlertSchema,
  outboxPageSchema,
  outboxQuerySchema,
  updateAlertSchema,
} from '../../core/contracts/alerts';
import { alertSettingsSchema } from '../../core/contracts/alertSettings';
import { MAX_WATCHLIST, watchlistSchema } from '../../core/contracts/watchlist';
import { findAlertSettings, saveAlertSettings } from '../../warehouse/postgres/alertSettings';
import type { DeliveryStarts } from '../../domain/notifications/deliveryStarts';
import { listOutbox } from '../../warehouse/postgres/outboxMessages';
import { createAlertService } from '../alerts/alertService';
import { createTestEmailService } from '../alerts/testEmailService';
import { createWatchlistService } from '../alerts/watchlistService';
import { notFound } from '../http/httpError';
import { route } from '../http/routeTable';

/** A path id that is not a positive integer names no alert: 404, like another user's alert. */
const alertId = (id: string) => {
  const parsed = alertIdSchema.safeParse(id);
  if (!parsed.success) throw notFound('Alert not found');
  return parsed.data;
};

const alertIdParams = z.object({ id: z.string() });

/** Alerts, the watchlist, the alerts' noise control, the test e-mail and the admin's outbox of captured messages. */
export function alertRoutes(deps: {
  db: Knex;
  deliveries: DeliveryStarts;
  testEmailsPerHour: number;
  /** How long the test e-mail waits for its first attempt. */
  sendWaitMs: number;
  maxAlertsPerUser: number;
}) {
  const alerts = createAlertService(deps.db, deps.maxAlertsPerUser);
  const testEmail = createTestEmailService(deps.db, deps.deliveries, {
    perHour: deps.testEmailsPerHour,
    waitMs: deps.sendWaitMs,
  });
  const watchlist = createWatchlistService(deps.db);
  const settings = async (userId: string) => {
    const found = await findAlertSettings(deps.db, userId);
    if (!found) throw notFound('User not found');
    return found;
  };
  return [
    route(
      'GET',
      '/api/alerts',
      'user',
      async (ctx, input) => {
        ctx.body = await alerts.list(input.user.id);
      },
      {
        summary: "The user's alerts, each with its stock's ticker and name",
        responses: { 200: { description: 'Alerts', schema: z.array(alertSchema) } },
      },
    ),
    route(
      'POST',
      '/api/alerts',
      'user',
      async (ctx, input) => {
        ctx.status = 201;
        ctx.body = await alerts.create(input.user.id, input.body);
      },
      {
        summary: 'Create an alert',
        body: createAlertSchema,
        responses: { 201: { description: 'The new alert', schema: alertSchema } },
        errors: [404, 409],
      },
    ),
    route(
      'PATCH',
      '/api/alerts/:id',
      'user',
      async (ctx, input) => {
        const id = alertId(input.params.id);
        const { isActive } = input.body;
        ctx.body = await alerts.setActive(input.user.id, id, isActive);
      },
      {
        summary: 'Switch an alert on or off',
        params: alertIdParams,
        body: updateAlertSchema,
        responses: { 200: { description: 'The alert', schema: alertSchema } },
        errors: [404],
      },
    ),
    route(
      'DELETE',
      '/api/alerts/:id',
      'user',
      async (ctx, input) => {
        await alerts.remove(input.user.id, alertId(input.params.id));
        ctx.body = { deleted: true };
      },
      {
        summary: 'Delete an alert (only your own)',
        params: alertIdParams,
        responses: { 200: { description: 'Deleted', schema: deletedSchema } },
        errors: [404],
      },
    ),
    route(
      'GET',
      '/api/watchlist',
      'user',
      async (ctx, input) => {
        ctx.body = await watchlist.get(input.user.id);
      },
      {
        summary: "The user's watchlist: the starred stocks' tickers, in the order starred",
        responses: { 200: { description: 'The watchlist', schema: watchlistSchema } },
      },
    ),
    route(
      'PUT',
      '/api/watchlist',
      'user',
      async (ctx, input) => {
        ctx.body = await watchlist.replace(input.user.id, input.body);
      },
      {
        summary: `Replace the user's watchlist (at most ${MAX_WATCHLIST} listed stocks)`,
        body: watchlistSchema,
        responses: { 200: { description: 'The watchlist as saved', schema: watchlistSchema } },
      },
    ),
    route(
      'GET',
      '/api/alert-settings',
      'user',
      async (ctx, input) => {
        ctx.body = await settings(input.user.id);
      },
      {
        summary: "The user's noise control: time zone, quiet hours and alerts per hour",
        responses: { 200: { description: 'The settings', schema: alertSettingsSchema } },
        errors: [404],
      },
    ),
    route(
      'PUT',
      '/api/alert-settings',
      'user',
      async (ctx, input) => {
        const saved = await saveAlertSettings(deps.db, input.user.id, input.body);
        if (!saved) throw notFound('User not found');
        ctx.body = saved;
      },
      {
        summary:
          'Set quiet hours (local time in an IANA time zone) and the most alerts per hour; the rest are held and sent as one digest',
        body: alertSettingsSchema,
        responses: { 200: { description: 'The settings as saved', schema: alertSettingsSchema } },
        errors: [404],
      },
    ),
    route(
      'POST',
      '/api/test-email',
      'user',
      async (ctx, input) => {
        ctx.body = await testEmail.send(input.user.id);
      },
      {
        summary: 'Send a test e-mail to the signed-in user',
        responses: { 200: { description: 'Sent', schema: z.object({ message: z.string(), sentTo: z.string() }) } },
        errors: [409, 429, 502],
      },
    ),
    route(
      'GET',
      '/api/admin/outbox',
      'admin',
      async (ctx, input) => {
        ctx.body = await listOutbox(deps.db, input.query);
      },
      {
        summary: 'Captured e-mails and SMS (no real provider configured)',
        query: outboxQuerySchema,
        responses: { 200: { description: 'One page of messages', schema: outboxPageSchema } },
      },
    ),
  ];
}
