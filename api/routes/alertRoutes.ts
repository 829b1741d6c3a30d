import type { Context } from 'koa';
import type { Knex } from 'knex';
import { alertIdSchema, outboxQuerySchema, updateAlertSchema } from '../../core/contracts/alerts';
import type { NotificationChannels } from '../../workflows/notifications/delivery';
import { listOutbox } from '../../workflows/notifications/outboxStore';
import { createAlertService } from '../alerts/alertService';
import { createTestEmailService } from '../alerts/testEmailService';
import type { SessionUser } from '../http/access';
import { notFound } from '../http/httpError';
import { route } from '../http/routeTable';

const currentUserId = (ctx: Context) => (ctx.state.user as SessionUser).id;
/** A path id that is not a positive integer names no alert: 404, like another user's alert. */
const alertId = (ctx: Context) => {
  const parsed = alertIdSchema.safeParse(ctx.params.id);
  if (!parsed.success) throw notFound('Alert not found');
  return parsed.data;
};

/** Alerts (spec §7), the test e-mail and the admin's outbox of captured messages. */
export function alertRoutes(deps: { db: Knex; notifications: NotificationChannels; testEmailsPerHour: number }) {
  const alerts = createAlertService(deps.db);
  const testEmail = createTestEmailService(deps.db, deps.notifications, deps.testEmailsPerHour);
  return [
    route('GET', '/api/alerts', 'user', async (ctx) => {
      ctx.body = await alerts.list(currentUserId(ctx));
    }),
    route('POST', '/api/alerts', 'user', async (ctx) => {
      ctx.status = 201;
      ctx.body = await alerts.create(currentUserId(ctx), ctx.request.body);
    }),
    route('PATCH', '/api/alerts/:id', 'user', async (ctx) => {
      const id = alertId(ctx);
      const { isActive } = updateAlertSchema.parse(ctx.request.body ?? {});
      ctx.body = await alerts.setActive(currentUserId(ctx), id, isActive);
    }),
    route('DELETE', '/api/alerts/:id', 'user', async (ctx) => {
      await alerts.remove(currentUserId(ctx), alertId(ctx));
      ctx.body = { deleted: true };
    }),
    route('POST', '/api/test-email', 'user', async (ctx) => {
      ctx.body = await testEmail.send(currentUserId(ctx));
    }),
    route('GET', '/api/admin/outbox', 'admin', async (ctx) => {
      ctx.body = await listOutbox(deps.db, outboxQuerySchema.parse(ctx.query));
    }),
  ];
}
