import { z } from 'zod';

/** How a webhook body is shaped: our JSON, or the incoming-webhook formats of Slack and Discord. */
export const webhookFormats = ['json', 'slack', 'discord'] as const;
export type WebhookFormat = (typeof webhookFormats)[number];
export const WEBHOOK_URL_MAX_LENGTH = 2048;

export const webhookUrlSchema = z
  .string({ error: 'url is required' })
  .trim()
  .min(1, 'url is required')
  .max(WEBHOOK_URL_MAX_LENGTH, `url must be at most ${WEBHOOK_URL_MAX_LENGTH} characters`)
  .refine((v) => URL.canParse(v), 'url must be a valid URL')
  // Stored and sent exactly as given, so it must read the same to every URL parser: no unencoded spaces or quotes, no
  // upper-case host, no backslashes, nothing a parser rewrites (only the "/" of an empty path may be left out).
  .superRefine((v, ctx) => {
    if (!URL.canParse(v)) return;
    const href = new URL(v).href;
    if (href !== v && href !== `${v}/`)
      ctx.addIssue({ code: 'custom', message: `url must be written exactly as it is read: ${href.slice(0, 300)}` });
  });
export const webhookFormatSchema = z.enum(webhookFormats, { error: 'format must be json, slack or discord' });

/** POST /api/webhooks and PUT /api/alerts/{id}/webhook: where to send, and in which shape. */
export const webhookTargetInputSchema = z.object({
  url: webhookUrlSchema,
  format: webhookFormatSchema.default('json'),
});
export type WebhookTargetInput = z.input<typeof webhookTargetInputSchema>;

export const webhookTargetSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  format: webhookFormatSchema,
  createdAt: z.string(),
});
export type WebhookTarget = z.infer<typeof webhookTargetSchema>;

/** GET /api/webhooks: the user's targets, the per-alert overrides, and the secret every body is signed with. */
export const webhookSettingsSchema = z.object({
  targets: z.array(webhookTargetSchema),
  alertOverrides: z.array(z.object({ alertId: z.number().int(), url: z.string(), format: webhookFormatSchema })),
  secret: z.string(),
  maxTargets: z.number().int(),
});
export type WebhookSettings = z.infer<typeof webhookSettingsSchema>;

export const webhookDeliveryStatuses = ['pending', 'delivering', 'delivered', 'failed'] as const;

/** One row of the delivery log: one firing (or test) sent to one target. */
export const webhookDeliverySchema = z.object({
  id: z.number().int(),
  deliveryKey: z.string(),
  event: z.string(),
  alertId: z.number().int().nullable(),
  url: z.string(),
  format: webhookFormatSchema,
  status: z.enum(webhookDeliveryStatuses),
  httpStatus: z.number().int().nullable(),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  lastAttemptAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const webhookDeliveriesQuerySchema = z.object({
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(200, 'limit must be at most 200')
    .default(50),
});

/** POST /api/webhooks/test: one target of the user's, or all of them when targetId is left out. */
export const webhookTestInputSchema = z.object({
  targetId: z
    .number({ error: 'targetId must be a number' })
    .int('targetId must be a whole number')
    .positive('targetId must be positive')
    .max(2_147_483_647, 'targetId is not a target')
    .optional(),
});
export const webhookTestResultSchema = z.object({ deliveries: z.array(webhookDeliverySchema) });

/** The JSON body of an alert webhook (format json): what fired, when, on which stock, with the price at that moment. */
export const webhookBodySchema = z.object({
  event: z.enum(['alert.fired', 'webhook.test']),
  /** The same for every attempt of this delivery (also in the X-StockPulse-Delivery header): receivers deduplicate by it. */
  deliveryId: z.string(),
  alertId: z.number().int().nullable(),
  kind: z.string(),
  ticker: z.string(),
  name: z.string(),
  windowMinutes: z.number().int(),
  count: z.number().int(),
  threshold: z.number().nullable(),
  parameters: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
  firedAt: z.string(),
  priceAtFire: z.number().nullable(),
  links: z.object({ dashboard: z.string(), alerts: z.string() }),
});
export type WebhookBody = z.infer<typeof webhookBodySchema>;
