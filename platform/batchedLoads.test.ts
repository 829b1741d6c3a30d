import { describe, expect, it } from 'vitest';
import { batchedLoads } from './batchedLoads';

describe('batchedLoads', () => {
  it('reads every key asked for in one turn with one load, each caller getting its own key', async () => {
    const loads: string[][] = [];
    const load = batchedLoads(async (keys: string[]) => {
      loads.push(keys);
      return new Map(keys.filter((k) => k !== 'missing').map((k) => [k, k.toUpperCase()]));
    });
    const values = await Promise.all([load('a'), load('b'), load('a'), load('missing')]);
    expect(values).toEqual(['A', 'B', 'A', undefined]);
    expect(loads).toEqual([['a', 'b', 'missing']]);
  });

  it('keeps nothing: a key asked again after its batch is read again, with what the store holds then', async () => {
    const store = new Map([['s', 1]]);
    let loads = 0;
    const load = batchedLoads(async (keys: string[]) => {
      loads++;
      return new Map(keys.flatMap((k) => (store.has(k) ? [[k, store.get(k)!] as const] : [])));
    });
    expect(await load('s')).toBe(1);
    store.set('s', 2);
    expect(await load('s')).toBe(2);
    store.delete('s'); // e.g. a logout
    expect(await load('s')).toBeUndefined();
    expect(loads).toBe(3);
  });

  it('gives every caller of a failed batch its error, and loads again afterwards', async () => {
    let fail = true;
    const load = batchedLoads(async (keys: number[]) => {
      if (fail) throw new Error('store down');
      return new Map(keys.map((k) => [k, k * 2]));
    });
    const results = await Promise.allSettled([load(1), load(2)]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    fail = false;
    expect(await load(1)).toBe(2);
  });

  it('splits a batch at maxBatch keys', async () => {
    const loads: number[][] = [];
    const load = batchedLoads(
      async (keys: number[]) => {
        loads.push(keys);
        return new Map(keys.map((k) => [k, k]));
      },
      { maxBatch: 2, maxInFlight: 2 },
    );
    expect(await Promise.all([1, 2, 3].map(load))).toEqual([1, 2, 3]);
    expect(loads).toEqual([[1, 2], [3]]);
  });

  it('starts the next batch only when the running one is done, with every key asked for meanwhile', async () => {
    const loads: string[][] = [];
    let finishFirst!: () => void;
    const firstDone = new Promise<void>((r) => (finishFirst = r));
    const load = batchedLoads(async (keys: string[]) => {
      loads.push(keys);
      if (loads.length === 1) await firstDone;
      return new Map(keys.map((k) => [k, `${k}@${loads.length}`]));
    });
    const first = load('a');
    await new Promise((r) => setImmediate(r));
    expect(loads).toEqual([['a']]);
    const later = [load('b'), load('a'), load('c')];
    await new Promise((r) => setTimeout(r, 20));
    expect(loads).toHaveLength(1); // waiting for the running batch
    finishFirst();
    expect(await first).toBe('a@1');
    // 'a' asked again after its batch started is read again, by the next batch.
    expect(await Promise.all(later)).toEqual(['b@2', 'a@2', 'c@2']);
    expect(loads).toEqual([['a'], ['b', 'a', 'c']]);
  });
});
