import { execFileSync, spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';

/**
 * Spawns a store the product runs beside itself in embedded mode (PostgreSQL, the Temporal dev server) in a session of
 * its own, tied to the life of the thread that starts it:
 * - A session of its own: a terminal's Ctrl-C signals its whole foreground process group. A store in that group would
 *   begin its own shutdown at the same moment as the worker, whose activities in flight would then fail on closed
 *   connections. Outside it, the store gets only the product's own stop, which comes after the worker's.
 * - Tied to the product: the kernel sends the store `deathSignal` when the process (strictly, the thread) that spawned
 *   it ends in any way, a SIGKILL included (`setpriv --pdeathsig`, util-linux), so a product killed outright leaves
 *   no store holding its ports and its data folder.
 * Where `setpriv` is missing or too old (macOS), the store is spawned in the product's process group: a Ctrl-C then
 * reaches it too, and a product killed outright leaves it running.
 */
export function spawnStoreProcess(
  command: string,
  args: string[],
  options: SpawnOptions & { deathSignal: 'SIGINT' | 'SIGTERM' },
): ChildProcess {
  const { deathSignal, ...spawnOptions } = options;
  if (!canTieToParent()) return spawn(command, args, spawnOptions);
  // detached: the child calls setsid() before it runs setpriv, which sets the signal and then runs the store.
  return spawn('setpriv', ['--pdeathsig', deathSignal.replace(/^SIG/, ''), '--', command, ...args], {
    ...spawnOptions,
    detached: true,
  });
}

let tieAvailable: boolean | undefined;

/** Whether `setpriv --pdeathsig` runs here (util-linux 2.33 or later, Linux only); asked once per process. */
function canTieToParent(): boolean {
  if (tieAvailable === undefined) {
    try {
      execFileSync('setpriv', ['--pdeathsig', 'TERM', '--', 'true'], { stdio: 'ignore', timeout: 5_000 });
      tieAvailable = true;
    } catch {
      tieAvailable = false;
    }
  }
  return tieAvailable;
}
