import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { bundleWorkflowCode, type WorkflowBundleWithSourceMap } from '@temporalio/worker';
import { projectRoot } from '../../platform/temporalCli';
import { quietBundlerLogger, workflowsPath } from '../../workflows/worker';

export const scanPlatformPath = path.join(path.dirname(workflowsPath), 'scanPlatform.ts');

/** ScanPlatform's source as committed at `revision` (for recording the histories its older code wrote). */
export const scanPlatformAt = (revision: string): string =>
  execFileSync('git', ['show', `${revision}:${path.relative(projectRoot, scanPlatformPath)}`], {
    cwd: projectRoot,
    encoding: 'utf8',
  });

/**
 * Bundles a ScanPlatform other than the current one (an older commit's, or one a test changed), with the child
 * workflows it starts. The source is written beside the real definitions for the bundling only, so its relative
 * imports resolve as they did, and removed at once.
 */
export async function bundleScanPlatformSource(source: string): Promise<WorkflowBundleWithSourceMap> {
  const file = path.join(path.dirname(workflowsPath), `.scanPlatform-variant-${process.pid}-${Date.now()}.ts`);
  fs.writeFileSync(
    file,
    `${source}\nexport { detectTrends } from './detectTrends';\nexport { evaluateAlerts } from './evaluateAlerts';\n`,
  );
  try {
    return await bundleWorkflowCode({ workflowsPath: file, logger: quietBundlerLogger });
  } finally {
    fs.rmSync(file, { force: true });
  }
}
