import { z } from 'zod';
import { alertOutcomeSchema } from './alertOutcomes';
import { alertSettingsSchema } from './alertSettings';
import { apiKeySchema } from './apiKeys';
import { publicUserSchema } from './user';
import { webhookDeliverySchema, webhookSettingsSchema, webhookTargetSchema } from './webhooks';

/**
 * GET /api/user/export ("Download My Data"): everything the product holds about the user. The webhook signing secret is
 * left out on purpose: it is a credential, not data about the user, and a leaked export must not let anyone sign bodies.
 * API keys are listed by name and first characters with their use; the keys themselves are stored only as hashes.
 */
export const userExportSchema = z.object({
  exportedAt: z.string(),
  user: publicUserSchema,
  watchlist: z.array(z.string()),
  alertSettings: alertSettingsSchema.nullable(),
  webhookTargets: z.array(webhookTargetSchema),
  /** Alerts that send their webhooks to a target of their own instead of the account's. */
  alertWebhookTargets: webhookSettingsSchema.shape.alertOverrides,
  /** The whole delivery log, newest first. */
  webhookDeliveries: z.array(webhookDeliverySchema),
  /** Every alert firing with the price then and after, newest first. */
  alertOutcomes: z.array(alertOutcomeSchema),
  /** Live API keys with their requests per UTC day, every day kept. */
  apiKeys: z.array(apiKeySchema),
});
export type UserExport = z.infer<typeof userExportSchema>;
