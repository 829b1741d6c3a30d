import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countsQuery, rescoreFixture } from '../../tests/support/rescoreFixture';
import { createTestWarehouse, type TestWarehouse } from '../../tests/support/testStores';
import type { Warehouse } from '../client';
import { dropSupersededMinuteRows, ROWS_PER_DELETE } from './dropSupersededMinuteRows';
import { insertMentions } from './insertMentions';
import { relabelMentions } from './relabelMentions';

const HOUR = new Date('2026-11-20T10:00:00Z');
const WINDOW = { from: HOUR, to: new Date(HOUR.getTime() + 3_600_000) };

describe('dropping the per-minute rows a relabel superseded', () => {
  let store: TestWarehouse;
  const counts = async () =>
    (await (await store.warehouse.query({ query: countsQuery, format: 'JSONEachRow' })).json()) as Array<{
      ticker: string;
      mentions: number;
      bullish: number;
      bearish: number;
    }>;

  beforeAll(async () => {
    store = await createTestWarehouse();
    // One hour of 6 posts (7 mentions), posts 0 and 3 bearish and the others bullish, and the next hour's first post.
    await insertMentions(store.warehouse, rescoreFixture(HOUR, 2, 'fast').mentions.slice(0, 8));
  });
  afterAll(async () => {
    await store?.close();
  });

  it('leaves each relabelled post under its new label only, keeps a mention written meanwhile, and is idempotent', async () => {
    expect(await counts()).toEqual([
      { ticker: 'AAPL', mentions: 2, bullish: 2, bearish: 0 },
      { ticker: 'AMD', mentions: 1, bullish: 0, bearish: 1 },
      { ticker: 'NVDA', mentions: 3, bullish: 0, bearish: 3 },
      { ticker: 'TSLA', mentions: 2, bullish: 2, bearish: 0 },
    ]);
    // Post 1 (TSLA) becomes bearish, post 3 (AMD and NVDA) bullish, post 2 (AAPL) neutral.
    await relabelMentions(store.warehouse, { ...WINDOW, analyser: 'transformer' }, [
      { platform: 'reddit', post_id: 'rescore-0-1', label: 'bearish', compound: -0.6 },
      { platform: 'reddit', post_id: 'rescore-0-3', label: 'bullish', compound: 0.7 },
      { platform: 'reddit', post_id: 'rescore-0-2', label: 'neutral', compound: 0 },
    ]);
    // Until the superseded rows go, a relabelled post counts under both labels, but every post is there once.
    expect(await counts()).toEqual([
      { ticker: 'AAPL', mentions: 2, bullish: 2, bearish: 0 },
      { ticker: 'AMD', mentions: 1, bullish: 1, bearish: 1 },
      { ticker: 'NVDA', mentions: 3, bullish: 1, bearish: 3 },
      { ticker: 'TSLA', mentions: 2, bullish: 2, bearish: 1 },
    ]);
    // Ingested meanwhile in the same hour: a new post, and post 1 under a ticker it was not stored with (its old label).
    await insertMentions(store.warehouse, [
      {
        ticker: 'MSFT',
        platform: 'reddit',
        post_id: 'rescore-0-1',
        source: 'wallstreetbets',
        author_hash: 'cd'.repeat(8),
        ts: new Date(HOUR.getTime() + 55 * 60_000).toISOString(),
        compound: 0.5,
        label: 'bullish',
        engagement: 0,
        simulated: true,
        analyser: 'fast',
      },
      {
        ticker: 'TSLA',
        platform: 'x',
        post_id: 'late-1',
        source: 'search',
        author_hash: 'ab'.repeat(8),
        ts: new Date(HOUR.getTime() + 50 * 60_000).toISOString(),
        compound: 0.4,
        label: 'bullish',
        engagement: 0,
        simulated: true,
        analyser: 'fast',
      },
    ]);

    await dropSupersededMinuteRows(store.warehouse, WINDOW);
    const after = [
      { ticker: 'AAPL', mentions: 2, bullish: 1, bearish: 0 },
      { ticker: 'AMD', mentions: 1, bullish: 1, bearish: 0 },
      { ticker: 'MSFT', mentions: 1, bullish: 1, bearish: 0 },
      { ticker: 'NVDA', mentions: 3, bullish: 1, bearish: 2 },
      { ticker: 'TSLA', mentions: 3, bullish: 2, bearish: 1 },
    ];
    expect(await counts()).toEqual(after);
    // The next hour's row is outside the window and untouched; a second run deletes nothing more.
    await dropSupersededMinuteRows(store.warehouse, WINDOW);
    expect(await counts()).toEqual(after);
  });

  it('on a cluster, reads through the Distributed tables and deletes the rows it found on every shard', async () => {
    // No cluster runs here: the statements sent are checked (warehouse/clusterSql.test.ts checks the rendering).
    const sent: Array<{ query: string; query_params?: Record<string, unknown> }> = [];
    const recorder = {
      query: async (params: (typeof sent)[number]) => {
        sent.push(params);
        return {
          json: async () => [{ ticker: 'BRK.B', platform: 'reddit', post: '18446744073709551615', label: 'bullish' }],
        };
      },
      command: async (params: (typeof sent)[number]) => {
        sent.push(params);
        return { query_id: '' };
      },
    } as unknown as Warehouse;
    await dropSupersededMinuteRows(recorder, WINDOW, { cluster: 'stockpulse' });
    expect(sent).toHaveLength(2);
    expect(sent[0]!.query).toMatch(/FROM mention_minutes WHERE/);
    expect(sent[0]!.query).toMatch(/FROM mentions FINAL PREWHERE ts >= /);
    expect(sent[0]!.query).not.toMatch(/_local|ON CLUSTER/);
    expect(sent[1]!.query).toBe(
      `DELETE FROM mention_minutes_local ON CLUSTER stockpulse WHERE minute >= toDateTime({from:UInt32}, 'UTC') ` +
        `AND minute < toDateTime({to:UInt32}, 'UTC') ` +
        `AND (ticker, platform, post, label) IN (('BRK.B', 'reddit', 18446744073709551615, 'bullish'))`,
    );
    // Both parameterised: embedded chDB runs such statements one at a time.
    for (const { query_params } of sent)
      expect(query_params).toEqual({ from: WINDOW.from.getTime() / 1000, to: WINDOW.to.getTime() / 1000 });
  });

  it('names at most ROWS_PER_DELETE rows in one statement', async () => {
    const deletes: string[] = [];
    const found = Array.from({ length: 2 * ROWS_PER_DELETE + 1 }, (_, i) => ({
      ticker: 'GOOGL',
      platform: 'x',
      post: String(18_446_744_073_709_551_615n - BigInt(i)),
      label: 'neutral',
    }));
    const recorder = {
      query: async () => ({ json: async () => found }),
      command: async ({ query }: { query: string }) => {
        deletes.push(query);
        return { query_id: '' };
      },
    } as unknown as Warehouse;
    await dropSupersededMinuteRows(recorder, WINDOW);
    expect(deletes.map((q) => q.split("('GOOGL', 'x', ").length - 1)).toEqual([ROWS_PER_DELETE, ROWS_PER_DELETE, 1]);
    expect(Math.max(...deletes.map((q) => q.length))).toBeLessThan(256 * 1024);
  });
});
