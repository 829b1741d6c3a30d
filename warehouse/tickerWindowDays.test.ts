import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY, HOUR, MINUTE, mentionAt } from '../tests/support/mentionRows';
import { createTestWarehouse, type TestWarehouse } from '../tests/support/testStores';
import { insertMentions, type MentionRow } from './queries/insertMentions';
import { tickerWindowDays } from './queries/tickerWindowDays';
import { windowStart } from '../core/timeWindows';

describe('tickerWindowDays', () => {
  let store: TestWarehouse;
  const now = Date.parse('2026-11-20T15:37:20Z');
  const rows: MentionRow[] = [];
  beforeAll(async () => {
    store = await createTestWarehouse();
    const offsets = [
      0,
      1 * MINUTE,
      37 * MINUTE,
      38 * MINUTE,
      59 * MINUTE,
      61 * MINUTE,
      2 * HOUR,
      3 * HOUR + 50 * MINUTE,
      10 * HOUR,
      23 * HOUR + 58 * MINUTE,
      25 * HOUR,
    ];
    const labels = ['bullish', 'bearish', 'neutral'] as const;
    for (const day of [0, 1, 3, 7]) {
      for (const [i, o] of offsets.entries()) {
        rows.push(mentionAt('AMC', now - day * DAY - o, { label: labels[i % 3] }));
        rows.push(mentionAt('AMC', now - day * DAY - o, { platform: 'twitter', label: labels[(i + 1) % 3] }));
        if (i % 2 === 0) rows.push(mentionAt('GME', now - day * DAY - o, { label: 'bullish' }));
      }
    }
    await insertMentions(store.warehouse, rows);
  });
  afterAll(async () => store?.close());

  it('counts each window now and on each earlier day exactly as the cards count the last N minutes, with the bullish and bearish share, in one read', async () => {
    const windows = [
      { minutes: 60, days: 7 },
      { minutes: 240, days: 0 },
      { minutes: 1440, days: 7 },
      { minutes: 17, days: 2 },
    ];
    const end = windowStart(new Date(now), 1).getTime() + MINUTE;
    const counts = await tickerWindowDays(store.warehouse, end, windows);
    for (const ticker of ['AMC', 'GME']) {
      const expected = windows.map(({ minutes, days }) =>
        Array.from({ length: days + 1 }, (_, d) => {
          const fromMs = windowStart(new Date(now - d * DAY), minutes).getTime();
          const toMs = fromMs + minutes * MINUTE;
          const inside = rows.filter(
            (r) =>
              r.ticker === ticker &&
              Math.floor(Date.parse(r.ts) / MINUTE) * MINUTE >= fromMs &&
              Math.floor(Date.parse(r.ts) / MINUTE) * MINUTE < toMs,
          );
          return {
            mentions: inside.length,
            bullish: inside.filter((r) => r.label === 'bullish').length,
            bearish: inside.filter((r) => r.label === 'bearish').length,
          };
        }),
      );
      expect(counts.get(ticker), ticker).toEqual(expected);
    }
    // The last hour is the 60 minute buckets ending with the current one: the mention 61 minutes back is outside.
    expect(counts.get('AMC')![0]![0]!.mentions).toBe(10);
  });
});
