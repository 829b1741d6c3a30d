import type { AppLinks } from '../../core/appLinks';
import type { Database } from '../../platform/database';
import { insertNotifications } from '../../warehouse/postgres/notifications';
import { expireEndedTrials } from '../../warehouse/postgres/trials';
import { cardFreeTrialsEndingBy } from '../../warehouse/postgres/users';
import { notificationRow } from '../../domain/notifications/delivery';
import type { TrialPayload } from '../../domain/notifications/messages';
import { DAY_MS } from '../../core/timeWindows';

const utcDay = (d: Date) => Math.floor(d.getTime() / DAY_MS);

export interface TrialActivityDeps {
  db: Database;
  /** The product's pages; the reminder links to the subscribe page. */
  links: AppLinks;
  now?: () => Date;
}

export function createTrialActivities(deps: TrialActivityDeps) {
  const clock = deps.now ?? (() => new Date());
  const { db } = deps;
  const subscribeUrl = deps.links.subscribe;
  return {
    /**
     * Records the reminders due for card-free trials (verified addresses only): one 2 days before the end (sent on
     * the first daily run with 1–2 days left) and one on the day (the first run with less than a day left, before the
     * trial is expired). Each is keyed by user, trial end and kind, so it goes out once however often this runs, and an
     * admin's extension gets its own reminders. Then ends the trials that are over. Returns the ids to send.
     */
    async runTrialMaintenance(): Promise<{ expired: number; reminderIds: number[] }> {
      const now = clock();
      const trials = await cardFreeTrialsEndingBy(db, new Date(now.getTime() + 3 * DAY_MS));
      const rows = trials.flatMap((u) => {
        const daysLeft = utcDay(u.trial_end_date) - utcDay(now);
        const kind = daysLeft <= 0 ? 0 : daysLeft <= 2 ? 2 : null;
        if (kind === null) return [];
        const payload: TrialPayload = { daysLeft: kind, trialEndDate: u.trial_end_date.toISOString(), subscribeUrl };
        return [
          notificationRow({
            idempotencyKey: `trial:${u.id}:${payload.trialEndDate}:${kind}`,
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
    },
  };
}
