import { describe, expect, it } from 'vitest';
import { cachedValue, createTtlCache } from './ttlCache';

/** A clock the test moves by hand, starting at a real-looking epoch. */
function manualClock() {
  let now = 1_700_000_000_000;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

/** A load the test resolves or rejects when it chooses, counting its calls. */
function deferredLoads<V>() {
  const pending: Array<{ resolve: (v: V) => void; reject: (e: Error) => void }> = [];
  return {
    pending,
    load: () => new Promise<V>((resolve, reject) => pending.push({ resolve, reject })),
  };
}

describe('createTtlCache', () => {
  it('shares one load between concurrent gets, serves it for the TTL, then loads again; invalidate drops it', async () => {
    const clock = manualClock();
    let loads = 0;
    const cache = createTtlCache<string, number>({ ttlMs: 5_000, now: clock.now });
    const load = async () => ++loads;
    expect(await Promise.all([cache.get('k', load), cache.get('k', load)])).toEqual([1, 1]);
    clock.advance(5_000);
    expect(await cache.get('k', load)).toBe(1);
    clock.advance(1);
    expect(await cache.get('k', load)).toBe(2);
    cache.invalidate();
    expect(await cache.get('k', load)).toBe(3);
    cache.invalidate('k');
    expect(await cache.get('k', load)).toBe(4);
  });

  it('does not keep a failed load: every waiting caller gets the error, the next get loads again', async () => {
    const { pending, load } = deferredLoads<number>();
    const cache = createTtlCache<string, number>({ ttlMs: 60_000 });
    const first = Promise.allSettled([cache.get('k', load), cache.get('k', load)]);
    expect(pending).toHaveLength(1);
    pending[0]!.reject(new Error('down'));
    expect((await first).map((r) => r.status === 'rejected' && (r.reason as Error).message)).toEqual(['down', 'down']);
    const second = cache.get('k', load);
    expect(pending).toHaveLength(2);
    pending[1]!.resolve(7);
    expect(await second).toBe(7);
    expect(await cache.get('k', load)).toBe(7);
  });

  it('with a TTL of 0 loads on every get', async () => {
    let loads = 0;
    const cache = createTtlCache<string, number>({ ttlMs: 0 });
    await cache.get('k', async () => ++loads);
    expect(await cache.get('k', async () => ++loads)).toBe(2);
  });

  it('keeps each key apart, and at most maxKeys of them (the least recently used goes first)', async () => {
    const loads: string[] = [];
    const cache = createTtlCache<string, string>({ ttlMs: 60_000, maxKeys: 2 });
    const load = (key: string) => async () => (loads.push(key), `${key}-${loads.length}`);
    expect(await cache.get('a', load('a'))).toBe('a-1');
    expect(await cache.get('b', load('b'))).toBe('b-2');
    expect(await cache.get('a', load('a'))).toBe('a-1');
    expect(await cache.get('c', load('c'))).toBe('c-3'); // b was used least recently
    expect(await cache.get('a', load('a'))).toBe('a-1');
    expect(await cache.get('b', load('b'))).toBe('b-4');
  });

  it('a load running when invalidate() is called still answers its callers, but is not stored', async () => {
    const { pending, load } = deferredLoads<number>();
    const cache = createTtlCache<string, number>({ ttlMs: 60_000 });
    const running = cache.get('k', load);
    cache.invalidate();
    pending[0]!.resolve(1);
    expect(await running).toBe(1);
    const next = cache.get('k', load);
    expect(pending).toHaveLength(2);
    pending[1]!.resolve(2);
    expect(await next).toBe(2);
  });

  it('with staleWhileRevalidateMs serves the old value while one background load replaces it, and waits once that period is over too', async () => {
    const clock = manualClock();
    const { pending, load } = deferredLoads<string>();
    const cache = createTtlCache<string, string>({ ttlMs: 1_000, staleWhileRevalidateMs: 1_000, now: clock.now });
    const first = cache.get('k', load);
    pending[0]!.resolve('v1');
    expect(await first).toBe('v1');

    clock.advance(1_500); // expired, within the stale period: answered at once, one reload shared by both gets
    expect(await Promise.all([cache.get('k', load), cache.get('k', load)])).toEqual(['v1', 'v1']);
    expect(pending).toHaveLength(2);
    pending[1]!.reject(new Error('down')); // a failed reload keeps the old value and is tried again by the next get
    await new Promise((r) => setTimeout(r, 0));
    expect(await cache.get('k', load)).toBe('v1');
    expect(pending).toHaveLength(3);
    pending[2]!.resolve('v2');
    await expect.poll(() => cache.get('k', load)).toBe('v2');

    clock.advance(2_001); // past both periods: the next get waits for its load
    const waiting = cache.get('k', load);
    expect(pending).toHaveLength(4);
    pending[3]!.resolve('v3');
    expect(await waiting).toBe('v3');
  });

  it('ttlOf gives each value its own lifetime', async () => {
    const clock = manualClock();
    let issued = 0;
    const cache = createTtlCache<string, { token: string; lifetimeMs: number }>({
      ttlMs: 0,
      ttlOf: (v) => v.lifetimeMs,
      now: clock.now,
    });
    const load = async () => ({ token: `t${++issued}`, lifetimeMs: issued === 1 ? 10_000 : 0 });
    expect((await cache.get('k', load)).token).toBe('t1');
    clock.advance(10_000);
    expect((await cache.get('k', load)).token).toBe('t1');
    clock.advance(1);
    expect((await cache.get('k', load)).token).toBe('t2');
    clock.advance(2); // t2 was due at once: not reused
    expect((await cache.get('k', load)).token).toBe('t3');
  });
});

describe('cachedValue', () => {
  it('is one cached read with get and invalidate', async () => {
    let reads = 0;
    const value = cachedValue(async () => ++reads, { ttlMs: 60_000 });
    expect(await Promise.all([value.get(), value.get()])).toEqual([1, 1]);
    value.invalidate();
    expect(await value.get()).toBe(2);
  });
});
