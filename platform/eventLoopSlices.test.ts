import { describe, expect, it } from 'vitest';
import { createEventLoopSlicer } from './eventLoopSlices';

describe('createEventLoopSlicer', () => {
  it('returns nothing within a slice, then a turn of the event loop, and starts the next slice after it', async () => {
    let clock = 0;
    const pause = createEventLoopSlicer(20, () => clock);
    clock = 19;
    expect(pause()).toBeUndefined();
    clock = 20;
    const order: string[] = [];
    setImmediate(() => order.push('queued before'));
    const turn = pause();
    expect(turn).toBeInstanceOf(Promise);
    await turn;
    order.push('after the turn');
    expect(order).toEqual(['queued before', 'after the turn']);
    clock = 39;
    expect(pause()).toBeUndefined();
  });

  it('gives every piece of work that finds the slice used up the same next turn', async () => {
    let clock = 0;
    const pause = createEventLoopSlicer(10, () => clock);
    clock = 10;
    const first = pause();
    const second = pause();
    expect(first).toBeInstanceOf(Promise);
    expect(second).toBe(first);
    await first;
    // The turn started a new slice for both.
    expect(pause()).toBeUndefined();
  });
});
