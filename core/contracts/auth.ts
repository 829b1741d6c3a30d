import { z } from 'zod';

/** Validation messages are spec §5, word for word. */
export const emailField = z.string({ error: 'Invalid email address' }).trim().email('Invalid email address');
export const passwordField = z.string({ error: 'Password must be at least 6 characters' }).min(6, 'Password must be at least 6 characters');

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
    username: z.string().trim().max(50).optional(),
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
