import { z } from 'zod';
import {
  alertKinds,
  createAlertSchema,
  DEFAULT_ALERT_WINDOW,
  DEFAULT_MIN_MENTIONS,
  SPIKE_FACTOR,
  trendScopes,
  type CreateAlertInput,
} from '@core/contracts/alerts';

/** The Kind selector's choices; Threshold (the plain mention-count alert) first and the default. */
export const alertKindOptions = [
  { value: 'threshold', label: 'Mentions pass a threshold' },
  { value: 'spike', label: 'Mentions spike above usual' },
  { value: 'sentiment_flip', label: 'Sentiment flips' },
  { value: 'new_trend', label: 'Starts trending' },
] as const satisfies ReadonlyArray<{ value: (typeof alertKinds)[number]; label: string }>;

export const trendScopeOptions = [
  { value: 'stock', label: 'This stock' },
  { value: 'watchlist', label: 'Any stock on my watchlist' },
  { value: 'any', label: 'Any stock' },
] as const satisfies ReadonlyArray<{ value: (typeof trendScopes)[number]; label: string }>;

const text = (value: string) => value.trim();
const numberOrUndefined = (value: string) => (text(value) === '' ? undefined : Number(text(value)));

/**
 * The alert form on the POST /api/alerts contract. The inputs hold text (number inputs, selects); the form sends only
 * the chosen kind's fields, read as the contract's numbers, and the contract itself checks them, so a message names the
 * same field the API would. A threshold alert is sent without `kind`. A missing stock
 * fails `stockId`, which the form shows as the "Stock ID is required" toast rather than under a field.
 */
export const alertFormSchema = z
  .object({
    kind: z.enum(alertKinds),
    stockId: z.number().nullable(),
    mentionThreshold: z.string(),
    spikeFactor: z.string(),
    minMentions: z.string(),
    trendScope: z.enum(trendScopes),
    windowMinutes: z.string(),
    emailEnabled: z.boolean(),
    smsEnabled: z.boolean(),
  })
  .transform((form, ctx): CreateAlertInput => {
    const channels = { emailEnabled: form.emailEnabled, smsEnabled: form.smsEnabled };
    const stock = form.stockId === null ? {} : { stockId: form.stockId };
    const windowMinutes = Number(form.windowMinutes) as CreateAlertInput['windowMinutes'];
    let input: CreateAlertInput;
    if (form.kind === 'threshold') {
      const threshold = text(form.mentionThreshold);
      if (threshold === '')
        ctx.addIssue({ code: 'custom', path: ['mentionThreshold'], message: 'Mention threshold is required' });
      else if (!Number.isInteger(Number(threshold)) || Number(threshold) < 1)
        ctx.addIssue({ code: 'custom', path: ['mentionThreshold'], message: 'Enter a whole number of at least 1' });
      input = { ...stock, mentionThreshold: Number(threshold), windowMinutes, ...channels };
    } else if (form.kind === 'spike') {
      input = {
        kind: 'spike',
        ...stock,
        spikeFactor: numberOrUndefined(form.spikeFactor),
        minMentions: numberOrUndefined(form.minMentions),
        windowMinutes,
        ...channels,
      };
    } else if (form.kind === 'sentiment_flip') {
      input = {
        kind: 'sentiment_flip',
        ...stock,
        minMentions: numberOrUndefined(form.minMentions),
        windowMinutes,
        ...channels,
      };
    } else {
      input = {
        kind: 'new_trend',
        trendScope: form.trendScope,
        ...(form.trendScope === 'stock' ? stock : {}),
        ...channels,
      };
    }
    if (ctx.issues.length > 0) return z.NEVER;
    const checked = createAlertSchema.safeParse(input);
    if (!checked.success) {
      for (const issue of checked.error.issues)
        ctx.addIssue({ code: 'custom', path: issue.path.map(String), message: issue.message });
      return z.NEVER;
    }
    return input;
  });
export type AlertFormValues = z.input<typeof alertFormSchema>;

/** A threshold alert: threshold 1000, the 24-hour window, e-mail on and SMS off; the other kinds' fields at their defaults. */
export function alertFormDefaults(stockId: number | null): AlertFormValues {
  return {
    kind: 'threshold',
    stockId,
    mentionThreshold: '1000',
    spikeFactor: String(SPIKE_FACTOR.default),
    minMentions: String(DEFAULT_MIN_MENTIONS),
    trendScope: 'stock',
    windowMinutes: String(DEFAULT_ALERT_WINDOW),
    emailEnabled: true,
    smsEnabled: false,
  };
}
