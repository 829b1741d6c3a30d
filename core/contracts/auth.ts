import { z } from 'zod';

/** Validation messages are spec §5, word for word. */
export const emailField = z.string({ error: 'Invalid email address' }).trim().email('Invalid email address');
export const passwordField = z.string({ error: 'Password must be at least 6 characters' }).min(6, 'Password must be at least 6 characters');

/** 3 to 30 letters, digits or underscores: the same rule as the users_username_format check in Postgres. */
export const USERNAME_PATTERN = /^[A-Za-z0-9_]{3,30}$/;
export const USERNAME_MESSAGE = 'Username must be 3-30 letters, numbers or underscores';
/** Optional at sign-up: blank means none. Unique regardless of letter case (409 when taken). */
export const usernameField = z
  .string()
  .trim()
  .refine((v) => v === '' || USERNAME_PATTERN.test(v), USERNAME_MESSAGE)
  .optional();

export const loginSchema = z.object({
  email: emailField,
  password: passwordField,
});
export type LoginInput = z.infer<typeof loginSchema>;

export const registerSchema = z
  .object({
    email: emailField,
    password: passwordField,
    confirmPassword: z.string({ error: 'Please confirm your password' }).min(6, 'Please confirm your password'),
    firstName: z.string().trim().max(100).optional(),
    lastName: z.string().trim().max(100).optional(),
    username: usernameField,
  })
  .refine((v) => v.password === v.confirmPassword, { message: "Passwords don't match", path: ['confirmPassword'] });
export type RegisterInput = z.infer<typeof registerSchema>;

export const notificationPreferencesSchema = z.object({
  emailAlerts: z.boolean(),
  smsAlerts: z.boolean(),
  weeklyDigest: z.boolean(),
  marketUpdates: z.boolean(),
  newFeatures: z.boolean(),
});
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

/** E.164: a plus sign, then 8 to 15 digits, the first not zero. */
export const e164 = /^\+[1-9]\d{7,14}$/;

export const profileUpdateSchema = z.object({
  firstName: z.string({ error: 'First name is required' }).trim().min(1, 'First name is required').max(100),
  lastName: z.string({ error: 'Last name is required' }).trim().min(1, 'Last name is required').max(100),
  email: z.string({ error: 'Please enter a valid email address' }).trim().email('Please enter a valid email address'),
  phoneNumber: z
    .string()
    .trim()
    .optional()
    .nullable()
    .refine((v) => !v || e164.test(v), 'Phone number must be in international format, e.g. +14155550123'),
  notifications: notificationPreferencesSchema.optional(),
});
export type ProfileUpdateInput = z.infer<typeof profileUpdateSchema>;
