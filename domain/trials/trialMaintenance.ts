import type { Database } from '../../platform/database';
import { insertNotifications } from '../../warehouse/postgres/notifications';
import { cardFreeTrialsEndingBy } from '../../warehouse/postgres/users';
import { DAY_MS } from '../../core/timeWindows';
import { notificationRow } from '../notifications/delivery';
import type { TrialPayload } from '../notifications/messages';
import { expireEndedTrials } from './trialExpiry';
import { trialReminderDue, trialReminderKey } from './trialReminders';

/**
 * The daily trial run: records the reminders due for card-free trials (verified addresses only; see trialReminderDue),
 * then ends the trials that are over. Returns how many it ended and the reminders' notification ids, to send.
 */
export async function runTrialMaintenance(
  db: Database,
  options: { now: Date; subscribeUrl: string },
): Promise<{ expired: number; reminderIds: number[] }> {
  const { now, subscribeUrl } = options;
  const trials = await cardFreeTrialsEndingBy(db, new Date(now.getTime() + 3 * DAY_MS));
  const rows = trials.flatMap((u) => {
    const daysLeft = trialReminderDue(u.trial_end_date, now);
    if (daysLeft === null) return [];
    const payload: TrialPayload = { daysLeft, trialEndDate: u.trial_end_date.toISOString(), subscribeUrl };
    return [
      notificationRow({
        idempotencyKey: trialReminderKey(u.id, payload.trialEndDate, daysLeft),
        userId: u.id,
        alertId: null,
        channel: 'email',
        recipient: u.email,
        content: { kind: 'trial', payload },
      }),
    ];
  });
  const reminderIds = await insertNotifications(db, rows);
  const expired = await expireEndedTrials(db, now);
  return { expired, reminderIds };
}
