import fs from 'node:fs';
import path from 'node:path';
import { historyFromJSON } from '@temporalio/common/lib/proto-utils';
import { Worker, type WorkflowBundleWithSourceMap } from '@temporalio/worker';
import { describe, expect, it } from 'vitest';
import { bundleScanPlatformSource, scanPlatformPath } from '../tests/support/scanPlatformVariant';
import { workflowBundle } from './worker';

/**
 * Histories recorded on the real Temporal dev server (npm run record:histories), replayed against the workflow code as
 * it is now: a change that would make a running or older workflow non-deterministic after a deploy fails here.
 */
const historiesDir = path.join(import.meta.dirname, 'histories');
const recorded = fs
  .readdirSync(historiesDir)
  .filter((f) => f.endsWith('.json'))
  // Each history was recorded under its file name as workflow id (the ids of a scan's children derive from it).
  .map((file) => ({
    workflowId: path.basename(file, '.json'),
    history: historyFromJSON(JSON.parse(fs.readFileSync(path.join(historiesDir, file), 'utf8'))),
  }))
  .sort((a, b) => a.workflowId.localeCompare(b.workflowId));

async function replay(bundle: WorkflowBundleWithSourceMap, names: string[]) {
  const results: Array<{ workflowId: string; error?: string }> = [];
  const histories = recorded.filter((h) => names.includes(h.workflowId));
  for await (const r of Worker.runReplayHistories(
    { workflowBundle: bundle, replayName: 'recorded-histories' },
    histories,
  )) {
    results.push({ workflowId: r.workflowId, ...(r.error && { error: `${r.error.name}: ${r.error.message}` }) });
  }
  return results;
}

describe('replaying the recorded workflow histories', () => {
  it('has a history of every workflow, and of ScanPlatform and EvaluateAlerts from before each of their patches', () => {
    expect(recorded.map((h) => h.workflowId)).toEqual([
      'detectTrends',
      'evaluateAlerts',
      'evaluateAlerts-before-webhooks',
      'healthProbe',
      'notificationDelivery',
      'refreshPrices',
      'refreshTickerUniverse',
      'rescoreMentions',
      'scanPlatform',
      'scanPlatform-before-patches',
      'scanPlatform-before-rescore-patch',
      'scanPlatform-detect-trends-patch-only',
      'trialMaintenance',
      'webhookDelivery',
      'weeklyDigest',
    ]);
  });

  it('every history replays against the current workflow code', async () => {
    const names = recorded.map((h) => h.workflowId);
    expect(await replay(await workflowBundle(), names)).toEqual(names.map((workflowId) => ({ workflowId })));
  });

  it('fails when a patched() guard is dropped, for runs from before the patch and runs with it', async () => {
    const current = fs.readFileSync(scanPlatformPath, 'utf8');
    const unguarded = current.replace("if (patched('evaluate-alerts-after-scan'))", 'if (true)');
    expect(unguarded).not.toBe(current);
    const results = await replay(await bundleScanPlatformSource(unguarded), [
      'scanPlatform',
      'scanPlatform-detect-trends-patch-only',
    ]);
    // Both break: a run from before the patch would now start EvaluateAlerts, and a run recorded with the patch has a
    // marker no patched() call claims (removing a patch takes deprecatePatch() first, for as long as such runs live).
    expect(results).toEqual([
      {
        workflowId: 'scanPlatform',
        error: expect.stringMatching(
          /^DeterminismViolationError: .*patch marker encountered for change evaluate-alerts-after-scan/,
        ),
      },
      {
        workflowId: 'scanPlatform-detect-trends-patch-only',
        error: expect.stringMatching(/^DeterminismViolationError: .*Nondeterminism error/),
      },
    ]);
  });

  it('fails when the order of the steps changes (the snapshot before the sources)', async () => {
    const current = fs.readFileSync(scanPlatformPath, 'utf8');
    const reordered = current
      .replace(
        '  const sources = await loadSources(input.platform);',
        '  await refreshStockSnapshot();\n  const sources = await loadSources(input.platform);',
      )
      .replace('  }\n  await refreshStockSnapshot();\n', '  }\n');
    expect(reordered).not.toBe(current);
    const [result] = await replay(await bundleScanPlatformSource(reordered), ['scanPlatform']);
    expect(result?.error).toMatch(
      /^DeterminismViolationError: .*Activity type of scheduled event 'loadSources' does not match activity type of activity command 'refreshStockSnapshot'/,
    );
  });
});
