import type { Database } from '../../platform/database';
import {
  deliverNotification,
  recordNotification,
  type DeliveryHooks,
  type NewNotification,
  type NotificationChannels,
} from './delivery';
import type { NotificationContent } from './messages';

/**
 * Records a notification and sends it in this process at once: the path of a message someone is waiting for (an
 * account link or code, a test e-mail). It is the alerts' path without the wait for a workflow: the same record in
 * `notifications`, the same claim-once delivery, the same outcome on the row. A failed send stays failed for the next
 * alert evaluation to retry like any other, except an account message, whose link or code is never stored
 * (`secretContent` is rendered instead of the stored payload) and so is asked for again by its owner.
 */
export async function recordAndSendNow(
  db: Database,
  channels: NotificationChannels,
  notification: NewNotification,
  options: { secretContent?: NotificationContent; hooks?: DeliveryHooks } = {},
): Promise<void> {
  const id = await recordNotification(db, notification);
  if (id === null) return; // already recorded under this key: that record's send is the one
  await deliverNotification(db, channels, id, options.hooks, options.secretContent);
}
