import { z } from 'zod';
import { publicUserSchema } from '../../core/contracts/user';
import type { Database } from '../../platform/database';
import { adminActor } from '../admin/adminActor';
import { recordAdminAction } from '../../warehouse/postgres/adminAuditLog';
import type { UserRow } from '../accounts/userMapper';
import { toPublicUser } from '../accounts/userMapper';
import type { Cancellation } from '../billing/cancellation';
import { route } from '../http/routeTable';

const userIdParams = z.object({ id: z.string().uuid('User id must be a UUID') });

const billingSnapshot = (row: UserRow) => ({
  subscriptionStatus: row.subscription_status,
  stripeSubscriptionId: row.stripe_subscription_id,
  cancelAtPeriodEnd: row.cancel_at_period_end,
  currentPeriodEnd: row.current_period_end?.toISOString() ?? null,
});

/** Admin "Cancel Sub": the same cancellation as the user's own (at period end, through Stripe), audited. */
export function adminBillingRoutes(db: Database, cancellation: Cancellation) {
  return [
    route(
      'POST',
      '/api/admin/users/:id/cancel-subscription',
      'admin',
      async (ctx, { params: { id: userId }, user }) => {
        const { before, after } = await cancellation.cancel(userId);
        const actor = await adminActor(db, user);
        await recordAdminAction(db, {
          actor,
          action: 'user.cancelSubscription',
          targetType: 'user',
          targetId: userId,
          before: billingSnapshot(before),
          after: billingSnapshot(after),
        });
        ctx.body = { success: true, user: toPublicUser(after) };
      },
      {
        summary: "Cancel a user's subscription at period end (through Stripe when there is one)",
        params: userIdParams,
        responses: {
          200: { description: 'Cancelled', schema: z.object({ success: z.literal(true), user: publicUserSchema }) },
        },
        errors: [404, 409, 502],
      },
    ),
  ];
}
