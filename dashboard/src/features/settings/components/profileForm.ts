import { z } from 'zod';
import {
  notificationPreferencesSchema,
  profileUpdateSchema,
  type NotificationPreferences,
  type ProfileUpdateInput,
} from '@core/contracts/auth';
import type { PublicUser } from '@core/contracts/user';

export interface ProfileFormValues {
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string;
  /** Needed only when the e-mail address changes. */
  currentPassword: string;
  notifications: NotificationPreferences;
}

export function profileFormValuesOf(user: PublicUser): ProfileFormValues {
  return {
    firstName: user.firstName ?? '',
    lastName: user.lastName ?? '',
    email: user.email,
    phoneNumber: user.phoneNumber ?? '',
    currentPassword: '',
    notifications: {
      emailAlerts: user.emailAlerts,
      smsAlerts: user.smsAlerts,
      weeklyDigest: user.weeklyDigest,
      marketUpdates: user.marketUpdates,
      newFeatures: user.newFeatures,
    },
  };
}

/** The PATCH /api/user/profile body. An empty phone number clears it, and SMS needs a phone number. */
export function profileUpdateOf(values: ProfileFormValues): ProfileUpdateInput {
  const phoneNumber = values.phoneNumber.trim();
  return {
    firstName: values.firstName.trim(),
    lastName: values.lastName.trim(),
    email: values.email.trim(),
    phoneNumber: phoneNumber || null,
    ...(values.currentPassword ? { currentPassword: values.currentPassword } : {}),
    notifications: { ...values.notifications, smsAlerts: values.notifications.smsAlerts && phoneNumber !== '' },
  };
}

/**
 * The settings form on the PATCH /api/user/profile contract: the form's values become the request body, which the
 * contract checks; its messages land on the fields of the same names.
 */
export const profileFormSchema = z
  .object({
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    phoneNumber: z.string(),
    currentPassword: z.string(),
    notifications: notificationPreferencesSchema,
  })
  .transform(profileUpdateOf)
  .pipe(profileUpdateSchema);

/** The fields a server answer may name, for showing it under the field. */
export const PROFILE_FIELDS = [
  'firstName',
  'lastName',
  'email',
  'phoneNumber',
  'currentPassword',
  'notifications.smsAlerts',
] as const;
