import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../tests/support/testStores';
import { purgeSpentAccountTokens, replaceAccountToken, useAccountToken } from './accountTokens';
import { insertUser } from './users';

describe('account tokens on real Postgres', () => {
  let database: TestDatabase;
  const db = () => database.db;

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => database?.drop());

  it('purges tokens used or expired before the cut-off, and keeps live ones and recently spent ones', async () => {
    const now = Date.now();
    const hour = 3_600_000;
    const at = (offset: number) => new Date(now + offset);
    const users = await Promise.all(
      ['a', 'b', 'c', 'd'].map((n) => insertUser(db(), { email: `${n}-${now}@example.com`, password_hash: 'x' })),
    );
    const [usedLongAgo, expiredLongAgo, live, usedRecently] = users.map((u) => u.id);
    await replaceAccountToken(db(), {
      userId: usedLongAgo!,
      purpose: 'verify_email',
      hash: `h1-${now}`,
      target: null,
      expiresAt: at(24 * hour),
    });
    await replaceAccountToken(db(), {
      userId: expiredLongAgo!,
      purpose: 'reset_password',
      hash: `h2-${now}`,
      target: null,
      expiresAt: at(-30 * hour),
    });
    await replaceAccountToken(db(), {
      userId: live!,
      purpose: 'verify_email',
      hash: `h3-${now}`,
      target: null,
      expiresAt: at(24 * hour),
    });
    await replaceAccountToken(db(), {
      userId: usedRecently!,
      purpose: 'verify_email',
      hash: `h4-${now}`,
      target: null,
      expiresAt: at(24 * hour),
    });
    expect(await useAccountToken(db(), 'verify_email', `h1-${now}`, at(-30 * hour))).toBeDefined();
    expect(await useAccountToken(db(), 'verify_email', `h4-${now}`, at(-hour))).toBeDefined();

    expect(await purgeSpentAccountTokens(db(), at(-24 * hour))).toBe(2);
    const left = await db()('account_tokens')
      .whereIn(
        'user_id',
        users.map((u) => u.id),
      )
      .pluck('token_hash');
    expect(left.sort()).toEqual([`h3-${now}`, `h4-${now}`]);
    expect(await useAccountToken(db(), 'verify_email', `h3-${now}`, at(0))).toBeDefined();
  });
});
