import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../platform/config';
import { retentionOf } from '../platform/retention';
import { MINUTES_PER_30_DAYS, MINUTES_PER_WEEK, windowStart } from '../core/timeWindows';
import { DAY, HOUR, mentionAt } from '../tests/support/mentionRows';
import { createTestWarehouse, type TestWarehouse } from '../tests/support/testStores';
import { firstMentionHour } from './queries/firstMentionHour';
import { hourlyMentionHistory } from './queries/hourlyMentionHistory';
import { insertMentions } from './queries/insertMentions';
import { insertPosts } from './queries/insertPosts';
import { mentionWindowCounts } from './queries/mentionWindowCounts';
import { sealMentionRollups } from './queries/sealMentionRollups';
import { tickerWindowTotals } from './queries/tickerWindowTotals';
import { applyRetention } from './retention';

describe('data retention', () => {
  let store: TestWarehouse;
  const now = new Date();
  beforeAll(async () => {
    store = await createTestWarehouse();
  });
  afterAll(async () => store?.close());

  it('has stated defaults, and refuses a retention shorter than the views that need it', () => {
    expect(retentionOf(loadConfig({}).env)).toEqual({
      postsDays: 90,
      mentionsDays: 730,
      postSetRollupDays: 15,
      hourRollupDays: 90,
      dayRollupDays: 1830,
    });
    expect(() => loadConfig({ RETENTION_HOUR_ROLLUP_DAYS: '30' })).toThrow(/RETENTION_HOUR_ROLLUP_DAYS/);
    expect(() => loadConfig({ RETENTION_POST_SET_ROLLUP_DAYS: '3' })).toThrow(/RETENTION_POST_SET_ROLLUP_DAYS/);
  });

  it('drops rows past each retention by TTL, while the 30-day view and the weekly digest stay whole from the counts', async () => {
    const at = (ms: number) => Math.floor(ms / HOUR) * HOUR + 5 * 60_000;
    const rows = [
      ...[2, 10, 20, 25].map((d) => mentionAt('KEEP', at(now.getTime() - d * DAY), { label: 'bullish' })),
      mentionAt('KEEP', at(now.getTime() - 3 * HOUR), { label: 'bearish' }),
    ];
    await insertMentions(store.warehouse, rows);
    await insertPosts(
      store.warehouse,
      rows.map((r) => ({
        platform: r.platform,
        post_id: r.post_id,
        source: 's',
        author_hash: r.author_hash,
        ts: r.ts,
        title: 't',
        text: 'x',
        url: 'https://example.com',
        engagement: 0,
        simulated: true,
      })),
    );
    await sealMentionRollups(store.warehouse, { settleMs: 0 });
    const views = async () => ({
      month: (await mentionWindowCounts(store.warehouse, windowStart(now, MINUTES_PER_30_DAYS), now)).filter(
        (c) => c.ticker === 'KEEP',
      ),
      digest: (await tickerWindowTotals(store.warehouse, now, [MINUTES_PER_WEEK])).get('KEEP'),
      history: (
        await hourlyMentionHistory(
          store.warehouse,
          'KEEP',
          new Date(Math.floor(now.getTime() / DAY) * DAY - 29 * DAY),
          24,
        )
      ).reduce((n, p) => n + p.mentions, 0),
    });
    const before = await views();
    expect(before).toEqual({
      month: [{ ticker: 'KEEP', platform: 'reddit', mentions: 5, bullish: 4, bearish: 1 }],
      digest: [2],
      history: 5,
    });

    // The shortest raw retention a deployment may set, and a day of posts.
    const retention = {
      postsDays: 1,
      mentionsDays: 15,
      postSetRollupDays: 15,
      hourRollupDays: 90,
      dayRollupDays: 1830,
    };
    const changed = await applyRetention(store.warehouse, retention);
    expect(changed.sort()).toEqual([
      'mention_day_counts',
      'mention_hour_counts',
      'mention_hour_seals',
      'mention_minutes',
      'mention_week_counts',
      'mentions',
      'posts',
    ]);
    expect(await applyRetention(store.warehouse, retention)).toEqual([]); // a restart changes nothing
    // Background merges apply TTLs on their own schedule; OPTIMIZE runs that merge now.
    for (const table of [
      'posts',
      'mentions',
      'mention_minutes',
      'mention_hour_counts',
      'mention_day_counts',
      'mention_week_counts',
    ]) {
      await store.warehouse.command({ query: `OPTIMIZE TABLE ${table} FINAL` });
    }
    const count = async (query: string) =>
      Number((await (await store.warehouse.query({ query, format: 'JSONEachRow' })).json<{ n: number }>())[0]!.n);
    expect(await count(`SELECT count() AS n FROM mentions WHERE ticker = 'KEEP'`)).toBe(3); // 3 hours, 2 and 10 days old
    expect(
      await count(`SELECT count() AS n FROM posts WHERE post_id IN (${rows.map((r) => `'${r.post_id}'`).join(',')})`),
    ).toBe(1);
    expect(await count(`SELECT count() AS n FROM mention_minutes WHERE ticker = 'KEEP'`)).toBe(3);
    expect(await views()).toEqual(before);
    // The first hour with a mention outlives the raw rows and the sets.
    expect(await firstMentionHour(store.warehouse)).toEqual(
      new Date(Math.floor(Date.parse(rows[3]!.ts) / HOUR) * HOUR),
    );
  });
});
