import type { Knex } from 'knex';
import type { AppLinks } from '../../core/appLinks';
import { createAccountMessageContent } from '../../domain/accounts/accountMessageContent';
import type { DeliveryHooks, NotificationChannels } from '../../domain/notifications/delivery';
import { deliverNotifications } from '../../domain/notifications/deliverNotifications';

export interface NotificationActivityDeps {
  db: Knex;
  /** The pages account links open (their tokens are issued when the message is sent). */
  links: AppLinks;
  /** Where notifications go; without it delivery fails (API-only processes do not deliver). */
  notifications?: NotificationChannels;
  deliveryHooks?: DeliveryHooks;
}

/** The sending of recorded e-mails and SMS, for every workflow that sends them (alerts, digests, trials, requests). */
export function createNotificationActivities(deps: NotificationActivityDeps) {
  const accountContent = createAccountMessageContent(deps.db, deps.links.base);
  return {
    deliverNotifications: (ids: number[]) =>
      deliverNotifications(deps.db, deps.notifications, ids, { hooks: deps.deliveryHooks, accountContent }),
  };
}
