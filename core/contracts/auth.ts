import { z } from 'zod';

/** The validation messages are the specification's words, exactly. */
export const emailField = z.string({ error: 'Invalid email address' }).trim().email('Invalid email address');
export const passwordField = z
  .string({ error: 'Password must be at least 6 characters' })
  .min(6, 'Password must be at least 6 characters')
  .max(200, 'Password must be at most 200 characters');

/** A bounded, trimmed name field whose messages say which field and which limit. */
const nameField = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`);

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
    firstName: nameField('First name', 100).optional(),
    lastName: nameField('Last name', 100).optional(),
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

/**
 * PATCH /api/user/profile: every field is optional and an absent field stays as it is (null clears the phone). A new
 * e-mail address needs the current password and takes effect once confirmed from the new inbox.
 */
export const profileUpdateSchema = z
  .object({
    firstName: nameField('First name', 100).min(1, 'First name is required').optional(),
    lastName: nameField('Last name', 100).min(1, 'Last name is required').optional(),
    email: z
      .string({ error: 'Please enter a valid email address' })
      .trim()
      .max(254, 'Email must be at most 254 characters')
      .email('Please enter a valid email address')
      .optional(),
    phoneNumber: z
      .string({ error: 'Phone number must be text' })
      .trim()
      .max(16, 'Phone number must be at most 16 characters')
      .nullable()
      .optional()
      .refine((v) => !v || e164.test(v), 'Phone number must be in international format, e.g. +14155550123'),
    currentPassword: z
      .string({ error: 'Current password must be text' })
      .max(200, 'Current password must be at most 200 characters')
      .optional(),
    notifications: notificationPreferencesSchema.optional(),
  })
  .refine((v) => Object.values(v).some((value) => value !== undefined), 'Send at least one field to change');
export type ProfileUpdateInput = z.infer<typeof profileUpdateSchema>;

const confirmField = z.string({ error: 'Please confirm your password' }).min(1, 'Please confirm your password');

/** POST /api/user/password: the current password, then the new one twice. */
export const passwordChangeSchema = z
  .object({
    currentPassword: z
      .string({ error: 'Current password is required' })
      .min(1, 'Current password is required')
      .max(200, 'Current password must be at most 200 characters'),
    newPassword: passwordField,
    confirmPassword: confirmField,
  })
  .refine((v) => v.newPassword === v.confirmPassword, { message: "Passwords don't match", path: ['confirmPassword'] });
export type PasswordChangeInput = z.infer<typeof passwordChangeSchema>;

/** DELETE /api/user/account: the current password, so a stolen session cannot destroy an account it cannot take over. */
export const deleteAccountSchema = z.object({
  currentPassword: z
    .string({ error: 'Enter your current password to delete your account' })
    .min(1, 'Enter your current password to delete your account')
    .max(200, 'Current password must be at most 200 characters'),
});
export type DeleteAccountInput = z.infer<typeof deleteAccountSchema>;

/** POST /api/password/forgot. */
export const forgotPasswordSchema = z.object({ email: emailField });

const tokenField = z
  .string({ error: 'The link is incomplete' })
  .min(1, 'The link is incomplete')
  .max(200, 'The link is invalid');

/** POST /api/password/reset: the token from the e-mailed link and the new password twice. */
export const resetPasswordSchema = z
  .object({ token: tokenField, password: passwordField, confirmPassword: confirmField })
  .refine((v) => v.password === v.confirmPassword, { message: "Passwords don't match", path: ['confirmPassword'] });
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;

/** POST /api/verify-email: the token from a verification or e-mail-change link. */
export const verifyEmailSchema = z.object({ token: tokenField });

/** POST /api/user/phone/verify: the 6-digit code sent by SMS. */
export const phoneCodeSchema = z.object({
  code: z
    .string({ error: 'Enter the 6-digit code' })
    .trim()
    .regex(/^\d{6}$/, 'Enter the 6-digit code'),
});

/** Answers that only confirm a request was taken (the same whether or not an account exists). */
export const messageResponseSchema = z.object({ message: z.string() });

/**
 * The one answer of sign-up (plain or with a card), the same whether the address was free or already had an account:
 * the rest is said by e-mail, so sign-up cannot be used to find out who has an account.
 */
export const signUpAcceptedSchema = z.object({ message: z.string(), email: z.string() });
export type SignUpAccepted = z.infer<typeof signUpAcceptedSchema>;
export const signUpAcceptedMessage = (email: string) =>
  `Check your e-mail to continue: we sent a message to ${email}. Open the link in it to finish creating your account and sign in.`;
