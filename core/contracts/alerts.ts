import { z } from 'zod';
import { webhookFormatSchema } from './webhooks';

/** The mention windows an alert may watch (minutes): the trailing 1, 4 or 24 hours; 24 hours by default. */
export const alertWindows = [60, 240, 1440] as const;
export const DEFAULT_ALERT_WINDOW = 1440;
/** The window choices of the alert forms (select values are strings). */
export const alertWindowOptions = [
  { value: '60', label: 'Last 1 hour' },
  { value: '240', label: 'Last 4 hours' },
  { value: '1440', label: 'Last 24 hours' },
] as const;

const windowSchema = z.union(
  alertWindows.map((w) => z.literal(w)) as [z.ZodLiteral<60>, z.ZodLiteral<240>, z.ZodLiteral<1440>],
  {
    error: 'windowMinutes must be 60, 240 or 1440',
  },
);

/** What an alert watches: a mention threshold (the default), a spike over the stock's usual level, a stock entering the trending set, or its majority sentiment flipping. */
export const alertKinds = ['threshold', 'spike', 'new_trend', 'sentiment_flip'] as const;
export type AlertKind = (typeof alertKinds)[number];
/** Which stocks a new-trend alert watches: its one stock, the user's watchlist, or every stock. */
export const trendScopes = ['stock', 'watchlist', 'any'] as const;
export type TrendScope = (typeof trendScopes)[number];

/** A spike is mentions in the window at least spikeFactor × the stock's usual count for that window and time of day. */
export const SPIKE_FACTOR = { min: 1.5, max: 20, default: 3 } as const;
/** Spikes and sentiment flips need at least this many mentions in the window, so a handful of posts cannot fire them. */
export const DEFAULT_MIN_MENTIONS = 10;
export const MAX_MIN_MENTIONS = 1_000_000;
/** At most this many new-trend notifications per user and day (in their noise-control time zone), across their new-trend alerts (a watchlist- or any-stock alert could otherwise send dozens). */
export const NEW_TREND_ALERTS_PER_DAY = 20;

const kindFields: Record<AlertKind, readonly string[]> = {
  threshold: ['stockId', 'mentionThreshold', 'windowMinutes'],
  spike: ['stockId', 'spikeFactor', 'minMentions', 'windowMinutes'],
  sentiment_flip: ['stockId', 'minMentions', 'windowMinutes'],
  new_trend: ['stockId', 'trendScope'],
};
const kindLabel: Record<AlertKind, string> = {
  threshold: 'threshold',
  spike: 'spike',
  sentiment_flip: 'sentiment flip',
  new_trend: 'new trend',
};

const stockIdSchema = z
  .number({ error: 'stockId is required' })
  .int('stockId must be an integer')
  .positive('stockId must be positive')
  .max(2_147_483_647, 'stockId is not a stock');

/**
 * POST /api/alerts. Without `kind` it is the plain threshold alert (stockId, mentionThreshold, the channel switches and
 * the window). Each other kind takes its own parameters, and a parameter of another kind is refused by name.
 */
export const createAlertFields = z.object({
  kind: z.enum(alertKinds, { error: `kind must be one of ${alertKinds.join(', ')}` }).default('threshold'),
  stockId: stockIdSchema.optional(),
  mentionThreshold: z
    .number({ error: 'mentionThreshold must be a number' })
    .int('mentionThreshold must be a whole number')
    .positive('mentionThreshold must be at least 1')
    .max(100_000_000, 'mentionThreshold is too large')
    .optional(),
  spikeFactor: z
    .number({ error: 'spikeFactor must be a number' })
    .min(SPIKE_FACTOR.min, `spikeFactor must be between ${SPIKE_FACTOR.min} and ${SPIKE_FACTOR.max}`)
    .max(SPIKE_FACTOR.max, `spikeFactor must be between ${SPIKE_FACTOR.min} and ${SPIKE_FACTOR.max}`)
    .optional(),
  minMentions: z
    .number({ error: 'minMentions must be a number' })
    .int('minMentions must be a whole number')
    .min(1, 'minMentions must be at least 1')
    .max(MAX_MIN_MENTIONS, `minMentions must be at most ${MAX_MIN_MENTIONS}`)
    .optional(),
  trendScope: z.enum(trendScopes, { error: `trendScope must be one of ${trendScopes.join(', ')}` }).optional(),
  emailEnabled: z.boolean({ error: 'emailEnabled must be true or false' }).default(true),
  smsEnabled: z.boolean({ error: 'smsEnabled must be true or false' }).default(false),
  windowMinutes: windowSchema.optional(),
});
export const createAlertSchema = createAlertFields.superRefine((input, ctx) => {
  const allowed = kindFields[input.kind];
  for (const field of [
    'stockId',
    'mentionThreshold',
    'spikeFactor',
    'minMentions',
    'trendScope',
    'windowMinutes',
  ] as const) {
    if (input[field] !== undefined && !allowed.includes(field))
      ctx.addIssue({
        code: 'custom',
        path: [field],
        message: `${field} does not apply to a ${kindLabel[input.kind]} alert`,
      });
  }
  const scope = input.trendScope ?? 'stock';
  const needsStock = input.kind !== 'new_trend' || scope === 'stock';
  if (needsStock && input.stockId === undefined)
    ctx.addIssue({ code: 'custom', path: ['stockId'], message: 'stockId is required' });
  if (!needsStock && input.stockId !== undefined)
    ctx.addIssue({
      code: 'custom',
      path: ['stockId'],
      message: `stockId does not apply to a new-trend alert on ${scope === 'any' ? 'any stock' : 'the watchlist'}`,
    });
  if (input.kind === 'threshold' && input.mentionThreshold === undefined)
    ctx.addIssue({ code: 'custom', path: ['mentionThreshold'], message: 'mentionThreshold must be a number' });
});
export type CreateAlertInput = z.input<typeof createAlertSchema>;

