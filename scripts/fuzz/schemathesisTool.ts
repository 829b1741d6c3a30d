import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { projectRoot } from '../../platform/temporalCli';

export const SCHEMATHESIS_PACKAGE = 'schemathesis==4.32.5';
const venv = path.join(projectRoot, '.tools', 'schemathesis');

/** The schemathesis CLI from the project's own virtualenv, installed from PyPI on first use. */
export function ensureSchemathesis(log: (m: string) => void): string {
  const cli = path.join(venv, 'bin', 'schemathesis');
  if (fs.existsSync(cli)) return cli;
  log(`Installing ${SCHEMATHESIS_PACKAGE} into ${path.relative(projectRoot, venv)} …`);
  execFileSync('python3', ['-m', 'venv', venv], { stdio: 'inherit' });
  execFileSync(
    path.join(venv, 'bin', 'pip'),
    ['install', '--quiet', '--disable-pip-version-check', SCHEMATHESIS_PACKAGE],
    { stdio: 'inherit' },
  );
  return cli;
}
