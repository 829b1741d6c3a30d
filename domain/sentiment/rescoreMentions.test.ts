import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSentimentAnalyser, loadSentimentModel } from '../signal/sentimentModel';
import { countsQuery, rescoreFixture } from '../../tests/support/rescoreFixture';
import { createTestWarehouse, type TestWarehouse } from '../../tests/support/testStores';
import { insertMentions } from '../../warehouse/queries/insertMentions';
import { insertPosts } from '../../warehouse/queries/insertPosts';
import { mentionWindowCounts } from '../../warehouse/queries/mentionWindowCounts';
import type { Warehouse } from '../../warehouse/client';
import { createMentionRescorer, type MentionRescorer } from './rescoreMentions';
import { readTransformerModel } from './transformerModel';
import { createTransformerPool, type TransformerPool } from './transformerPool';

const FIRST_HOUR = new Date('2026-11-20T10:00:00Z');

describe('re-scoring stored mentions with the transformer', () => {
  let store: TestWarehouse;
  let pool: TransformerPool;
  let rescorer: MentionRescorer;
  const rows = async <T>(query: string) =>
    (await (await store.warehouse.query({ query, format: 'JSONEachRow' })).json()) as T[];
  /** Every text the rescorer gave the transformer. */
  const textsRead: string[] = [];
  /** The distinct posts the per-minute rows hold, read after every statement the re-score runs. */
  const postsSeen: number[] = [];
  /** The store, reading the per-minute rows' distinct posts after each of the rescorer's statements. */
  const watched = (warehouse: Warehouse) =>
    new Proxy(warehouse, {
      get(target, name) {
        const value: unknown = Reflect.get(target, name, target);
        if (name !== 'command') return typeof value === 'function' ? value.bind(target) : value;
        return async (params: Parameters<Warehouse['command']>[0]) => {
          const result = await target.command(params);
          postsSeen.push((await rows<{ n: number }>('SELECT uniqExact(post) AS n FROM mention_minutes'))[0]!.n);
          return result;
        };
      },
    });

  beforeAll(async () => {
    store = await createTestWarehouse();
    const model = readTransformerModel();
    pool = createTransformerPool(model, { threads: 2 });
    rescorer = createMentionRescorer({
      warehouse: watched(store.warehouse),
      pool: { ...pool, score: (texts, options) => (textsRead.push(...texts), pool.score(texts, options)) },
      linear: createSentimentAnalyser(loadSentimentModel()),
      combination: model.training.combination,
    });
    const { posts, mentions } = rescoreFixture(FIRST_HOUR, 2, 'learned-test');
    await insertPosts(store.warehouse, posts);
    await insertMentions(store.warehouse, mentions);
  });
  afterAll(async () => {
    await pool?.close();
    await store?.close();
  });

  it('replaces the fast label, and the cards count each post once under its new label', async () => {
    const before = await rows<{ ticker: string; bullish: number; bearish: number; mentions: number }>(countsQuery);
    expect(before.find((r) => r.ticker === 'TSLA')).toMatchObject({ mentions: 4, bullish: 4, bearish: 0 });

    const first = await rescorer.rescoreHour(FIRST_HOUR);
    expect(first.relabelled).toBe(6);
    // Only that hour: the next still carries the fast label.
    const byAnalyser = await rows<{ h: string; analyser: string; n: number }>(
      `SELECT toString(toStartOfHour(ts)) AS h, toString(analyser) AS analyser, count() AS n FROM mentions FINAL GROUP BY h, analyser ORDER BY h`,
    );
    expect(byAnalyser).toEqual([
      { h: '2026-11-20 10:00:00', analyser: rescorer.version, n: 7 },
      { h: '2026-11-20 11:00:00', analyser: 'learned-test', n: 7 },
    ]);
    await rescorer.rescoreHour(new Date(FIRST_HOUR.getTime() + 3_600_000 + 5 * 60_000));

    const labels = await rows<{ post_id: string; ticker: string; label: string }>(
      `SELECT post_id, ticker, toString(label) AS label FROM mentions FINAL ORDER BY post_id, ticker`,
    );
    const expected = (id: string) => (['bullish', 'bearish', 'neutral'] as const)[Number(id.split('-')[2]) % 3];
    for (const r of labels) expect(r.label, r.post_id).toBe(expected(r.post_id));
    // The second hour posts the first hour's six texts again: the transformer read each of them once.
    expect(textsRead).toHaveLength(6);

    // No read in between saw a post missing: the per-minute rows always held all 12.
    expect(postsSeen.length).toBeGreaterThan(0);
    expect(new Set(postsSeen)).toEqual(new Set([12]));
    // The rollups the cards read: every post once, under its new label only (2 hours of 6 posts).
    const after = await rows<{ ticker: string; bullish: number; bearish: number; mentions: number }>(countsQuery);
    expect(after).toEqual([
      { ticker: 'AAPL', mentions: 4, bullish: 0, bearish: 0 },
      { ticker: 'AMD', mentions: 2, bullish: 2, bearish: 0 },
      { ticker: 'NVDA', mentions: 4, bullish: 4, bearish: 0 },
      { ticker: 'TSLA', mentions: 4, bullish: 0, bearish: 4 },
    ]);
    const card = await mentionWindowCounts(store.warehouse, new Date(FIRST_HOUR.getTime() + 20 * 60_000));
    expect(card.find((c) => c.ticker === 'TSLA')).toMatchObject({ mentions: 3, bullish: 0, bearish: 3 });

    // A second run finds nothing to do and changes nothing.
    expect((await rescorer.rescoreHour(FIRST_HOUR)).relabelled).toBe(0);
    expect(await rows(countsQuery)).toEqual(after);
  });
});

