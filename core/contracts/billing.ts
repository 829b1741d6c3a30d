import { z } from 'zod';
import { emailField, registerSchema } from './auth';

/** The one plan: Pro at $49 per month; the card-on-file sign-up trial is 14 days. */
export const PRO_PLAN = {
  name: 'Pro',
  amountCents: 4900,
  currency: 'usd',
  interval: 'month',
  signupTrialDays: 14,
} as const;

/** POST /api/create-setup-intent */
export const setupIntentRequestSchema = z.object({ email: emailField });
export type SetupIntentRequest = z.infer<typeof setupIntentRequestSchema>;

/** The setup-intent response. */
export const setupIntentResponseSchema = z.object({ clientSecret: z.string(), customerId: z.string() });
export type SetupIntentResponse = z.infer<typeof setupIntentResponseSchema>;

/** POST /api/register-with-trial: the sign-up fields plus the confirmed card and the customer it belongs to. */
export const registerWithTrialSchema = registerSchema.and(
  z.object({
    paymentMethodId: z
      .string({ error: 'paymentMethodId is required' })
      .trim()
      .min(1, 'paymentMethodId is required')
      .max(255),
    customerId: z.string({ error: 'customerId is required' }).trim().min(1, 'customerId is required').max(255),
  }),
);
export type RegisterWithTrialInput = z.infer<typeof registerWithTrialSchema>;

/**
 * POST /api/create-subscription: `requires_payment` carries the client
 * secret of the first invoice's payment; `active` is "Already Subscribed"; `trialing` means a card
 * trial is already in place and converts by itself.
 */
export const createSubscriptionResponseSchema = z.object({
  status: z.enum(['requires_payment', 'active', 'trialing']),
  message: z.string(),
  clientSecret: z.string().nullable(),
});
export type CreateSubscriptionResponse = z.infer<typeof createSubscriptionResponseSchema>;
