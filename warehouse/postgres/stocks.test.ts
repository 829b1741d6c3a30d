import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../tests/support/testStores';
import {
  countStocks,
  ensureStockRows,
  listedStocks,
  stockPrices,
  updateStockPrices,
  updateStockSentiments,
} from './stocks';

describe('stocks queries on real Postgres', () => {
  let database: TestDatabase;
  const db = () => database.db;

  beforeAll(async () => {
    database = await createTestDatabase({ seed: true });
  });
  afterAll(async () => database?.drop());

  it('adds a row per universe ticker once, named as the universe names it, and skips symbols outside it', async () => {
    expect(await ensureStockRows(db(), ['AAPL', 'TSLA', 'AAPL', 'NOTATICKER'])).toBe(2);
    expect(await ensureStockRows(db(), ['AAPL', 'TSLA'])).toBe(0);
    expect(await ensureStockRows(db(), [])).toBe(0);
    expect(await countStocks(db())).toBe(2);
    const rows = await db()('stocks').orderBy('ticker').select('ticker', 'name', 'sentiment');
    expect(rows).toEqual([
      { ticker: 'AAPL', name: 'Apple Inc.', sentiment: 'neutral' },
      { ticker: 'TSLA', name: 'Tesla, Inc.', sentiment: 'neutral' },
    ]);
  });

  it('keeps a stock’s price and id when its row is ensured again', async () => {
    const at = new Date('2026-11-20T15:00:00Z');
    const before = await db()('stocks').where({ ticker: 'AAPL' }).first('id');
    expect(
      await updateStockPrices(db(), at, [
        { ticker: 'AAPL', price: 228.42, change_percent: 1.25 },
        { ticker: 'GONE', price: 1, change_percent: 0 },
      ]),
    ).toBe(1);
    await ensureStockRows(db(), ['AAPL']);
    expect(
      await db()('stocks').where({ ticker: 'AAPL' }).first('id', 'price', 'change_percent', 'last_updated'),
    ).toEqual({ id: before.id, price: '228.42', change_percent: '1.25', last_updated: at });
    expect(await stockPrices(db())).toEqual(
      expect.arrayContaining([
        { ticker: 'AAPL', price: '228.42' },
        { ticker: 'TSLA', price: null },
      ]),
    );
  });

  it('sets the labelled stocks’ sentiment and every other stock back to neutral', async () => {
    const at = new Date('2026-11-20T16:00:00Z');
    await updateStockSentiments(db(), at, [{ ticker: 'TSLA', sentiment: 'bearish' }]);
    await updateStockSentiments(db(), at, [{ ticker: 'AAPL', sentiment: 'bullish' }]);
    expect(await db()('stocks').orderBy('ticker').select('ticker', 'sentiment')).toEqual([
      { ticker: 'AAPL', sentiment: 'bullish' },
      { ticker: 'TSLA', sentiment: 'neutral' },
    ]);
  });

  it('lists the asked stocks and every trending one, with its trend score', async () => {
    await ensureStockRows(db(), ['NVDA']);
    await db()('trending_stocks').insert({ ticker: 'NVDA', name: 'NVIDIA Corporation', trend_score: 40 });
    const rows = await listedStocks(db(), ['AAPL']);
    expect(rows.map((r) => [r.ticker, r.trend_score]).sort()).toEqual([
      ['AAPL', 0],
      ['NVDA', 40],
    ]);
  });
});

describe('concurrent writers of the stocks table', () => {
  let database: TestDatabase;
  const db = () => database.db;

  beforeAll(async () => {
    database = await createTestDatabase({ seed: true });
  });
  afterAll(async () => database?.drop());

  it('two sentiment snapshots and a price refresh at once never deadlock, and the last snapshot wins', async () => {
    const tickers = (await db()('tickers').orderBy('symbol').limit(600).pluck('symbol')) as string[];
    await ensureStockRows(db(), tickers);
    const at = new Date('2026-11-20T16:00:00Z');
    const half = (from: number, sentiment: 'bullish' | 'bearish') =>
      tickers.filter((_, i) => i % 2 === from).map((ticker) => ({ ticker, sentiment }));
    for (let round = 0; round < 20; round++) {
      const evens = half(0, 'bullish');
      const odds = half(1, 'bearish').reverse();
      await Promise.all([
        updateStockSentiments(db(), at, evens),
        updateStockSentiments(db(), at, odds),
        updateStockPrices(
          db(),
          at,
          [...tickers].reverse().map((ticker) => ({ ticker, price: 10 + round, change_percent: 0 })),
        ),
      ]);
    }
    const bySentiment = await db()('stocks')
      .groupBy('sentiment')
      .select('sentiment')
      .count<{ sentiment: string; count: string }[]>('* as count');
    // Whichever snapshot committed last labelled its half and set the other half neutral.
    expect(bySentiment.map((r) => Number(r.count)).sort((a, b) => a - b)).toEqual([300, 300]);
    const repriced = await db()('stocks').where({ price: 29 }).count<{ count: string }[]>('* as count');
    expect(Number(repriced[0]?.count)).toBe(600);
  });
});
