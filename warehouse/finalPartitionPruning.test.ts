import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mentionAt } from '../tests/support/mentionRows';
import { createTestWarehouse, type TestWarehouse } from '../tests/support/testStores';
import { insertMentions } from './queries/insertMentions';
import { mentionsFinalByTime } from './queries/mentionsFinalByTime';

describe('a FINAL read of an hour of mentions reads only its partition', () => {
  let store: TestWarehouse;
  const inHour = 'ts >= fromUnixTimestamp64Milli({from:Int64}) AND ts < fromUnixTimestamp64Milli({to:Int64})';
  const hour = { from: new Date('2026-11-20T15:00:00Z'), to: new Date('2026-11-20T16:00:00Z') };
  beforeAll(async () => {
    store = await createTestWarehouse();
    // Three months of mentions, a partition each; one relabelled in the hour read.
    await insertMentions(store.warehouse, [
      { ...mentionAt('GME', Date.parse('2026-09-20T15:10:00Z')), analyser: 'learned-a' },
      { ...mentionAt('GME', Date.parse('2026-10-20T15:10:00Z')), analyser: 'learned-a' },
      { ...mentionAt('GME', Date.parse('2026-11-20T15:10:00Z'), { postId: 'kept' }), analyser: 'learned-a' },
      { ...mentionAt('GME', Date.parse('2026-11-20T15:20:00Z'), { postId: 'relabelled' }), analyser: 'learned-a' },
    ]);
    await insertMentions(store.warehouse, [
      { ...mentionAt('GME', Date.parse('2026-11-20T15:20:00Z'), { postId: 'relabelled' }), analyser: 'transformer-b' },
    ]);
  });
  afterAll(async () => store.close());

  it('prunes the other months (ClickHouse 26.3+ skips that under FINAL unless told not to)', async () => {
    const result = await store.warehouse.query({
      query: `EXPLAIN indexes = 1
              SELECT post_id FROM ${mentionsFinalByTime(inHour)}`,
      query_params: { from: hour.from.getTime(), to: hour.to.getTime() },
      format: 'JSONEachRow',
    });
    const plan = (await result.json<{ explain: string }>()).map((r) => r.explain.trim());
    // Four parts (September, October, November, and November's relabel); the read takes November's two.
    expect(plan).toContain('Parts: 2 | Granules: 2');
    expect(plan.slice(plan.indexOf('Min-Max'))).toContain('Parts: 2/4');
  });

  it('still reads each mention once, as its newest row says', async () => {
    const result = await store.warehouse.query({
      query: `SELECT post_id, analyser FROM ${mentionsFinalByTime(inHour)} ORDER BY post_id`,
      query_params: { from: hour.from.getTime(), to: hour.to.getTime() },
      format: 'JSONEachRow',
    });
    expect(await result.json()).toEqual([
      { post_id: 'kept', analyser: 'learned-a' },
      { post_id: 'relabelled', analyser: 'transformer-b' },
    ]);
  });
});
