import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOUR, MINUTE, mentionAt } from '../../tests/support/mentionRows';
import {
  createTestDatabase,
  createTestWarehouse,
  type TestDatabase,
  type TestWarehouse,
} from '../../tests/support/testStores';
import { insertMentions } from '../../warehouse/queries/insertMentions';
import { createTrendDetection } from './trendDetection';

// Detection at 15:30: the last hour is 14:31–15:30, the baseline the 168 whole hours before 14:00.
const now = new Date('2026-11-20T15:30:00Z');
const baselineEnd = Date.parse('2026-11-20T14:00:00Z');

describe('trend detection over chDB rollups', () => {
  let database: TestDatabase;
  let store: TestWarehouse;
  beforeAll(async () => {
    database = await createTestDatabase({ seed: true });
    store = await createTestWarehouse();
    // AMC: 10 mentions in each of the 10 hours before the baseline's end (the warehouse is 10 hours old), then 40 in the last hour.
    const rows = [];
    for (let h = 1; h <= 10; h++)
      for (let i = 0; i < 10; i++) rows.push(mentionAt('AMC', baselineEnd - h * HOUR + i * MINUTE));
    for (let i = 0; i < 40; i++)
      rows.push(mentionAt('AMC', now.getTime() - (1 + i) * MINUTE, { label: i < 30 ? 'bullish' : 'neutral' }));
    await insertMentions(store.warehouse, rows);
  });
  afterAll(async () => {
    await store?.close();
    await database?.drop();
  });

  const scoreOf = async (ticker: string) =>
    (
      await (
        await store.warehouse.query({
          query: `SELECT baseline_mean AS mean, trend_score AS score, mentions FROM trend_scores FINAL WHERE ticker = {ticker:String} ORDER BY detected_at DESC LIMIT 1`,
          query_params: { ticker },
          format: 'JSONEachRow',
        })
      ).json<{ mean: number; score: number; mentions: number }>()
    )[0];

  it('scores the last hour against the hours of history the warehouse holds', async () => {
    const trends = createTrendDetection({ db: database.db, warehouse: store.warehouse, now: () => now });
    expect(await trends.detectTrends()).toEqual({
      trendsDetected: 1,
      newTrends: 1,
      scored: 1,
      detectedAt: now.toISOString(),
    });
    // mean 10 over 10 hours, no variance: (40 − 10)/√10 ≈ 9.49.
    expect(await scoreOf('AMC')).toEqual({ mean: 10, score: 95, mentions: 40 });
    const row = await database.db('trending_stocks').where({ ticker: 'AMC' }).first();
    expect(row).toMatchObject({
      trend_score: 95,
      mention_velocity: '40.00',
      sentiment_score: '0.75',
      sentiment: 'bullish',
      is_new_trend: true,
      detected_at: now,
    });
  });

  it('keeps the hourly counts it read, re-reading only the latest hours for late mentions', async () => {
    const cached = createTrendDetection({ db: database.db, warehouse: store.warehouse, now: () => now });
    await cached.detectTrends();
    // Late mentions for an hour 5 hours back (outside the re-read hours): this worker keeps its counts…
    await insertMentions(
      store.warehouse,
      Array.from({ length: 100 }, (_, i) => mentionAt('AMC', baselineEnd - 5 * HOUR + 30_000 + i * 1000)),
    );
    await cached.detectTrends();
    expect(await scoreOf('AMC')).toMatchObject({ mean: 10, score: 95 });
    // …a worker that reads the week afresh sees them: mean 20, σ 30, (40 − 20)/30 ≈ 0.67, no longer trending.
    const fresh = createTrendDetection({
      db: database.db,
      warehouse: store.warehouse,
      now: () => now,
      cacheBaseline: false,
    });
    expect((await fresh.detectTrends()).trendsDetected).toBe(0);
    expect(await scoreOf('AMC')).toMatchObject({ mean: 20, score: 7 });
    expect(await database.db('trending_stocks').count({ n: '*' })).toEqual([{ n: 0 }]);
    // Late mentions for the latest closed hour reach the cached worker too.
    await insertMentions(
      store.warehouse,
      Array.from({ length: 10 }, (_, i) => mentionAt('AMC', baselineEnd - HOUR + i * 1000)),
    );
    await cached.detectTrends();
    expect((await scoreOf('AMC'))!.mean).toBe(11);
  });
});
