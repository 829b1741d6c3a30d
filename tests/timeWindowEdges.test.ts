import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStockListService } from '../api/services/stockListService';
import { rangeMinutes, windowStart, type TimeRange } from '../core/timeWindows';
import { insertMentions } from '../warehouse/queries/insertMentions';
import { tickerWindowTotals } from '../warehouse/queries/tickerWindowTotals';
import { createAlertActivities } from '../workflows/activities/alertActivities';
import { TEST_LINKS } from './support/testActivities';
import { mentionAt } from './support/mentionRows';
import { createTestDatabase, createTestWarehouse, type TestDatabase, type TestWarehouse } from './support/testStores';

/** One ticker per range, each with mentions exactly at its window's edges. */
const edges: Array<{ range: TimeRange; ticker: string }> = [
  { range: '1hour', ticker: 'AAPL' },
  { range: '4hours', ticker: 'MSFT' },
  { range: '24hours', ticker: 'NVDA' },
];

describe('"the last N minutes" is one window for the cards and the alerts (real chDB and Postgres)', () => {
  let database: TestDatabase;
  let store: TestWarehouse;
  const now = new Date('2026-11-20T15:37:20.500Z');

  beforeAll(async () => {
    [database, store] = await Promise.all([createTestDatabase(), createTestWarehouse()]);
    const rows = edges.flatMap(({ range, ticker }) => {
      const start = windowStart(now, rangeMinutes[range]).getTime();
      // In: the window's first instant and its last one (now). Out: the instant before the window starts.
      return [mentionAt(ticker, start), mentionAt(ticker, now.getTime()), mentionAt(ticker, start - 1)];
    });
    await insertMentions(store.warehouse, rows);
    await database.db('stocks').insert(edges.map(({ ticker }) => ({ ticker, name: `${ticker} Inc.` })));
  });
  afterAll(async () => {
    await store?.close();
    await database?.drop();
  });

  it('covers N whole minute buckets, the current one included', () => {
    expect(windowStart(now, 60).toISOString()).toBe('2026-11-20T14:38:00.000Z');
    expect(windowStart(new Date('2026-11-20T15:00:00.000Z'), 60).toISOString()).toBe('2026-11-20T14:01:00.000Z');
    expect(windowStart(now, 1440).toISOString()).toBe('2026-11-19T15:38:00.000Z');
  });

  it('the card counts a mention at the window’s start and at its end, not one just before', async () => {
    const cards = createStockListService({ db: database.db, warehouse: store.warehouse, cacheMs: 0, now: () => now });
    for (const { range, ticker } of edges) {
      const card = (await cards.list(range)).find((s) => s.ticker === ticker);
      expect(card?.totalMentions, `${ticker} ${range}`).toBe(2);
    }
  });

  it('the alert counts the same mentions as the card of the same length', async () => {
    const windows = edges.map(({ range }) => rangeMinutes[range]);
    const totals = await tickerWindowTotals(store.warehouse, now, windows);
    for (const [i, { range, ticker }] of edges.entries()) expect(totals.get(ticker)?.[i], `${ticker} ${range}`).toBe(2);
  });

  it('a one-hour alert with threshold 1 crosses on the card’s 2 mentions and records 2', async () => {
    const [user] = await database
      .db('users')
      .insert({ email: 'edges@example.com', password_hash: 'x', subscription_status: 'active' })
      .returning('id');
    const stock = await database.db('stocks').where({ ticker: 'AAPL' }).first('id');
    const [alert] = await database
      .db('alerts')
      .insert({
        user_id: user.id,
        stock_id: stock.id,
        mention_threshold: 1,
        window_minutes: 60,
        email_enabled: false,
        sms_enabled: false,
      })
      .returning('id');
    const result = await createAlertActivities({
      db: database.db,
      warehouse: store.warehouse,
      links: TEST_LINKS,
      now: () => now,
    }).evaluateAlertCrossings();
    expect(result.crossed).toBe(1);
    expect((await database.db('alerts').where({ id: alert.id }).first('last_mentions')).last_mentions).toBe(2);
  });
});
