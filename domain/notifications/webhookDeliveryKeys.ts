import { createHash } from 'node:crypto';

/** The key of one firing of an alert: the alert and which of its events (`crossing:3`, `flip:2`, `trend:<stock>:1`). */
export const firingKey = (f: { alertId: number; eventKey: string }) => `alert:${f.alertId}:${f.eventKey}`;
/** One key per (firing, target): the same on every attempt, so it is the receiver's idempotency key. */
export const webhookDeliveryKey = (firing: string, url: string) =>
  `${firing}:webhook:${createHash('sha256').update(url).digest('hex').slice(0, 16)}`;
