import { z } from 'zod';

/** The mention windows an alert may watch (minutes): the trailing 1, 4 or 24 hours; 24 hours by default. */
export const alertWindows = [60, 240, 1440] as const;
export const DEFAULT_ALERT_WINDOW = 1440;
/** The window choices of the alert forms (select values are strings). */
export const alertWindowOptions = [
  { value: '60', label: 'Last 1 hour' },
  { value: '240', label: 'Last 4 hours' },
  { value: '1440', label: 'Last 24 hours' },
] as const;

const windowSchema = z.union(alertWindows.map((w) => z.literal(w)) as [z.ZodLiteral<60>, z.ZodLiteral<240>, z.ZodLiteral<1440>], {
  error: 'windowMinutes must be 60, 240 or 1440',
});

/** POST /api/alerts (spec §7): stockId required, mentionThreshold a positive integer, the two channel switches. */
export const createAlertSchema = z.object({
  stockId: z.number({ error: 'stockId is required' }).int('stockId must be an integer').positive('stockId must be positive').max(2_147_483_647, 'stockId is not a stock'),
  mentionThreshold: z
    .number({ error: 'mentionThreshold must be a number' })
    .int('mentionThreshold must be a whole number')
    .positive('mentionThreshold must be at least 1')
    .max(100_000_000, 'mentionThreshold is too large'),
  emailEnabled: z.boolean({ error: 'emailEnabled must be true or false' }).default(true),
  smsEnabled: z.boolean({ error: 'smsEnabled must be true or false' }).default(false),
  windowMinutes: windowSchema.default(DEFAULT_ALERT_WINDOW),
});
export type CreateAlertInput = z.input<typeof createAlertSchema>;

/** PATCH /api/alerts/{id}: switch an alert on or off. */
export const updateAlertSchema = z.object({
  isActive: z.boolean({ error: 'isActive must be true or false' }),
});

export const alertIdSchema = z.coerce.number({ error: 'Alert not found' }).int().positive().max(2_147_483_647);

/** spec §3 Alert as listed to the client, with its stock's ticker and name. */
export const alertSchema = z.object({
  id: z.number().int(),
  userId: z.string(),
  stockId: z.number().int(),
  mentionThreshold: z.number().int(),
  windowMinutes: z.number().int(),
  emailEnabled: z.boolean(),
  smsEnabled: z.boolean(),
  isActive: z.boolean(),
  createdAt: z.string(),
  /** Beyond the spec: when the alert last fired (null if never). */
  lastTriggeredAt: z.string().nullable(),
  stock: z.object({ ticker: z.string(), name: z.string() }).nullable(),
});
export type Alert = z.infer<typeof alertSchema>;

/** GET /api/admin/outbox: one captured e-mail or SMS. */
export const outboxMessageSchema = z.object({
  id: z.number().int(),
  channel: z.enum(['email', 'sms']),
  from: z.string(),
  to: z.array(z.string()),
  subject: z.string().nullable(),
  text: z.string(),
  html: z.string().nullable(),
  messageId: z.string().nullable(),
  receivedAt: z.string(),
});
export type OutboxMessageView = z.infer<typeof outboxMessageSchema>;
export interface OutboxPage {
  messages: OutboxMessageView[];
  total: number;
  totalPages: number;
}

export const outboxQuerySchema = z.object({
  page: z.coerce.number({ error: 'page must be a number' }).int().min(1, 'page must be at least 1').max(1_000_000, 'page must be at most 1000000').default(1),
  limit: z.coerce.number({ error: 'limit must be a number' }).int().min(1).max(100, 'limit must be at most 100').default(20),
});
