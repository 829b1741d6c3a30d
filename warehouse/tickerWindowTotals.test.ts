import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { windowStart } from '../core/timeWindows';
import { HOUR, MINUTE, mentionAt } from '../tests/support/mentionRows';
import { createTestWarehouse, type TestWarehouse } from '../tests/support/testStores';
import { insertMentions } from './queries/insertMentions';
import { mentionWindowCounts } from './queries/mentionWindowCounts';
import { tickerWindowTotals } from './queries/tickerWindowTotals';

describe('tickerWindowTotals', () => {
  let store: TestWarehouse;
  const now = new Date('2026-11-20T15:37:20Z');
  beforeAll(async () => {
    store = await createTestWarehouse();
    const t = now.getTime();
    const offsets = [
      1 * MINUTE,
      30 * MINUTE,
      59 * MINUTE,
      61 * MINUTE,
      2 * HOUR,
      3 * HOUR + 50 * MINUTE,
      4 * HOUR + 10 * MINUTE,
      10 * HOUR,
      23 * HOUR + 58 * MINUTE,
      25 * HOUR,
    ];
    await insertMentions(store.warehouse, [
      ...offsets.map((o) => mentionAt('AMC', t - o)),
      ...offsets.map((o) => mentionAt('AMC', t - o, { platform: 'twitter' })),
      ...offsets.slice(3).map((o) => mentionAt('GME', t - o)),
    ]);
  });
  afterAll(async () => store?.close());

  it('counts every window in one read exactly as mentionWindowCounts counts each', async () => {
    const windows = [60, 240, 1440];
    const totals = await tickerWindowTotals(store.warehouse, now, windows);
    for (const [i, w] of windows.entries()) {
      const single = new Map<string, number>();
      for (const r of await mentionWindowCounts(store.warehouse, windowStart(now, w)))
        single.set(r.ticker, (single.get(r.ticker) ?? 0) + Number(r.mentions));
      for (const ticker of ['AMC', 'GME'])
        expect(totals.get(ticker)?.[i] ?? 0, `${ticker} ${w}`).toBe(single.get(ticker) ?? 0);
    }
    expect(totals.get('AMC')).toEqual([6, 12, 18]);
    expect(totals.get('GME')).toEqual([0, 3, 6]);
  });
});