/** An alert's parameters as stored, each kind's defaults filled in (spike factor 3, minimum 10 mentions, scope one stock). */
export interface AlertParams {
  kind: AlertKind;
  stockId: number | null;
  mentionThreshold: number | null;
  spikeFactor: number | null;
  minMentions: number | null;
  trendScope: TrendScope | null;
  windowMinutes: number;
}

export function alertParams(input: z.output<typeof createAlertSchema>): AlertParams {
  const { kind } = input;
  return {
    kind,
    stockId: input.stockId ?? null,
    mentionThreshold: kind === 'threshold' ? input.mentionThreshold! : null,
    spikeFactor: kind === 'spike' ? Math.round((input.spikeFactor ?? SPIKE_FACTOR.default) * 100) / 100 : null,
    minMentions: kind === 'spike' || kind === 'sentiment_flip' ? (input.minMentions ?? DEFAULT_MIN_MENTIONS) : null,
    trendScope: kind === 'new_trend' ? (input.trendScope ?? 'stock') : null,
    // A new-trend alert has no mention window; the column keeps its default.
    windowMinutes: kind === 'new_trend' ? DEFAULT_ALERT_WINDOW : (input.windowMinutes ?? DEFAULT_ALERT_WINDOW),
  };
}

/** PATCH /api/alerts/{id}: switch an alert on or off. */
export const updateAlertSchema = z.object({
  isActive: z.boolean({ error: 'isActive must be true or false' }),
});

export const alertIdSchema = z.coerce.number({ error: 'Alert not found' }).int().positive().max(2_147_483_647);

/** An alert as listed to the client, with its stock's ticker and name. */
export const alertSchema = z.object({
  id: z.number().int(),
  userId: z.string(),
  kind: z.enum(alertKinds),
  /** Null for a new-trend alert on the watchlist or on any stock. */
  stockId: z.number().int().nullable(),
  /** The threshold alert's mentions; null for the other kinds. */
  mentionThreshold: z.number().int().nullable(),
  spikeFactor: z.number().nullable(),
  minMentions: z.number().int().nullable(),
  trendScope: z.enum(trendScopes).nullable(),
  windowMinutes: z.number().int(),
  emailEnabled: z.boolean(),
  smsEnabled: z.boolean(),
  isActive: z.boolean(),
  createdAt: z.string(),
  /** When the alert last fired (null if never). */
  lastTriggeredAt: z.string().nullable(),
  stock: z.object({ ticker: z.string(), name: z.string() }).nullable(),
  /** The alert's own webhook target, which replaces the account's targets for it; null when it uses the account's. */
  webhook: z.object({ url: z.string(), format: webhookFormatSchema }).nullable(),
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
export const outboxPageSchema = z.object({
  messages: z.array(outboxMessageSchema),
  total: z.number().int(),
  totalPages: z.number().int(),
});
export type OutboxPage = z.infer<typeof outboxPageSchema>;

export const outboxQuerySchema = z.object({
  page: z.coerce
    .number({ error: 'page must be a number' })
    .int()
    .min(1, 'page must be at least 1')
    .max(1_000_000, 'page must be at most 1000000')
    .default(1),
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int()
    .min(1)
    .max(100, 'limit must be at most 100')
    .default(20),
});
