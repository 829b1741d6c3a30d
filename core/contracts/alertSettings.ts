import { z } from 'zod';
import { isTimeZone } from '../alerts/quietHours';

export const ALERTS_PER_HOUR = { min: 1, max: 100, default: 10 } as const;
const HHMM = /^([01][0-9]|2[0-3]):[0-5][0-9]$/;

/**
 * GET and PUT /api/alert-settings: the user's noise control. Alerts that fall in the quiet hours (local time in
 * `timeZone`), or past `maxAlertsPerHour` in any hour, are held and sent together as one digest.
 */
export const alertSettingsSchema = z
  .object({
    timeZone: z
      .string({ error: 'timeZone must be an IANA time zone such as Europe/Berlin' })
      .refine(isTimeZone, 'timeZone must be an IANA time zone such as Europe/Berlin'),
    quietHoursStart: z
      .string({ error: 'quietHoursStart must be a time HH:MM or null' })
      .regex(HHMM, 'quietHoursStart must be a time HH:MM (00:00 to 23:59)')
      .nullable(),
    quietHoursEnd: z
      .string({ error: 'quietHoursEnd must be a time HH:MM or null' })
      .regex(HHMM, 'quietHoursEnd must be a time HH:MM (00:00 to 23:59)')
      .nullable(),
    maxAlertsPerHour: z
      .number({ error: 'maxAlertsPerHour must be a number' })
      .int('maxAlertsPerHour must be a whole number')
      .min(ALERTS_PER_HOUR.min, `maxAlertsPerHour must be between ${ALERTS_PER_HOUR.min} and ${ALERTS_PER_HOUR.max}`)
      .max(ALERTS_PER_HOUR.max, `maxAlertsPerHour must be between ${ALERTS_PER_HOUR.min} and ${ALERTS_PER_HOUR.max}`),
  })
  .superRefine((s, ctx) => {
    if ((s.quietHoursStart === null) !== (s.quietHoursEnd === null)) {
      ctx.addIssue({
        code: 'custom',
        path: [s.quietHoursStart === null ? 'quietHoursStart' : 'quietHoursEnd'],
        message: 'quietHoursStart and quietHoursEnd are set together (or both null)',
      });
    } else if (s.quietHoursStart !== null && s.quietHoursStart === s.quietHoursEnd) {
      ctx.addIssue({
        code: 'custom',
        path: ['quietHoursEnd'],
        message: 'quietHoursEnd must differ from quietHoursStart',
      });
    }
  });
export type AlertSettings = z.infer<typeof alertSettingsSchema>;
