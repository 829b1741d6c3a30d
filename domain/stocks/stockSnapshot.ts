import { summariseCounts } from '../../core/mentionCounts';
import { DAY_MS } from '../../core/timeWindows';
import type { Database } from '../../platform/database';
import type { Warehouse } from '../../warehouse/client';
import { updateStockSentiments } from '../../warehouse/postgres/stocks';
import { mentionWindowCounts } from '../../warehouse/queries/mentionWindowCounts';
import { sealMentionRollups } from '../../warehouse/queries/sealMentionRollups';

/** The window of the sentiment stored on each stock. */
export const SNAPSHOT_WINDOW_MS = DAY_MS;

/**
 * Runs after every scan: seals the hours the scans have finished writing into plain counts (sealMentionRollups: what
 * keeps long windows cheap to count), then stores each stock's majority sentiment of the trailing 24 hours, which
 * alert messages and the weekly digest quote. The stock list counts its own range from the rollups; the rows
 * themselves are added by the scan (ensureStockRows).
 */
export async function refreshStockSnapshot(
  deps: { db: Database; warehouse: Warehouse },
  clock: () => Date,
): Promise<{ stocks: number }> {
  await sealMentionRollups(deps.warehouse);
  // Read after sealing: the window ends at the moment it is counted.
  const now = clock();
  const counts = summariseCounts(
    await mentionWindowCounts(deps.warehouse, new Date(now.getTime() - SNAPSHOT_WINDOW_MS), now),
  );
  await updateStockSentiments(
    deps.db,
    now,
    counts.map((c) => ({ ticker: c.ticker, sentiment: c.sentiment })),
  );
  return { stocks: counts.length };
}
