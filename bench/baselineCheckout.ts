/**
 * Another commit of the product, checked out beside this one for a side-by-side run: a temporary git worktree with
 * this checkout's node_modules and .tools linked in, and its dashboard built by its own build script.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { projectRoot } from '../platform/temporalCli';

export interface BaselineCheckout {
  root: string;
  /** The commit's short hash. */
  commit: string;
  /** Removes the worktree (and the data its products left in it). */
  remove(): void;
}

const run = (command: string, args: string[], cwd: string) =>
  execFileSync(command, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] }).trim();

export function checkoutBaseline(revision: string): BaselineCheckout {
  const commit = run('git', ['rev-parse', '--short', `${revision}^{commit}`], projectRoot);
  // Inside the project's data directory: embedded PostgreSQL runs as a 'postgres' user that must reach its data
  // directory, which a 0700 temp directory would not let it.
  fs.mkdirSync(path.join(projectRoot, 'data'), { recursive: true });
  const root = fs.mkdtempSync(path.join(projectRoot, 'data', `baseline-${commit}-`));
  fs.chmodSync(root, 0o755);
  run('git', ['worktree', 'add', '--detach', '--force', root, commit], projectRoot);
  const remove = () => {
    run('git', ['worktree', 'remove', '--force', root], projectRoot);
    fs.rmSync(root, { recursive: true, force: true });
  };
  try {
    for (const shared of ['node_modules', '.tools'])
      fs.symlinkSync(fs.realpathSync(path.join(projectRoot, shared)), path.join(root, shared));
    // What its `npm run bench:load` runs before the bench: the Temporal CLI in place, the dashboard built.
    run('npx', ['tsx', 'scripts/setup-temporal.ts', '--quiet'], root);
    run('npm', ['run', '--silent', 'build'], root);
  } catch (err) {
    remove();
    throw err;
  }
  return { root, commit, remove };
}

/** This checkout's commit, marked when files differ from it. */
export function currentRevision(): string {
  const commit = run('git', ['rev-parse', '--short', 'HEAD'], projectRoot);
  return run('git', ['status', '--porcelain', '--untracked-files=no'], projectRoot) ? `${commit} with changes` : commit;
}
