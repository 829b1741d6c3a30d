import { describe, expect, it } from 'vitest';
import type { Warehouse } from '../client';
import { relabelMentions } from './relabelMentions';

describe('relabelMentions', () => {
  it('waits for the shards: the insert is done everywhere before the drop that follows reads the labels', async () => {
    // No cluster runs here: the request sent is checked (the chDB tests of the re-score run the same insert).
    const sent: Array<{ query: string; clickhouse_settings?: Record<string, unknown> }> = [];
    const recorder = {
      command: async (params: (typeof sent)[number]) => {
        sent.push(params);
        return { query_id: '' };
      },
    } as unknown as Warehouse;
    const window = { from: new Date('2026-11-20T10:00:00Z'), to: new Date('2026-11-20T11:00:00Z'), analyser: 't' };
    await relabelMentions(recorder, window, [{ platform: 'x', post_id: '1', label: 'bullish', compound: 0.5 }]);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.query).toMatch(/^INSERT INTO mentions /);
    expect(sent[0]!.clickhouse_settings).toEqual({ distributed_foreground_insert: 1 });
    await relabelMentions(recorder, window, []);
    expect(sent).toHaveLength(1);
  });
});
