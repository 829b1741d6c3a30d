import type { PricePipeline } from '../../core/contracts/admin';
import type { Database } from '../../platform/database';
import { listedTickers } from '../../warehouse/postgres/tickers';
import { recentPriceRefreshes } from '../../warehouse/postgres/priceRefreshes';
import { countWithoutReference, type ReferencePrices } from '../../domain/prices/referencePrices';

/** Refreshes shown: the last hour of a once-a-minute schedule is enough to see a trend of failures or pending history. */
const SHOWN_REFRESHES = 10;

/** The price pipeline for the admin: the configured source, the recent refreshes, and the listed symbols without a reference price. */
export function createPricePipelineReport(deps: {
  db: Database;
  source: { source: string; simulated: boolean };
  reference: ReferencePrices;
}) {
  return async function pricePipeline(): Promise<PricePipeline> {
    const [refreshes, listed] = await Promise.all([
      recentPriceRefreshes(deps.db, SHOWN_REFRESHES),
      listedTickers(deps.db),
    ]);
    const symbols = listed.map((t) => t.symbol);
    return {
      ...deps.source,
      refreshes: refreshes.map((r) => ({ ...r, at: r.at.toISOString() })),
      listedSymbols: symbols.length,
      withoutReferencePrice: countWithoutReference(deps.reference, symbols),
    };
  };
}
