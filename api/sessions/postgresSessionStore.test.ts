import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../tests/support/testStores';
import { createPostgresSessionStore, SESSION_USER_KEY } from './postgresSessionStore';

const DAY = 24 * 3600 * 1000;

describe('Postgres session store, rolling refresh', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase();
  });
  afterAll(async () => t.drop());

  const expireOf = async (sid: string) =>
    new Date((await t.db('sessions').where({ sid }).first('expire')).expire).getTime();
  const backdate = (sid: string) =>
    t
      .db('sessions')
      .where({ sid })
      .update({ expire: new Date(Date.now() + DAY) });

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

  it("reads the session with its user's current role and state in one query", async () => {
    const store = createPostgresSessionStore(t.db);
    const [user] = await t
      .db('users')
      .insert({ email: 'joined@example.com', password_hash: 'x', role: 'admin' })
      .returning<{ id: string }[]>('id');
    await store.set('s3', { userId: user!.id, csrf: 'c' }, 14 * DAY);
    await store.set('s4', { csrf: 'anonymous' }, 14 * DAY);
    await store.set('s5', { userId: 'not-a-uuid' }, 14 * DAY);
    const queries: string[] = [];
    const count = (q: { sql: string }) => queries.push(q.sql);
    t.db.on('query', count);
    expect(await store.get('s3')).toEqual({
      userId: user!.id,
      csrf: 'c',
      [SESSION_USER_KEY]: { id: user!.id, role: 'admin', isActive: true },
    });
    t.db.off('query', count);
    expect(queries).toHaveLength(1);
    await t.db('users').where({ id: user!.id }).update({ role: 'user', is_active: false });
    expect((await store.get('s3'))?.[SESSION_USER_KEY]).toEqual({ id: user!.id, role: 'user', isActive: false });
    expect(await store.get('s4')).toEqual({ csrf: 'anonymous', [SESSION_USER_KEY]: null });
    expect((await store.get('s5'))?.[SESSION_USER_KEY]).toBeNull();
  });

  it('reads sessions asked for together in one query, and each request afresh (a logout shows on the next one)', async () => {
    const store = createPostgresSessionStore(t.db);
    const ids: string[] = [];
    for (const email of ['batch-a@example.com', 'batch-b@example.com']) {
      const [user] = await t.db('users').insert({ email, password_hash: 'x' }).returning<{ id: string }[]>('id');
      ids.push(user!.id);
    }
    await store.set('b1', { userId: ids[0] }, 14 * DAY);
    await store.set('b2', { userId: ids[1] }, 14 * DAY);
    const queries: string[] = [];
    const count = (q: { sql: string }) => queries.push(q.sql);
    t.db.on('query', count);
    const [a, b, again, none] = await Promise.all([
      store.get('b1'),
      store.get('b2'),
      store.get('b1'),
      store.get('no-such-session'),
    ]);
    t.db.off('query', count);
    expect(queries).toHaveLength(1);
    expect(a?.[SESSION_USER_KEY]).toMatchObject({ id: ids[0], isActive: true });
    expect(b?.[SESSION_USER_KEY]).toMatchObject({ id: ids[1], isActive: true });
    expect(again).toEqual(a);
    expect(again).not.toBe(a); // each request its own session object
    expect(none).toBeUndefined();

    await store.destroy('b1');
    expect(await store.get('b1')).toBeUndefined();
    await t.db('users').where({ id: ids[1] }).update({ is_active: false });
    expect((await store.get('b2'))?.[SESSION_USER_KEY]).toMatchObject({ id: ids[1], isActive: false });
  });
});
