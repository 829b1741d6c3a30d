import type { LabelCoverage } from '../../core/contracts/admin';
import { analyserKind } from '../../core/sentimentAnalysers';
import { DAY_MS } from '../../core/timeWindows';
import type { Warehouse } from '../../warehouse/client';
import { mentionAnalysersSince } from '../../warehouse/queries/mentionAnalysers';
import { fromWarehouse } from '../services/warehouseGuard';

/**
 * The last day's mentions by the analyser of their current label, for the Pipelines page: how many carry the
 * transformer's label, and how old the oldest fast first label still waiting for it is.
 */
export function createLabelCoverageReport(deps: { warehouse: Warehouse }) {
  return async function labelCoverage(): Promise<LabelCoverage> {
    const since = new Date(Date.now() - DAY_MS);
    const rows = await fromWarehouse(() => mentionAnalysersSince(deps.warehouse, since));
    return {
      since: since.toISOString(),
      mentions: rows.reduce((sum, r) => sum + r.mentions, 0),
      analysers: rows.map((r) => ({
        analyser: r.analyser,
        kind: analyserKind(r.analyser),
        mentions: r.mentions,
        oldest: new Date(r.oldest).toISOString(),
        newest: new Date(r.newest).toISOString(),
      })),
    };
  };
}
