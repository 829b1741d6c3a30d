import { RateLimiterMemory } from 'rate-limiter-flexible';
import { describe, expect, it } from 'vitest';
import { X_RECENT_SEARCH_LIMIT } from '../../workflows/connectors/twitter';
import { createRequestPacer, pacedPoints } from './requestPacer';

describe('request pacing', () => {
  it('keeps every sliding 15-minute window within X recent search’s 450 requests', () => {
    const perMinute = pacedPoints(X_RECENT_SEARCH_LIMIT, 60);
    expect(perMinute).toBe(28);
    // A 15-minute window that does not start on a minute boundary touches 16 one-minute counters.
    expect(perMinute * 16).toBeLessThanOrEqual(450);
  });

  it('waits for the next slot in heartbeat-sized naps, and gives up beyond its longest wait', async () => {
    const limiter = new RateLimiterMemory({ points: 2, duration: 1 });
    const naps: number[] = [];
    const pacer = createRequestPacer(limiter, 'k', {
      maxWaitMs: 5_000,
      sleepStepMs: 300,
      sleep: async (ms) => void naps.push(ms),
    });
    expect(await pacer.take()).toBe(true);
    expect(await pacer.take()).toBe(true);
    // The third request must wait for the 1-second window: the fake sleep returns at once, so the pacer keeps asking
    // in naps of at most 300 ms until its 5-second limit.
    const waits: number[] = [];
    expect(await pacer.take({ onWait: (ms) => waits.push(ms) })).toBe(false);
    expect(naps.length).toBeGreaterThan(0);
    expect(Math.max(...naps)).toBeLessThanOrEqual(300);
    expect(waits).toEqual(naps);
    // A refused request does not use up a point: once the window passes, the next one goes through at once.
    const real = createRequestPacer(limiter, 'k', { maxWaitMs: 2_000 });
    const started = Date.now();
    expect(await real.take()).toBe(true);
    expect(Date.now() - started).toBeLessThan(1_500);
    expect((await limiter.get('k'))!.consumedPoints).toBeLessThanOrEqual(2);
  });
});
