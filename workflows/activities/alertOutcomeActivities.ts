import type { Knex } from 'knex';
import type { Warehouse } from '../../warehouse/client';
import { fillAlertOutcomes } from '../../domain/alerts/alertOutcomes';

/** The evaluateAlerts workflow's outcome step: an adapter over domain/alerts/alertOutcomes.ts. */
export function createAlertOutcomeActivities(deps: { db: Knex; warehouse: Warehouse; now?: () => Date }) {
  const clock = deps.now ?? (() => new Date());
  return {
    fillAlertOutcomes: () => fillAlertOutcomes(deps, clock()),
  };
}
