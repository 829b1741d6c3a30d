import { ApplicationFailure } from '@temporalio/common';
import { ConnectorError } from '../../domain/scans/connector';
import { createPriceRefresh } from '../../domain/prices/refreshPrices';

/** A source's refusal as a Temporal failure: a rejected key or a malformed payload cannot succeed on retry; a rate limit or an outage can. */
function asFailure(err: unknown): unknown {
  if (err instanceof ConnectorError && !err.retryable)
    return ApplicationFailure.nonRetryable(err.message, 'PriceSourceRejected');
  return err;
}

/** The refreshPrices workflow's activity: an adapter over domain/prices/refreshPrices.ts. */
export function createPriceActivities(deps: Parameters<typeof createPriceRefresh>[0]) {
  const refresh = createPriceRefresh(deps);
  return {
    async refreshPrices() {
      try {
        return await refresh.refresh();
      } catch (err) {
        throw asFailure(err);
      }
    },
  };
}
