import type { Knex } from 'knex';
import type { AppLinks } from '../../core/appLinks';
import { createAlertEvaluation } from '../../domain/alerts/alertEvaluation';
import { prepareWeeklyDigest } from '../../domain/notifications/weeklyDigest';
import type { Warehouse } from '../../warehouse/client';

export interface AlertActivityDeps {
  db: Knex;
  warehouse: Warehouse;
  links: AppLinks;
  now?: () => Date;
}

/** The evaluateAlerts and weeklyDigest workflows' activities: each calls one command of domain/alerts or domain/notifications (their sends are notificationActivities). */
export function createAlertActivities(deps: AlertActivityDeps) {
  const clock = deps.now ?? (() => new Date());
  const evaluation = createAlertEvaluation(deps);
  return {
    evaluateAlertCrossings: () => evaluation.evaluate(),
    prepareWeeklyDigest: () => prepareWeeklyDigest(deps.db, deps.warehouse, clock()),
  };
}
