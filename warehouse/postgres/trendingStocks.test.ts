import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../tests/support/testStores';
import { replaceTrendingStocks, trendingNow } from './trendingStocks';

const detection = (ticker: string, trendScore: number) => ({
  ticker,
  trendScore,
  velocity: 3,
  sentimentScore: 0.5,
  sentiment: 'bullish' as const,
});

describe('the trending set on real Postgres', () => {
  let database: TestDatabase;
  const db = () => database.db;

  beforeAll(async () => {
    database = await createTestDatabase({ seed: true });
  });
  afterAll(async () => database?.drop());

  it('replaces the set: a continuing trend keeps its start and is not new, a stopped one goes, unknown symbols are left out', async () => {
    const first = new Date('2026-11-20T15:00:00Z');
    const second = new Date('2026-11-20T15:05:00Z');
    expect(
      await replaceTrendingStocks(
        db(),
        [detection('SOFI', 180), detection('GME', 90), detection('NOTATICKER', 500)],
        first,
      ),
    ).toEqual({ trendsDetected: 2, newTrends: 2 });
    expect(await replaceTrendingStocks(db(), [detection('SOFI', 200), detection('RKLB', 120)], second)).toEqual({
      trendsDetected: 2,
      newTrends: 1,
    });
    const rows = await db()('trending_stocks')
      .orderBy('ticker')
      .select('ticker', 'name', 'trend_score', 'is_new_trend', 'detected_at', 'last_updated');
    expect(rows).toEqual([
      {
        ticker: 'RKLB',
        name: expect.stringMatching(/^Rocket Lab/),
        trend_score: 120,
        is_new_trend: true,
        detected_at: second,
        last_updated: second,
      },
      {
        ticker: 'SOFI',
        name: 'SoFi Technologies, Inc.',
        trend_score: 200,
        is_new_trend: false,
        detected_at: first,
        last_updated: second,
      },
    ]);
    // Newest trend first.
    expect(await trendingNow(db())).toEqual([
      { ticker: 'RKLB', sentiment: 'bullish' },
      { ticker: 'SOFI', sentiment: 'bullish' },
    ]);
  });

  it('two detections at once each replace the set as a whole', async () => {
    const at = new Date('2026-11-20T15:10:00Z');
    await Promise.all([
      replaceTrendingStocks(db(), [detection('AAPL', 150)], at),
      replaceTrendingStocks(db(), [detection('TSLA', 160)], at),
    ]);
    expect((await trendingNow(db())).length).toBe(1);
  });
});
