import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestWarehouse, type TestWarehouse } from '../tests/support/testStores';
import { hourlyMentionHistory } from './queries/hourlyMentionHistory';
import { insertMentions } from './queries/insertMentions';
import { mentionWindowCounts } from './queries/mentionWindowCounts';
import { insertPosts } from './queries/insertPosts';
import { recentMentionActivity } from './queries/recentMentionActivity';
import { mentionHistory } from './queries/mentionHistory';
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
    const result = await store.warehouse.query({
      query: 'SELECT version FROM schema_migrations FINAL ORDER BY version',
      format: 'JSONEachRow',
    });
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
      {
        platform: 'reddit',
        post_id: 't3_escape',
        source: 'r/wall\tstreet',
        author_hash: 'abcdef0123456789',
        ts: '2026-11-20T15:00:00.000Z',
        title: 'A\ttitle',
        text,
        url: 'https://example.com/a?b=c&d=e',
        engagement: 5,
        simulated: false,
      },
    ]);
    const result = await store.warehouse.query({
      query: `SELECT title, text, source FROM posts FINAL WHERE post_id = 't3_escape'`,
      format: 'JSONEachRow',
    });
    expect(await result.json()).toEqual([{ title: 'A\ttitle', text, source: 'r/wall\tstreet' }]);
  });

  it('serves mention history per platform in buckets from the rollups, each post counted once', async () => {
    const mention = (
      postId: string,
      platform: string,
      ts: string,
      label: 'bullish' | 'bearish' | 'neutral' = 'neutral',
    ) => ({
      ticker: 'GME',
      platform,
      post_id: postId,
      source: 's',
      author_hash: '0123456789abcdef',
      ts,
      compound: 0,
      label,
      engagement: 0,
      simulated: true,
      analyser: 'test',
    });
    const rows = [
      mention('a', 'reddit', '2026-11-20T10:01:00Z', 'bullish'),
      mention('b', 'reddit', '2026-11-20T10:14:00Z'),
      mention('c', 'twitter', '2026-11-20T10:20:00Z', 'bearish'),
      mention('d', 'reddit', '2026-11-20T10:31:00Z'),
      mention('old', 'reddit', '2026-11-20T08:00:00Z'),
    ];
    await insertMentions(store.warehouse, rows);
    await insertMentions(store.warehouse, rows.slice(0, 2)); // replayed activity
    expect(await mentionHistory(store.warehouse, 'GME', new Date('2026-11-20T10:00:00Z'), 15)).toEqual([
      { timestamp: '2026-11-20T10:00:00.000Z', platform: 'reddit', mentions: 2 },
      { timestamp: '2026-11-20T10:15:00.000Z', platform: 'twitter', mentions: 1 },
      { timestamp: '2026-11-20T10:30:00.000Z', platform: 'reddit', mentions: 1 },
    ]);
    const counts = await recentMentionActivity(store.warehouse, new Date('2026-11-20T10:00:00Z'));
    expect(counts.filter((c) => c.ticker === 'GME')).toEqual([
      { ticker: 'GME', mentions: 4, bullish: 1, bearish: 1, authors: 1 },
    ]);
  });

  it('keeps the hourly rollups exact on insert: retried writes count once, late mentions are included', async () => {
    const mention = (postId: string, ts: string, label: 'bullish' | 'bearish' | 'neutral' = 'neutral') => ({
      ticker: 'HRLY',
      platform: 'reddit',
      post_id: postId,
      source: 's',
      author_hash: '0123456789abcdef',
      ts,
      compound: 0,
      label,
      engagement: 0,
      simulated: true,
      analyser: 'test',
    });
    const hours = async () => hourlyMentionHistory(store.warehouse, 'HRLY', new Date('2026-11-19T00:00:00Z'), 1);
    await insertMentions(store.warehouse, [
      mention('h1', '2026-11-19T09:10:00Z', 'bullish'),
      mention('h2', '2026-11-19T09:50:00Z'),
      mention('h3', '2026-11-19T11:05:00Z', 'bearish'),
    ]);
    await insertMentions(store.warehouse, [mention('h2', '2026-11-19T09:50:00Z')]); // a retried write
    await insertMentions(store.warehouse, [
      mention('h1', '2026-11-19T09:10:00Z', 'bullish'),
      mention('h3', '2026-11-19T11:05:00Z', 'bearish'),
    ]); // a re-run
    await insertMentions(store.warehouse, [mention('late', '2026-11-19T09:30:00Z', 'bearish')]); // a late post in an hour already counted
    expect(await hours()).toEqual([
      { timestamp: '2026-11-19T09:00:00.000Z', platform: 'reddit', mentions: 3 },
      { timestamp: '2026-11-19T11:00:00.000Z', platform: 'reddit', mentions: 1 },
    ]);
    const window = await mentionWindowCounts(store.warehouse, new Date('2026-11-19T09:00:00Z'));
    expect(window.filter((c) => c.ticker === 'HRLY')).toEqual([
      { ticker: 'HRLY', platform: 'reddit', mentions: 4, bullish: 1, bearish: 2 },
    ]);
  });

  it('writes a batch larger than one insert chunk exactly once, and reports a chunk that fails', async () => {
    const at = (i: number) => new Date(Date.parse('2026-11-18T10:00:00Z') + (i % 7200) * 1000).toISOString();
    const rows = Array.from({ length: 60_001 }, (_, i) => ({
      ticker: 'BULK',
      platform: i % 2 ? 'reddit' : 'youtube',
      post_id: `bulk_${i}`,
      source: 'src\twith tab',
      author_hash: '0123456789abcdef',
      ts: at(i),
      compound: 0.1,
      label: 'bullish' as const,
      engagement: i % 10,
      simulated: true,
      analyser: 'test',
    }));
    await insertMentions(store.warehouse, rows);
    const window = await mentionWindowCounts(store.warehouse, new Date('2026-11-18T00:00:00Z'));
    expect(window.filter((c) => c.ticker === 'BULK').reduce((n, c) => n + c.mentions, 0)).toBe(60_001);
    const broken = rows
      .slice(0, 30_000)
      .map((r, i) =>
        i === 29_999 ? { ...r, post_id: 'bulk_broken', ts: 'not a time' } : { ...r, post_id: `bulk2_${i}` },
      );
    await expect(insertMentions(store.warehouse, broken)).rejects.toThrow(/not a time|DateTime|parse/i);
  });

  it('splits migration files into statements', () => {
    expect(
      splitStatements(
        '-- note\nCREATE TABLE a (x UInt8) ENGINE = Memory;\n\nCREATE TABLE b\n(x UInt8)\nENGINE = Memory;\n',
      ),
    ).toEqual(['CREATE TABLE a (x UInt8) ENGINE = Memory', 'CREATE TABLE b\n(x UInt8)\nENGINE = Memory']);
  });
});