describe('a text posted again is read by the transformer once', () => {
  let store: TestWarehouse;
  afterAll(async () => {
    await store?.close();
  });

  it('within a step and across hours, and every post still gets the label of its own text', async () => {
    store = await createTestWarehouse();
    // Six posts an hour for two hours, of three texts: two of them twice in each hour.
    const { posts, mentions } = rescoreFixture(FIRST_HOUR, 2, 'learned-test');
    const text = (i: number) => posts[i % 3]!.text;
    await insertPosts(
      store.warehouse,
      posts.map((p, i) => ({ ...p, text: text(i) })),
    );
    await insertMentions(store.warehouse, mentions);
    const calls: string[][] = [];
    /** A stand-in for the threads: bullish for the first text, bearish for the second, neutral for the third. */
    const pool: TransformerPool = {
      version: 'transformer-cache-test',
      async score(texts) {
        calls.push([...texts]);
        return Float32Array.from(
          texts.flatMap(
            (t) =>
              [
                [0, 0, 1],
                [1, 0, 0],
                [0, 1, 0],
              ][[0, 1, 2].find((k) => text(k) === t)!]!,
          ),
        );
      },
      close: async () => {},
    };
    const rescorer = createMentionRescorer({
      warehouse: store.warehouse,
      pool,
      linear: createSentimentAnalyser(loadSentimentModel()),
      // The stand-in's probabilities alone decide the label.
      combination: { transformer: 1, linear: 0, lexicon: 0 },
    });

    expect((await rescorer.rescoreHour(FIRST_HOUR)).relabelled).toBe(6);
    expect(calls).toHaveLength(1);
    expect([...calls[0]!].sort()).toEqual([text(0), text(1), text(2)].sort());
    expect((await rescorer.rescoreHour(new Date(FIRST_HOUR.getTime() + 3_600_000))).relabelled).toBe(6);
    expect(calls).toHaveLength(1);

    const labels = await store.warehouse
      .query({ query: 'SELECT post_id, toString(label) AS label FROM mentions FINAL', format: 'JSONEachRow' })
      .then((r) => r.json<{ post_id: string; label: string }>());
    expect(labels).toHaveLength(mentions.length);
    for (const { post_id, label } of labels)
      expect(label, post_id).toBe(['bullish', 'bearish', 'neutral'][Number(post_id.split('-')[2]) % 3]);
  });
});
