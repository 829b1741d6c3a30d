import type { PublicUser } from '../../core/contracts/user';
import type { UserRow } from '../../warehouse/postgres/users';

export type { UserRow };

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The user as the API shows it: never the password hash. */
export function toPublicUser(row: UserRow): PublicUser {
  return {
    id: row.id,
    email: row.email,
    username: row.username,
    firstName: row.first_name,
    lastName: row.last_name,
    profileImageUrl: row.profile_image_url,
    phoneNumber: row.phone_number,
    stripeCustomerId: row.stripe_customer_id,
    stripeSubscriptionId: row.stripe_subscription_id,
    subscriptionStatus: row.subscription_status,
    trialStartDate: iso(row.trial_start_date),
    trialEndDate: iso(row.trial_end_date),
    hasCompletedTrial: row.has_completed_trial,
    cancelAtPeriodEnd: row.cancel_at_period_end,
    currentPeriodEnd: iso(row.current_period_end),
    role: row.role,
    isActive: row.is_active,
    emailVerified: row.email_verified_at !== null,
    phoneVerified: row.phone_verified_at !== null && row.phone_number !== null,
    pendingEmail: row.pending_email,
    emailAlerts: row.email_alerts,
    smsAlerts: row.sms_alerts,
    weeklyDigest: row.weekly_digest,
    marketUpdates: row.market_updates,
    newFeatures: row.new_features,
    lastLoginAt: iso(row.last_login_at),
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}
