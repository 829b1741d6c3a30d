/**
 * CPU time of the product's processes from /proc (Linux), so a run can state what a request cost the server and its
 * Postgres, a figure that a busy machine changes far less than throughput.
 */
import fs from 'node:fs';

const TICKS_PER_SECOND = 100;

/** utime + stime of a /proc stat file, in ms (0 once the process or thread is gone). */
function cpuMsOf(statFile: string): number {
  try {
    const fields = fs.readFileSync(statFile, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

function childrenOf(pid: number): number[] {
  return fs
    .readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map(Number)
    .filter((child) => {
      try {
        return Number(fs.readFileSync(`/proc/${child}/stat`, 'utf8').split(') ')[1]!.split(' ')[1]) === pid;
      } catch {
        return false;
      }
    });
}

/** The CPU used so far by the product's main thread (its event loop) and by its embedded Postgres, in ms. */
export function productCpuMs(pid: number): { mainThread: number; postgres: number } {
  const postmasters = childrenOf(pid).filter((child) => {
    try {
      return fs.readFileSync(`/proc/${child}/comm`, 'utf8').trim() === 'postgres';
    } catch {
      return false;
    }
  });
  const postgres = postmasters.flatMap((p) => [p, ...childrenOf(p)]);
  return {
    mainThread: cpuMsOf(`/proc/${pid}/task/${pid}/stat`),
    postgres: postgres.reduce((sum, p) => sum + cpuMsOf(`/proc/${p}/stat`), 0),
  };
}
