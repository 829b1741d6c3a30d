import { DAY_MS } from '../../core/timeWindows';

const utcDay = (d: Date) => Math.floor(d.getTime() / DAY_MS);

/**
 * Which reminder a card-free trial ending at `trialEnd` is due at `now`: 2 (sent on the first daily run with 1–2 UTC
 * days left), 0 (the first run on or after its last day, before the trial is expired) or none (3 days or more left).
 */
export function trialReminderDue(trialEnd: Date, now: Date): 0 | 2 | null {
  const daysLeft = utcDay(trialEnd) - utcDay(now);
  return daysLeft <= 0 ? 0 : daysLeft <= 2 ? 2 : null;
}

/**
 * A reminder's idempotency key: by user, trial end and kind, so it goes out once however often the run repeats, and an
 * admin's extension (a new end) gets its own reminders.
 */
export const trialReminderKey = (userId: string, trialEndDate: string, daysLeft: number) =>
  `trial:${userId}:${trialEndDate}:${daysLeft}`;
