import { describe, expect, it } from 'vitest';
import { describeCpu, thisMachinesCpu } from './machine';

const cpuinfo = (vendor: string, family: number, model: number, name: string, flags: string) =>
  `processor\t: 0\nvendor_id\t: ${vendor}\ncpu family\t: ${family}\nmodel\t\t: ${model}\nmodel name\t: ${name}\n` +
  `flags\t\t: fpu sse2 avx2 ${flags}\n\nprocessor\t: 1\nvendor_id\t: ${vendor}\n`;

describe('describeCpu', () => {
  it('names the CPU and says it offers VNNI but no AMX', () => {
    expect(describeCpu(cpuinfo('AuthenticAMD', 25, 17, 'AMD EPYC', 'avx512f avx512_vnni avx512_bf16'), 2)).toBe(
      'AMD EPYC (AuthenticAMD family 25 model 17), 2 cores; int8 products: avx512_vnni (no AMX)',
    );
  });

  it('names AMX where the CPU offers it', () => {
    expect(
      describeCpu(
        cpuinfo('GenuineIntel', 6, 143, 'Intel(R) Xeon(R) Platinum 8481C', 'avx512_vnni amx_tile amx_int8'),
        4,
      ),
    ).toBe(
      'Intel(R) Xeon(R) Platinum 8481C (GenuineIntel family 6 model 143), 4 cores; int8 products: amx_int8, avx512_vnni',
    );
  });

  it('says so when neither is there, and reads a bare model name', () => {
    expect(describeCpu('model name : Apple M2', 8)).toBe('Apple M2, 8 cores; int8 products: no AMX or VNNI');
  });

  it('describes this machine', () => {
    expect(thisMachinesCpu()).toMatch(/, \d+ cores; int8 products: /);
  });
});
