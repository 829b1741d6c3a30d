import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../tests/support/testStores';
import { createPostgresSessionStore } from './postgresSessionStore';

const DAY = 24 * 3600 * 1000;

describe('Postgres session store, rolling refresh', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase();
  });
  afterAll(async () => t.drop());

  const expireOf = async (sid: string) => new Date((await t.db('sessions').where({ sid }).first('expire')).expire).getTime();
  const backdate = (sid: string) => t.db('sessions').where({ sid }).update({ expire: new Date(Date.now() + DAY) });

  it('moves the expiry at most once per touch interval, and again after it', async () => {
    const store = createPostgresSessionStore(t.db, { touchIntervalMs: 300 });
    await store.set('s1', { userId: 'u1' }, 14 * DAY);
    await backdate('s1');
    await store.set('s1', { userId: 'u1' }, 14 * DAY, { changed: false });
    expect(await expireOf('s1')).toBeLessThan(Date.now() + 2 * DAY); // written at creation: within the interval
    await new Promise((r) => setTimeout(r, 350));
    await store.set('s1', { userId: 'u1' }, 14 * DAY, { changed: false });
    expect(await expireOf('s1')).toBeGreaterThan(Date.now() + 13 * DAY);
  });

  it('a refresh never brings a destroyed session back', async () => {
    const store = createPostgresSessionStore(t.db, { touchIntervalMs: 0 });
    await store.set('s2', { userId: 'u2' }, 14 * DAY);
    await store.destroy('s2');
    await store.set('s2', { userId: 'u2' }, 14 * DAY, { changed: false });
    expect(await store.get('s2')).toBeUndefined();
  });
});
