import { z } from 'zod';
import { createAlertSchema, DEFAULT_ALERT_WINDOW } from '@core/contracts/alerts';

const contract = createAlertSchema.shape;

/**
 * The alert form on the POST /api/alerts contract: the inputs hold text (a number input, a select), which is read as
 * the contract's numbers and then checked by the contract's own fields. A missing stock fails `stockId`, which the
 * form shows as the "Stock ID is required" toast rather than under a field.
 */
export const alertFormSchema = createAlertSchema.extend({
  stockId: z.number().nullable().pipe(contract.stockId),
  mentionThreshold: z
    .string()
    .trim()
    .min(1, 'Mention threshold is required')
    .refine((text) => Number.isInteger(Number(text)) && Number(text) >= 1, 'Enter a whole number of at least 1')
    .transform(Number)
    .pipe(contract.mentionThreshold),
  windowMinutes: z.string().transform(Number).pipe(contract.windowMinutes.unwrap()),
  // The form always holds both switches; the contract's defaults are for callers that leave them out.
  emailEnabled: contract.emailEnabled.unwrap(),
  smsEnabled: contract.smsEnabled.unwrap(),
});
export type AlertFormValues = z.input<typeof alertFormSchema>;

/** Threshold 1000, the 24-hour window, e-mail on and SMS off. */
export function alertFormDefaults(stockId: number | null): AlertFormValues {
  return { stockId, mentionThreshold: '1000', windowMinutes: String(DEFAULT_ALERT_WINDOW), emailEnabled: true, smsEnabled: false };
}
