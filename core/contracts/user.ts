import { z } from 'zod';

/** Every subscription status: client screens test "trialing", the admin sets "trial". */
export const subscriptionStatuses = [
  'inactive',
  'trialing',
  'trial',
  'active',
  'cancelled',
  'expired',
  'none',
] as const;
export const subscriptionStatusSchema = z.enum(subscriptionStatuses);
export type SubscriptionStatus = z.infer<typeof subscriptionStatusSchema>;

/** Sign-up's "trialing" and the admin's "trial" are one state to the user: both show the trial banner and badge. */
export const isTrialStatus = (status: SubscriptionStatus): boolean => status === 'trialing' || status === 'trial';
/** A trial (either spelling) or a paid plan: the menu link reads "Manage Subscription". */
export const isSubscribedStatus = (status: SubscriptionStatus): boolean => isTrialStatus(status) || status === 'active';

export const roles = ['user', 'admin'] as const;
export const roleSchema = z.enum(roles);
export type Role = z.infer<typeof roleSchema>;

/** The user object as the API returns it, never with the password hash. */
export const publicUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  username: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  stripeCustomerId: z.string().nullable(),
  stripeSubscriptionId: z.string().nullable(),
  subscriptionStatus: subscriptionStatusSchema,
  trialStartDate: z.string().nullable(),
  trialEndDate: z.string().nullable(),
  hasCompletedTrial: z.boolean(),
  /** Billing: the subscription ends at currentPeriodEnd instead of renewing (access is kept until then). */
  cancelAtPeriodEnd: z.boolean().optional(),
  currentPeriodEnd: z.string().nullable().optional(),
  role: roleSchema,
  isActive: z.boolean(),
  /** Alert e-mails go only to a verified address; SMS only to a verified phone. */
  emailVerified: z.boolean(),
  phoneVerified: z.boolean(),
  /** A new address waiting for the user to click the link sent to it (null when none). */
  pendingEmail: z.string().nullable(),
  emailAlerts: z.boolean(),
  smsAlerts: z.boolean(),
  weeklyDigest: z.boolean(),
  marketUpdates: z.boolean(),
  newFeatures: z.boolean(),
  lastLoginAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PublicUser = z.infer<typeof publicUserSchema>;
