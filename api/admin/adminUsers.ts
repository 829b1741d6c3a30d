import type { AdminSubscriptionFilter, AdminUsersQuery, AdminUsersResponse } from '../../core/contracts/admin';
import type { PublicUser, Role, SubscriptionStatus } from '../../core/contracts/user';
import { marketingTrialEnd } from '../accounts/accountService';
import type { Database } from '../../platform/database';
import {
  deleteUser,
  lockUser as lockUserRow,
  searchUsers,
  updateUser,
  type UserRow,
} from '../../warehouse/postgres/users';
import { toPublicUser } from '../accounts/userMapper';
import { HttpError, notFound } from '../http/httpError';
import { destroyUserSessions } from '../sessions/postgresSessionStore';
import type { AdminActor } from './adminActor';
import { recordAdminAction } from '../../warehouse/postgres/adminAuditLog';
import { guardLastAdmin } from '../accounts/lastAdminGuard';
import { DAY_MS } from '../../core/timeWindows';

/** What each subscription filter matches: the admin's "trial" and "none" also cover sign-up's "trialing" and the default "inactive". */
const statusesForFilter: Record<AdminSubscriptionFilter, SubscriptionStatus[]> = {
  active: ['active'],
  trial: ['trial', 'trialing'],
  cancelled: ['cancelled'],
  expired: ['expired'],
  none: ['none', 'inactive'],
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** GET /api/admin/users: filtered, searched (name, username, e-mail; case-insensitive), newest first, one page. */
export async function listUsers(db: Database, query: AdminUsersQuery): Promise<AdminUsersResponse> {
  const { rows, total } = await searchUsers(db, {
    statuses: query.subscriptionStatus === 'all' ? null : statusesForFilter[query.subscriptionStatus],
    role: query.role === 'all' ? null : query.role,
    search: query.search || null,
    limit: query.limit,
    offset: (query.page - 1) * query.limit,
  });
  return { users: rows.map(toPublicUser), totalPages: Math.max(1, Math.ceil(total / query.limit)), total };
}

/** The target row, locked for the change; 404 when there is none (or the id is not a uuid). */
async function lockUser(trx: Database, id: string): Promise<UserRow> {
  const row = UUID.test(id) ? await lockUserRow(trx, { id }) : undefined;
  if (!row) throw notFound('User not found');
  return row;
}

/** The audit view of a user: the fields admin actions change. */
const auditView = (row: UserRow) => ({
  email: row.email,
  role: row.role,
  isActive: row.is_active,
  subscriptionStatus: row.subscription_status,
});

export function createAdminUserService(db: Database) {
  /** Locks the user, applies `changes` (unless there is nothing to change) and records the action, all in one transaction. */
  async function change(
    actor: AdminActor,
    id: string,
    action: string,
    apply: (row: UserRow, trx: Database) => Promise<Partial<UserRow> | null>,
  ): Promise<PublicUser> {
    return db.transaction(async (trx) => {
      const before = await lockUser(trx, id);
      const changes = await apply(before, trx);
      if (!changes) return toPublicUser(before);
      const after = await updateUser(trx, { id }, { ...changes, updated_at: new Date() });
      await recordAdminAction(trx, {
        actor,
        action,
        targetType: 'user',
        targetId: id,
        before: auditView(before),
        after: auditView(after!),
      });
      return toPublicUser(after!);
    });
  }

  return {
    setRole: (actor: AdminActor, id: string, role: Role) =>
      change(actor, id, 'user.role', async (row, trx) => {
        if (row.role === role) return null;
        if (role === 'user') await guardLastAdmin(trx, row, 'demote');
        return { role };
      }),

    deactivate: (actor: AdminActor, id: string) =>
      change(actor, id, 'user.deactivate', async (row, trx) => {
        if (!row.is_active) return null;
        await guardLastAdmin(trx, row, 'deactivate');
        await destroyUserSessions(trx, id);
        return { is_active: false };
      }),

    setSubscriptionStatus: (actor: AdminActor, id: string, subscriptionStatus: SubscriptionStatus) =>
      change(actor, id, 'user.subscription', async (row) => {
        if (row.subscription_status === subscriptionStatus) return null;
        // An admin's "trial" shows the user the same banner and end date as sign-up's trial: without a running trial it
        // starts the card-free one now.
        const now = new Date();
        const startsTrial = subscriptionStatus === 'trial' && !(row.trial_end_date && row.trial_end_date > now);
        return startsTrial
          ? { subscription_status: subscriptionStatus, trial_start_date: now, trial_end_date: marketingTrialEnd(now) }
          : { subscription_status: subscriptionStatus };
      }),

    /**
     * Extends a card-free trial by `days` from its end (or from now, when it has already ended), reopening an expired
     * trial; audited with the end date before and after. A paying user or a card trial (billed by Stripe) is refused.
     */
    async extendTrial(actor: AdminActor, id: string, days: number, now = new Date()): Promise<PublicUser> {
      return db.transaction(async (trx) => {
        const before = await lockUser(trx, id);
        const isTrial =
          ['trialing', 'trial', 'expired'].includes(before.subscription_status) && !before.stripe_subscription_id;
        if (!isTrial)
          throw new HttpError(
            409,
            'Only a card-free trial (trialing, trial or expired, without a Stripe subscription) can be extended',
          );
        const from = before.trial_end_date && before.trial_end_date > now ? before.trial_end_date : now;
        const trialEnd = new Date(from.getTime() + days * DAY_MS);
        const status = before.subscription_status === 'expired' ? 'trialing' : before.subscription_status;
        const after = await updateUser(
          trx,
          { id },
          {
            trial_end_date: trialEnd,
            subscription_status: status,
            trial_start_date: before.trial_start_date ?? now,
            updated_at: now,
          },
        );
        const view = (row: UserRow) => ({ ...auditView(row), trialEndDate: row.trial_end_date?.toISOString() ?? null });
        await recordAdminAction(trx, {
          actor,
          action: 'user.extendTrial',
          targetType: 'user',
          targetId: id,
          before: view(before),
          after: { ...view(after!), days },
        });
        return toPublicUser(after!);
      });
    },

    /** Deletes the user and ends their sessions; the audit row keeps who they were. */
    async deleteUser(actor: AdminActor, id: string): Promise<void> {
      await db.transaction(async (trx) => {
        const before = await lockUser(trx, id);
        await guardLastAdmin(trx, before, 'delete');
        // Recorded before the delete: an admin deleting their own account is the row's actor (its actor_id then becomes null).
        await recordAdminAction(trx, {
          actor,
          action: 'user.delete',
          targetType: 'user',
          targetId: id,
          before: auditView(before),
          after: null,
        });
        await destroyUserSessions(trx, id);
        await deleteUser(trx, id);
      });
    },
  };
}
