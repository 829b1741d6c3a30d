import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mentionAt, MINUTE } from '../tests/support/mentionRows';
import { connectWarehouse, type Warehouse } from './client';
import { migrateWarehouse, renderMigrations } from './migrate';
import { insertMentions, MENTION_COLUMNS, type MentionRow } from './queries/insertMentions';
import { insertTabSeparated } from './queries/insertTabSeparated';
import { recentMentionActivity } from './queries/recentMentionActivity';

/** Rows written as the code before the per-mention minute rows wrote them: straight into `mentions`. */
const insertIntoMentions = (warehouse: Warehouse, rows: readonly MentionRow[]) =>
  insertTabSeparated(warehouse, 'mentions', MENTION_COLUMNS, rows, rows.length);

describe('upgrading a store written before the per-mention minute rows (migrations 013-015)', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stockpulse-upgrade-'));
  let warehouse: Warehouse;
  const now = Date.parse('2026-11-20T15:30:00Z');
  const before = [
    mentionAt('GME', now - 10 * MINUTE, { label: 'bullish', author: 1 }),
    mentionAt('GME', now - 10 * MINUTE, { label: 'bearish', author: 1 }),
    mentionAt('AMC', now - 5 * MINUTE, { platform: 'x', author: 2 }),
  ];

  beforeAll(async () => {
    warehouse = await connectWarehouse({ user: 'default', password: '', database: 'upgrade', chdbPath: dir });
    // The schema as it stood after migration 012, with mentions written into it.
    for (const { version, statements } of renderMigrations()) {
      if (version >= '013') break;
      for (const statement of statements) await warehouse.command({ query: statement });
      if (version !== '000_schema_migrations')
        await warehouse.insert({ table: 'schema_migrations', values: [{ version }], format: 'JSONEachRow' });
    }
    await insertIntoMentions(warehouse, before);
    // A retried write of the same mention.
    await insertIntoMentions(warehouse, before.slice(0, 1));
  });
  afterAll(async () => {
    await warehouse.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('derives one minute row per stored mention, drops the hour sets, and counts as before', async () => {
    const old = await recentMentionActivityBefore(warehouse, now - 60 * MINUTE);
    expect(old).toEqual([
      { ticker: 'AMC', mentions: 1, bullish: 0, bearish: 0, authors: 1 },
      { ticker: 'GME', mentions: 2, bullish: 1, bearish: 1, authors: 1 },
    ]);
    expect(await migrateWarehouse(warehouse)).toEqual([
      '013_minute_post_rows',
      '014_hours_from_minute_rows',
      '015_mention_inserts',
    ]);
    const tables = await warehouse.query({
      query: `SELECT name FROM system.tables WHERE database = currentDatabase() AND name LIKE 'mention_hours%'`,
      format: 'JSONEachRow',
    });
    expect(await tables.json()).toEqual([]);
    const activity = await recentMentionActivity(warehouse, new Date(now - 60 * MINUTE));
    expect(activity.sort((a, b) => a.ticker.localeCompare(b.ticker))).toEqual(old);

    // New writes go through mention_inserts and count with the old ones.
    await insertMentions(warehouse, [mentionAt('AMC', now - 2 * MINUTE, { label: 'bearish', author: 3 })]);
    const after = await recentMentionActivity(warehouse, new Date(now - 60 * MINUTE));
    expect(after.find((a) => a.ticker === 'AMC')).toEqual({
      ticker: 'AMC',
      mentions: 2,
      bullish: 0,
      bearish: 1,
      authors: 2,
    });
  });
});

/** What the per-minute sets of the old schema said, read as the old query read them. */
async function recentMentionActivityBefore(warehouse: Warehouse, sinceMs: number) {
  const result = await warehouse.query({
    query: `SELECT ticker, uniqExactMerge(mentions) AS mentions, uniqExactIfMerge(bullish) AS bullish,
                   uniqExactIfMerge(bearish) AS bearish, uniqExactMerge(authors) AS authors
            FROM mention_minutes WHERE minute >= toStartOfMinute(fromUnixTimestamp64Milli({since:Int64}))
            GROUP BY ticker ORDER BY ticker`,
    query_params: { since: sinceMs },
    format: 'JSONEachRow',
  });
  return await result.json();
}
