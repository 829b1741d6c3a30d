import { spawn, type ChildProcess } from 'node:child_process';
import { projectRoot } from '../../platform/temporalCli';

/** Starts tests/support/workerProcess.ts in its own process and resolves once its worker polls. */
export async function spawnWorkerProcess(env: Record<string, string>): Promise<ChildProcess> {
  // node with the tsx loader, not the tsx wrapper: SIGKILL must hit the process that holds the worker and chDB.
  const child = spawn(process.execPath, ['--import', 'tsx', 'tests/support/workerProcess.ts'], {
    cwd: projectRoot,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => chunk.toString().includes('worker-ready') && resolve());
    child.once('exit', (code) => reject(new Error(`worker process exited early (${code})`)));
  });
  return child;
}

export async function killWorkerProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}
