import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../tests/support/testStores';
import {
  activeSourceLists,
  allPlatformSettings,
  insertMissingPlatformSettings,
  upsertPlatformSetting,
} from './platformSettings';
import { saveSourceCursor, saveSourceError, sourceCursor } from './sourceCursors';

describe('source lists and cursors on real Postgres', () => {
  let database: TestDatabase;
  const db = () => database.db;

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => database?.drop());

  it('inserts missing lists only, never overwriting a stored one', async () => {
    expect(
      await insertMissingPlatformSettings(db(), [
        { platform: 'reddit', settingType: 'subreddits', values: ['stocks'] },
      ]),
    ).toBe(1);
    await upsertPlatformSetting(db(), 'reddit', 'subreddits', ['options']);
    expect(
      await insertMissingPlatformSettings(db(), [
        { platform: 'reddit', settingType: 'subreddits', values: ['stocks'] },
        { platform: 'twitter', settingType: 'hashtags', values: ['#NVDA'] },
      ]),
    ).toBe(1);
    expect((await allPlatformSettings(db())).map((r) => [r.platform, r.setting_type, r.values])).toEqual([
      ['reddit', 'subreddits', ['options']],
      ['twitter', 'hashtags', ['#NVDA']],
    ]);
    await db()('platform_settings').where({ platform: 'twitter' }).update({ is_active: false });
    expect(await activeSourceLists(db(), ['reddit', 'twitter'])).toEqual([
      { platform: 'reddit', setting_type: 'subreddits', values: ['options'] },
    ]);
  });

  it('moves a cursor idempotently; an error keeps the cursor, and the next good scan clears the error', async () => {
    const key = { platform: 'reddit', settingType: 'subreddits', source: 'stocks' };
    expect(await sourceCursor(db(), key)).toBeNull();
    await saveSourceCursor(db(), key, '{"v":1}', new Date());
    await saveSourceCursor(db(), key, '{"v":1}', new Date());
    await saveSourceError(db(), key, 'bad credentials', new Date());
    expect(await sourceCursor(db(), key)).toBe('{"v":1}');
    expect(await db()('source_cursors').select('cursor', 'last_error')).toEqual([
      { cursor: '{"v":1}', last_error: 'bad credentials' },
    ]);
    await saveSourceCursor(db(), key, '{"v":2}', new Date());
    expect(await db()('source_cursors').select('cursor', 'last_error')).toEqual([
      { cursor: '{"v":2}', last_error: null },
    ]);
  });
});
