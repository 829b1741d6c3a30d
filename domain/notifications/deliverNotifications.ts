import type { Database } from '../../platform/database';
import { deliverNotification, type DeliveryOptions, type NotificationChannels } from './delivery';

/**
 * Sends recorded notifications, each at most once, several at a time; throws (so the caller's retry sends the rest)
 * when a provider refused one. Without channels (a process that does not deliver) every send fails.
 */
export async function deliverNotifications(
  db: Database,
  channels: NotificationChannels | undefined,
  ids: number[],
  options: DeliveryOptions = {},
): Promise<{ sent: number; skipped: number }> {
  if (!channels) throw new Error('Notification channels are not configured in this worker');
  const outcomes = await Promise.allSettled(ids.map((id) => deliverNotification(db, channels, id, options)));
  const failures = outcomes.flatMap((o, i) =>
    o.status === 'rejected' ? [`${ids[i]}: ${o.reason instanceof Error ? o.reason.message : String(o.reason)}`] : [],
  );
  if (failures.length > 0)
    throw new Error(`${failures.length} of ${ids.length} notifications failed (${failures.slice(0, 3).join('; ')})`);
  const sent = outcomes.filter((o) => o.status === 'fulfilled' && o.value === 'sent').length;
  return { sent, skipped: ids.length - sent };
}
