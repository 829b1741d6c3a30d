import { readFileSync } from 'node:fs';
import os from 'node:os';

/**
 * The CPU a figure was measured on, in one line: the model, its family and model numbers, the cores, and which int8
 * instruction sets it offers. The transformer's speed is set by its int8 matrix products, which run several times
 * faster with AMX than with AVX-512 VNNI, and a shared machine may be a different CPU from one start to the next, so
 * every speed figure of the transformer is printed beside this line (docs/benchmarks.md).
 */
export function describeCpu(cpuinfo: string, cores: number): string {
  const field = (name: string) => new RegExp(`^${name}\\s*:\\s*(.*)$`, 'm').exec(cpuinfo)?.[1]?.trim();
  const flags = new Set((field('flags') ?? '').split(/\s+/));
  const int8 = ['amx_int8', 'avx512_vnni', 'avx_vnni'].filter((f) => flags.has(f));
  const vendor = field('vendor_id');
  const numbers = vendor ? ` (${vendor} family ${field('cpu family')} model ${field('model')})` : '';
  return (
    `${field('model name') ?? 'unknown CPU'}${numbers}, ${cores} cores; int8 products: ` +
    (int8.length > 0 ? int8.join(', ') : 'no AMX or VNNI') +
    (int8.length > 0 && !flags.has('amx_int8') ? ' (no AMX)' : '')
  );
}

/** This machine's CPU (describeCpu); from the OS's CPU list where /proc/cpuinfo cannot be read (not Linux). */
export function thisMachinesCpu(): string {
  let cpuinfo: string;
  try {
    cpuinfo = readFileSync('/proc/cpuinfo', 'utf8');
  } catch {
    cpuinfo = `model name : ${os.cpus()[0]?.model ?? 'unknown CPU'}`;
  }
  return describeCpu(cpuinfo, os.availableParallelism());
}
