import type { Context } from 'koa';
import type { Knex } from 'knex';
import { z } from 'zod';
import { publicUserSchema } from '../../core/contracts/user';
import { recordAdminAction } from '../admin/auditLog';
import type { UserRow } from '../accounts/userMapper';
import { toPublicUser } from '../accounts/userMapper';
import type { Cancellation } from '../billing/cancellation';
import type { SessionUser } from '../http/access';
import { badRequest } from '../http/httpError';
import { route } from '../http/routeTable';

const userIdParam = z.string().uuid('User id must be a UUID');

const billingSnapshot = (row: UserRow) => ({
  subscriptionStatus: row.subscription_status,
  stripeSubscriptionId: row.stripe_subscription_id,
  cancelAtPeriodEnd: row.cancel_at_period_end,
  currentPeriodEnd: row.current_period_end?.toISOString() ?? null,
});

/** Admin "Cancel Sub": the same cancellation as the user's own (at period end, through Stripe), audited. */
export function adminBillingRoutes(db: Knex, cancellation: Cancellation) {
  return [
    route('POST', '/api/admin/users/:id/cancel-subscription', 'admin', async (ctx: Context) => {
      const parsed = userIdParam.safeParse(ctx.params.id);
      if (!parsed.success) throw badRequest('User id must be a UUID', 'id');
      const userId = parsed.data;
      const { before, after } = await cancellation.cancel(userId);
      const admin = ctx.state.user as SessionUser;
      const actor = (await db('users').where({ id: admin.id }).first('id', 'email')) as { id: string; email: string };
      await recordAdminAction(db, {
        actor,
        action: 'user.cancelSubscription',
        targetType: 'user',
        targetId: userId,
        before: billingSnapshot(before),
        after: billingSnapshot(after),
      });
      ctx.body = { success: true, user: toPublicUser(after) };
    }, { summary: "Cancel a user's subscription at period end (through Stripe when there is one)", params: z.object({ id: userIdParam }), responses: { 200: { description: 'Cancelled', schema: z.object({ success: z.literal(true), user: publicUserSchema }) } }, errors: [404, 409, 502] }),
  ];
}
