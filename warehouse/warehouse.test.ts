import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestWarehouse, type TestWarehouse } from '../tests/support/testStores';
import { insertPosts } from './queries/insertPosts';
import { insertPriceTicks } from './queries/insertPriceTicks';
import { priceHistory } from './queries/priceHistory';
import { migrateWarehouse, splitStatements } from './migrate';

describe('warehouse on embedded ClickHouse (chDB)', () => {
  let store: TestWarehouse;
  beforeAll(async () => {
    store = await createTestWarehouse();
  });
  afterAll(async () => store.close());

  it('records applied migrations and applies each only once', async () => {
    expect(await migrateWarehouse(store.warehouse)).toEqual([]);
    const result = await store.warehouse.query({ query: 'SELECT version FROM schema_migrations FINAL ORDER BY version', format: 'JSONEachRow' });
    expect((await result.json<{ version: string }>()).map((r) => r.version)).toContain('001_price_ticks');
  });

  it('writes price ticks and reads them back in time order, a re-sent tick counted once', async () => {
    const t0 = new Date('2026-11-20T15:00:00Z');
    const ticks = [
      { ticker: 'TSLA', ts: new Date(t0.getTime() + 60_000), price: 251.5, changePercent: 1.25, source: 'simulated' },
      { ticker: 'TSLA', ts: t0, price: 250, changePercent: 0.65, source: 'simulated' },
      { ticker: 'AAPL', ts: t0, price: 190.1, changePercent: -0.2, source: 'simulated' },
    ];
    await insertPriceTicks(store.warehouse, ticks);
    await insertPriceTicks(store.warehouse, ticks.slice(0, 1)); // a retried activity re-sends a tick
    const points = await priceHistory(store.warehouse, 'TSLA', new Date(t0.getTime() - 1000));
    expect(points.map((p) => p.price)).toEqual([250, 251.5]);
    expect(points[0]!.ts).toBe('2026-11-20T15:00:00.000Z');
    expect(await priceHistory(store.warehouse, 'TSLA', new Date(t0.getTime() + 1000))).toHaveLength(1);
  });

  it('passes user input only as typed parameters', async () => {
    expect(await priceHistory(store.warehouse, "TSLA' OR 1=1 --", new Date(0))).toEqual([]);
  });

  it('stores post text with tabs, newlines, backslashes, quotes and emoji exactly (TabSeparated escaping)', async () => {
    const text = 'line one\n\tindented "quoted" back\\slash 🚀💎🙌 <b>html</b> \'; DROP TABLE posts; --';
    await insertPosts(store.warehouse, [
      { platform: 'reddit', post_id: 't3_escape', source: 'r/wall\tstreet', author_hash: 'abcdef0123456789', ts: '2026-11-20T15:00:00.000Z', title: 'A\ttitle', text, url: 'https://example.com/a?b=c&d=e', engagement: 5, simulated: false },
    ]);
    const result = await store.warehouse.query({ query: `SELECT title, text, source FROM posts FINAL WHERE post_id = 't3_escape'`, format: 'JSONEachRow' });
    expect(await result.json()).toEqual([{ title: 'A\ttitle', text, source: 'r/wall\tstreet' }]);
  });

  it('splits migration files into statements', () => {
    expect(splitStatements('-- note\nCREATE TABLE a (x UInt8) ENGINE = Memory;\n\nCREATE TABLE b\n(x UInt8)\nENGINE = Memory;\n')).toEqual([
      'CREATE TABLE a (x UInt8) ENGINE = Memory',
      'CREATE TABLE b\n(x UInt8)\nENGINE = Memory',
    ]);
  });
});

