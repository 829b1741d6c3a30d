import { describe, expect, it, vi } from 'vitest';
import { cachedRead } from './cachedRead';

describe('cachedRead', () => {
  it('shares one read within the period, reads again after it or after invalidate', async () => {
    vi.useFakeTimers();
    try {
      let reads = 0;
      const cached = cachedRead(async () => ++reads, 5_000);
      expect(await Promise.all([cached.get(), cached.get()])).toEqual([1, 1]);
      vi.advanceTimersByTime(4_000);
      expect(await cached.get()).toBe(1);
      vi.advanceTimersByTime(1_001);
      expect(await cached.get()).toBe(2);
      cached.invalidate();
      expect(await cached.get()).toBe(3);
    } finally {
      vi.useRealTimers();
    }
  });

  it('does not keep a failed read, and reads every time with a period of 0', async () => {
    let calls = 0;
    const flaky = cachedRead(async () => {
      calls++;
      if (calls === 1) throw new Error('down');
      return calls;
    }, 60_000);
    await expect(flaky.get()).rejects.toThrow('down');
    expect(await flaky.get()).toBe(2);
    expect(await flaky.get()).toBe(2);

    let n = 0;
    const uncached = cachedRead(async () => ++n, 0);
    await uncached.get();
    expect(await uncached.get()).toBe(2);
  });
});
