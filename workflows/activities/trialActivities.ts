import type { AppLinks } from '../../core/appLinks';
import type { Database } from '../../platform/database';
import { runTrialMaintenance } from '../../domain/trials/trialMaintenance';

export interface TrialActivityDeps {
  db: Database;
  /** The product's pages; the reminder links to the subscribe page. */
  links: AppLinks;
  now?: () => Date;
}

/** The trialMaintenance workflow's activity: an adapter over domain/trials/trialMaintenance.ts. */
export function createTrialActivities(deps: TrialActivityDeps) {
  const clock = deps.now ?? (() => new Date());
  return {
    runTrialMaintenance: () => runTrialMaintenance(deps.db, { now: clock(), subscribeUrl: deps.links.subscribe }),
  };
}
