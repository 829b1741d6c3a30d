import { z } from 'zod';

/** What the browser may know about the server's configuration (no secrets). */
export const publicConfigSchema = z.object({
  paymentsEnabled: z.boolean(),
  stripePublishableKey: z.string().nullable(),
  supportEmail: z.string(),
  trialDays: z.object({ marketing: z.literal(7), signup: z.literal(14) }),
  temporalUiUrl: z.string().nullable(),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;
