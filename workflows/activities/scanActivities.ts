import { ApplicationFailure } from '@temporalio/common';
import {
  createSourceScanner,
  SourceUnavailableError,
  type SourceScannerDeps,
  type SourceScanResult,
} from '../../domain/scans/scanSource';
import type { Source } from '../../domain/scans/connector';
import { activityContext } from './activityContext';

/** The scan's activities: the domain's source scanner, with its progress as heartbeats and a passing outage as a retry. */
export function createScanActivities(deps: SourceScannerDeps) {
  const scanner = createSourceScanner(deps);
  return {
    loadSources: scanner.loadSources,

    async scanSource(source: Source): Promise<SourceScanResult> {
      try {
        return await scanner.scanSource(source, (detail) => activityContext()?.heartbeat(detail));
      } catch (err) {
        if (err instanceof SourceUnavailableError) throw ApplicationFailure.retryable(err.message, 'SourceUnavailable');
        throw err;
      }
    },
  };
}
