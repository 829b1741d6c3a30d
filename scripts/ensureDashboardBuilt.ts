import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { projectRoot } from '../platform/temporalCli';
import { StartupError } from '../platform/startupError';

export const dashboardDist = path.join(projectRoot, 'dashboard', 'dist');
const sources = [path.join(projectRoot, 'dashboard'), path.join(projectRoot, 'core')];

function newestSourceTime(dir: string): number {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'dist' || entry.name === 'node_modules') continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestSourceTime(full) : fs.statSync(full).mtimeMs);
  }
  return newest;
}

/** Builds the dashboard with Vite when the build is missing or older than its sources. */
export function ensureDashboardBuilt(log: (m: string) => void): void {
  // The manifest of the pre-rendered pages is the build's last file.
  const manifest = path.join(dashboardDist, '.pages', 'manifest.json');
  const builtAt = fs.existsSync(manifest) ? fs.statSync(manifest).mtimeMs : 0;
  if (builtAt > Math.max(...sources.map(newestSourceTime))) return;
  log('building the dashboard (npm run build: vite build, then pre-rendering the public pages)');
  const tsx = path.join(projectRoot, 'node_modules', '.bin', 'tsx');
  const result = spawnSync(tsx, [path.join('scripts', 'build', 'buildDashboard.ts')], {
    cwd: projectRoot,
    stdio: 'inherit',
  });
  if (result.status !== 0)
    throw new StartupError(
      'The dashboard build failed (see the output above); fix it or run "npm run build" to retry.',
    );
}
