import type { Knex } from 'knex';
import type { AppLinks } from '../../core/appLinks';
import { createAlertEvaluation } from '../../domain/alerts/alertEvaluation';
import type { DeliveryHooks, NotificationChannels } from '../../domain/notifications/delivery';
import { deliverNotifications } from '../../domain/notifications/deliverNotifications';
import { prepareWeeklyDigest } from '../../domain/notifications/weeklyDigest';
import type { Warehouse } from '../../warehouse/client';

export interface AlertActivityDeps {
  db: Knex;
  warehouse: Warehouse;
  links: AppLinks;
  /** Where notifications go; without it delivery fails (API-only processes do not deliver). */
  notifications?: NotificationChannels;
  deliveryHooks?: DeliveryHooks;
  now?: () => Date;
}

/** The evaluateAlerts and weeklyDigest workflows' activities: each calls one command of domain/alerts or domain/notifications. */
export function createAlertActivities(deps: AlertActivityDeps) {
  const clock = deps.now ?? (() => new Date());
  const evaluation = createAlertEvaluation(deps);
  return {
    evaluateAlertCrossings: () => evaluation.evaluate(),
    deliverNotifications: (ids: number[]) => deliverNotifications(deps.db, deps.notifications, ids, deps.deliveryHooks),
    prepareWeeklyDigest: () => prepareWeeklyDigest(deps.db, deps.warehouse, clock()),
  };
}
