import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeyListSchema, apiKeyPattern, createdApiKeySchema, topApiKeysSchema } from '../../core/contracts/apiKeys';
import { problemDetailsSchema } from '../../core/contracts/errors';
import {
  csvColumns,
  v1AlertOutcomePageSchema,
  v1AlertOutcomeSchema,
  v1MentionBucketSchema,
  v1MentionPageSchema,
  v1PostPageSchema,
  v1PostSchema,
  v1StockDetailSchema,
  v1StockPageSchema,
  v1StockSchema,
  v1TrendingListSchema,
  v1TrendingSchema,
} from '../../core/contracts/publicApi';
import { seedTickerUniverse } from '../../seed/tickerUniverse';
import { HOUR, MINUTE, mentionAt } from '../../tests/support/mentionRows';
import { signedInCookie } from '../../tests/support/signIn';
import { startTestApp, type TestApp } from '../../tests/support/testApp';
import { ensureStockRows } from '../../warehouse/postgres/stocks';
import { insertMentions } from '../../warehouse/queries/insertMentions';
import { insertPosts } from '../../warehouse/queries/insertPosts';
import { insertTrendScores } from '../../warehouse/queries/insertTrendScores';
import { DEFAULT_API_KEY_CACHE_MS } from '../apiKeys/apiKeyCallerCache';
import { createApiKeyChecks } from '../apiKeys/apiKeyChecks';
import { buildApp } from '../app';
import { PUBLIC_API_ENDPOINTS } from '../publicApi/publicApiEndpoints';

const RATE_HEADERS = ['ratelimit-limit', 'ratelimit-remaining', 'ratelimit-reset', 'ratelimit-policy'];

describe('public API /api/v1 with API keys from Settings, over real Postgres and chDB', () => {
  let t: TestApp;
  let alice: string; // trial subscriber's session cookie
  let bob: string; // Pro subscriber's session cookie
  let aliceKey: string;
  let bobKey: string;
  const now = Date.now();
  // The hour the test's recent mentions lie in: one that began at least 10 minutes ago, so every mention is in the past
  // and inside the 4-hour range whatever the time of day.
  const hourStart = Math.floor((now - 10 * MINUTE) / HOUR) * HOUR;
  const userId = async (email: string) =>
    (await t.database.db('users').where({ email }).first<{ id: string }>('id'))!.id;
  const v1 = (path: string, key?: string) => {
    const req = request(t.server).get(path);
    return key ? req.set('Authorization', `Bearer ${key}`) : req;
  };
  const createKey = async (cookie: string, name: string) => {
    const res = await request(t.server).post('/api/api-keys').set('Cookie', cookie).send({ name });
    expect(res.status).toBe(201);
    return createdApiKeySchema.parse(res.body);
  };
  const expectRateHeaders = (res: request.Response) => {
    for (const h of RATE_HEADERS) expect(res.headers[h], h).toBeDefined();
    expect(Number(res.headers['ratelimit-remaining'])).toBeGreaterThanOrEqual(0);
  };
  const expectProblem = (res: request.Response, status: number, detail: RegExp) => {
    expect(res.status).toBe(status);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    const problem = problemDetailsSchema.parse(res.body);
    expect(problem.status).toBe(status);
    expect(problem.detail).toMatch(detail);
  };

  beforeAll(async () => {
    t = await startTestApp({ dashboardCacheMs: 0, apiKeyLimits: { perMinute: 1000, perDay: 100_000 } });
    const db = t.database.db;
    await seedTickerUniverse(db);
    alice = await signedInCookie(t, 'alice-api@example.com');
    bob = await signedInCookie(t, 'bob-api@example.com');
    await db('users')
      .where({ email: 'alice-api@example.com' })
      .update({ subscription_status: 'trialing', trial_end_date: new Date(now + 7 * 24 * HOUR) });
    await db('users').where({ email: 'bob-api@example.com' }).update({ subscription_status: 'active' });

    const w = t.deps.warehouse;
    // NVDA: two bullish, one bearish and one neutral mention in that hour; one neutral five hours before.
    await insertMentions(w, [
      mentionAt('NVDA', hourStart + 1 * MINUTE, { platform: 'reddit', label: 'bullish', postId: 'n1' }),
      mentionAt('NVDA', hourStart + 2 * MINUTE, { platform: 'twitter', label: 'bullish', postId: 'n2' }),
      mentionAt('NVDA', hourStart + 3 * MINUTE, { platform: 'reddit', label: 'bearish', postId: 'n3' }),
      mentionAt('NVDA', hourStart + 3 * MINUTE, { platform: 'youtube', label: 'neutral', postId: 'n4' }),
      mentionAt('NVDA', hourStart - 5 * HOUR + 5 * MINUTE, { platform: 'reddit', label: 'neutral', postId: 'n5' }),
      mentionAt('AAPL', hourStart + 4 * MINUTE, { platform: 'reddit', label: 'bearish', postId: 'a1' }),
    ]);
    const post = (id: string, at: number, text: string) => ({
      platform: 'reddit',
      post_id: id,
      source: 'r/stocks',
      author_hash: '00000000000000aa',
      ts: new Date(at).toISOString(),
      title: '',
      text,
      url: `https://www.reddit.com/r/stocks/comments/${id}`,
      engagement: 1,
      simulated: false,
    });
    await insertPosts(w, [
      post('n1', hourStart + MINUTE, '=HYPERLINK("x") $NVDA to the moon'),
      { ...post('n2', hourStart + 2 * MINUTE, 'NVDA calls'), platform: 'twitter' },
      post('n3', hourStart + 3 * MINUTE, 'NVDA looks toppy'),
      { ...post('n4', hourStart + 3 * MINUTE, 'NVDA earnings recap'), platform: 'youtube' },
      post('n5', hourStart - 5 * HOUR + 5 * MINUTE, 'NVDA, thoughts?'),
    ]);
    await ensureStockRows(db, ['NVDA', 'AAPL']);
    await db('stocks').where({ ticker: 'NVDA' }).update({ price: '181.24', change_percent: '2.31' });
    const detectedAt = new Date(now - 5 * MINUTE);
    await db('trending_stocks').insert({
      ticker: 'NVDA',
      name: 'NVIDIA Corporation',
      trend_score: 74,
      mention_velocity: '4.00',
      sentiment_score: '0.25',
      sentiment: 'bullish',
      is_new_trend: true,
      detected_at: detectedAt,
      last_updated: detectedAt,
    });
    await insertTrendScores(w, [
      {
        ticker: 'NVDA',
        detectedAt,
        mentions: 4,
        authors: 4,
        baselineMean: 0.5,
        baselineStddev: 0.7,
        z: 5.1,
        trendScore: 74,
        sentimentScore: 0.25,
        trending: true,
      },
    ]);
    // Each user's own alert firings.
    const [aliceId, bobId] = [await userId('alice-api@example.com'), await userId('bob-api@example.com')];
    await db('alert_outcomes').insert([
      {
        firing_key: 'a-1',
        user_id: aliceId,
        ticker: 'NVDA',
        kind: 'threshold',
        fired_at: new Date(now - 3 * HOUR),
        price_at_fire: 170,
        price_15m: 171.7,
      },
      { firing_key: 'a-2', user_id: aliceId, ticker: 'AAPL', kind: 'threshold', fired_at: new Date(now - 2 * HOUR) },
      { firing_key: 'a-3', user_id: aliceId, ticker: 'NVDA', kind: 'trending', fired_at: new Date(now - HOUR) },
      { firing_key: 'b-1', user_id: bobId, ticker: 'TSLA', kind: 'threshold', fired_at: new Date(now - HOUR) },
    ]);
    aliceKey = (await createKey(alice, 'spreadsheet')).secret;
    bobKey = (await createKey(bob, 'bot')).secret;
  });
  afterAll(async () => t?.close());

  it('creates a key through Settings, shows it once, and lists it without the secret', async () => {
    const created = await createKey(alice, 'my script');
    expect(created.secret).toMatch(apiKeyPattern);
    expect(created.prefix).toBe(created.secret.slice(0, 12));
    const list = await request(t.server).get('/api/api-keys').set('Cookie', alice);
    expect(list.status).toBe(200);
    const keys = apiKeyListSchema.parse(list.body);
    expect(keys).toMatchObject({ maxKeys: 5, limits: { perMinute: 1000, perDay: 100_000 }, canUseKeys: true });
    expect(keys.keys.map((k) => k.name)).toEqual(['spreadsheet', 'my script']);
    expect(JSON.stringify(list.body)).not.toContain(created.secret);
    // Only the hash is stored.
    const rows = await t.database.db('api_keys').select('key_hash', 'key_prefix');
    expect(JSON.stringify(rows)).not.toContain(created.secret);
    expect(rows.every((r: { key_hash: string }) => /^[0-9a-f]{64}$/.test(r.key_hash))).toBe(true);
  });

  it('answers the stock list, sorted and paged, within its contract, with the limit headers', async () => {
    const res = await v1('/api/v1/stocks?range=4hours&sort=mentions&limit=1', aliceKey);
    expect(res.status).toBe(200);
    expectRateHeaders(res);
    const page = v1StockPageSchema.parse(res.body);
    expect(page.data).toHaveLength(1);
    expect(page.data[0]).toMatchObject({
      ticker: 'NVDA',
      name: 'NVIDIA Corporation',
      price: 181.24,
      changePercent: 2.31,
      mentions: { total: 4, reddit: 2, twitter: 1, youtube: 1 },
      trendScore: 74,
    });
    expect(page.nextCursor).not.toBeNull();
    expect(res.headers.link).toContain('rel="next"');
    const next = await v1(`/api/v1/stocks?range=4hours&sort=mentions&limit=1&cursor=${page.nextCursor}`, aliceKey);
    const second = v1StockPageSchema.parse(next.body);
    expect(second.data.map((s) => s.ticker)).toEqual(['AAPL']);
    expect(second.nextCursor).toBeNull();
    // A cursor of another sort, or garbage, is a 400 naming cursor.
    expectProblem(
      await v1(`/api/v1/stocks?range=4hours&sort=ticker&cursor=${page.nextCursor}`, aliceKey),
      400,
      /cursor/,
    );
    const garbage = await v1('/api/v1/stocks?cursor=%7B%7D', aliceKey);
    expectProblem(garbage, 400, /cursor/);
    expect(garbage.body.field).toBe('cursor');
    expectRateHeaders(garbage);
    expectProblem(await v1('/api/v1/stocks?sort=random', aliceKey), 400, /sort must be one of/);
  });

  it('answers one stock with counts per platform, sentiment shares, trend and z-score, price', async () => {
    const res = await v1('/api/v1/stocks/nvda?range=4hours', aliceKey);
    expect(res.status).toBe(200);
    expectRateHeaders(res);
    const stock = v1StockDetailSchema.parse(res.body);
    expect(stock).toMatchObject({
      ticker: 'NVDA',
      price: 181.24,
      mentions: { total: 4, reddit: 2, twitter: 1, youtube: 1, tiktok: 0, instagram: 0 },
      sentiment: {
        counts: { bullish: 2, bearish: 1, neutral: 1 },
        shares: { bullish: 0.5, bearish: 0.25, neutral: 0.25 },
      },
      trend: { score: 74, trending: true, zScore: 5.1 },
    });
    const unknown = await v1('/api/v1/stocks/ZZZZZ', aliceKey);
    expectProblem(unknown, 404, /Unknown ticker ZZZZZ/);
    expectRateHeaders(unknown);
  });

  it('answers the mention series per hour with sentiment counts, every bucket present, paged', async () => {
    const from = new Date(hourStart - 5 * HOUR).toISOString();
    const to = new Date(hourStart + HOUR).toISOString();
    const res = await v1(`/api/v1/stocks/NVDA/mentions?from=${from}&to=${to}&interval=hour&limit=2`, aliceKey);
    expect(res.status).toBe(200);
    expectRateHeaders(res);
    const first = v1MentionPageSchema.parse(res.body);
    expect(first.data).toEqual([
      { timestamp: from, mentions: 1, bullish: 0, bearish: 0, neutral: 1 },
      { timestamp: new Date(hourStart - 4 * HOUR).toISOString(), mentions: 0, bullish: 0, bearish: 0, neutral: 0 },
    ]);
    const rest = v1MentionPageSchema.parse(
      (await v1(`/api/v1/stocks/NVDA/mentions?interval=hour&cursor=${first.nextCursor}`, aliceKey)).body,
    );
    expect(rest.data.map((b) => b.mentions)).toEqual([0, 0, 0, 4]);
    expect(rest.data.at(-1)).toEqual({
      timestamp: new Date(hourStart).toISOString(),
      mentions: 4,
      bullish: 2,
      bearish: 1,
      neutral: 1,
    });
    expect(rest.nextCursor).toBeNull();
    const minutes = v1MentionPageSchema.parse(
      (
        await v1(
          `/api/v1/stocks/NVDA/mentions?from=${new Date(hourStart).toISOString()}&to=${new Date(hourStart + 4 * MINUTE).toISOString()}&interval=minute`,
          aliceKey,
        )
      ).body,
    );
    expect(minutes.data.map((b) => b.mentions)).toEqual([0, 1, 1, 2]);
    const days = v1MentionPageSchema.parse(
      (await v1('/api/v1/stocks/NVDA/mentions?interval=day&limit=1000', aliceKey)).body,
    );
    expect(days.data.reduce((n, b) => n + b.mentions, 0)).toBe(5);
    expectProblem(
      await v1(`/api/v1/stocks/NVDA/mentions?from=${to}&to=${from}`, aliceKey),
      400,
      /from must be before to/,
    );
    expectProblem(await v1('/api/v1/stocks/NVDA/mentions?from=yesterday', aliceKey), 400, /ISO 8601/);
    expectProblem(await v1('/api/v1/stocks/NVDA/mentions?interval=week', aliceKey), 400, /interval must be one of/);
  });

  it('answers posts newest first with label and score, paged by cursor', async () => {
    const res = await v1('/api/v1/stocks/NVDA/posts?limit=2', aliceKey);
    expect(res.status).toBe(200);
    expectRateHeaders(res);
    const page = v1PostPageSchema.parse(res.body);
    // n3 and n4 share their minute: the platform breaks the tie (descending), so pages never overlap.
    expect(page.data.map((p) => [p.id, p.sentiment])).toEqual([
      ['youtube:n4', 'neutral'],
      ['reddit:n3', 'bearish'],
    ]);
    const next = v1PostPageSchema.parse(
      (await v1(`/api/v1/stocks/NVDA/posts?limit=2&cursor=${page.nextCursor}`, aliceKey)).body,
    );
    expect(next.data.map((p) => [p.id, p.sentiment])).toEqual([
      ['twitter:n2', 'bullish'],
      ['reddit:n1', 'bullish'],
    ]);
    const last = v1PostPageSchema.parse(
      (await v1(`/api/v1/stocks/NVDA/posts?limit=2&cursor=${next.nextCursor}`, aliceKey)).body,
    );
    expect(last.data.map((p) => p.id)).toEqual(['reddit:n5']);
    expect(last.nextCursor).toBeNull();
  });

  it('answers what is trending with the z-score behind it', async () => {
    const res = await v1('/api/v1/trending', aliceKey);
    expect(res.status).toBe(200);
    expectRateHeaders(res);
    expect(v1TrendingListSchema.parse(res.body).data).toEqual([
      expect.objectContaining({
        ticker: 'NVDA',
        trendScore: 74,
        zScore: 5.1,
        mentionsLastHour: 4,
        baselineMean: 0.5,
        mentionVelocity: 4,
        isNewTrend: true,
      }),
    ]);
  });

  it("answers each caller's own alert outcomes only, paged", async () => {
    const res = await v1('/api/v1/alerts/outcomes?limit=2', aliceKey);
    expect(res.status).toBe(200);
    expectRateHeaders(res);
    const page = v1AlertOutcomePageSchema.parse(res.body);
    expect(page.data.map((o) => o.ticker)).toEqual(['NVDA', 'AAPL']);
    const rest = v1AlertOutcomePageSchema.parse(
      (await v1(`/api/v1/alerts/outcomes?limit=2&cursor=${page.nextCursor}`, aliceKey)).body,
    );
    expect(rest.data).toEqual([
      expect.objectContaining({ ticker: 'NVDA', priceAtFire: 170, later: expect.objectContaining({ m15: 171.7 }) }),
    ]);
    const bobs = v1AlertOutcomePageSchema.parse((await v1('/api/v1/alerts/outcomes', bobKey)).body);
    expect(bobs.data.map((o) => o.ticker)).toEqual(['TSLA']);
  });

  it('answers every list and series as CSV on ?format=csv or Accept: text/csv', async () => {
    const from = new Date(hourStart - 5 * HOUR).toISOString();
    const cases = [
      ['/api/v1/stocks?range=4hours', v1StockSchema],
      [`/api/v1/stocks/NVDA/mentions?from=${from}&interval=hour`, v1MentionBucketSchema],
      ['/api/v1/stocks/NVDA/posts', v1PostSchema],
      ['/api/v1/trending', v1TrendingSchema],
      ['/api/v1/alerts/outcomes', v1AlertOutcomeSchema],
    ] as const;
    for (const [path, row] of cases) {
      const byQuery = await v1(`${path}${path.includes('?') ? '&' : '?'}format=csv`, aliceKey);
      const byAccept = await v1(path, aliceKey).set('Accept', 'text/csv');
      for (const res of [byQuery, byAccept]) {
        expect(res.status, path).toBe(200);
        expect(res.headers['content-type']).toMatch(/^text\/csv/);
        expectRateHeaders(res);
        const lines = res.text.trim().split('\n');
        expect(lines[0]).toBe(csvColumns(row).join(','));
        expect(lines.length).toBeGreaterThan(1);
      }
    }
    const stocks = (await v1('/api/v1/stocks?range=4hours&sort=ticker&format=csv', aliceKey)).text.trim().split('\n');
    expect(stocks[2]).toMatch(/^NVDA,NVIDIA Corporation,181\.24,2\.31,4,2,1,1,0,0,1,bullish,/);
    // A post that reads like a spreadsheet formula is written as text.
    const posts = (await v1('/api/v1/stocks/NVDA/posts?format=csv', aliceKey)).text;
    expect(posts).toContain(`"'=HYPERLINK(""x"") $NVDA to the moon"`);
  });

  it('refuses missing, malformed, unknown and revoked keys (401), and a cookie alone never authenticates', async () => {
    const none = await v1('/api/v1/stocks');
    expectProblem(none, 401, /Authorization header/);
    expect(none.headers['www-authenticate']).toMatch(/^Bearer/);
    expectProblem(await v1('/api/v1/stocks').set('Authorization', 'Basic dXNlcjpwYXNz'), 401, /Bearer/);
    expectProblem(await v1('/api/v1/stocks', 'sp_live_short'), 401, /Malformed API key/);
    expectProblem(await v1('/api/v1/stocks', `sp_live_${'A'.repeat(43)}`), 401, /Unknown API key/);
    // Signed-in cookies (a user's, an admin's) do not open /api/v1.
    expectProblem(await v1('/api/v1/stocks').set('Cookie', alice), 401, /Authorization header/);
    const admin = await signedInCookie(t, 'admin-api@example.com', 'admin');
    expectProblem(await v1('/api/v1/alerts/outcomes').set('Cookie', admin), 401, /Authorization header/);
    // No session is started or touched on /api/v1.
    expect((await v1('/api/v1/stocks', aliceKey).set('Cookie', alice)).headers['set-cookie']).toBeUndefined();

    const doomed = await createKey(alice, 'doomed');
    expect((await v1('/api/v1/trending', doomed.secret)).status).toBe(200);
    const revoke = await request(t.server).delete(`/api/api-keys/${doomed.id}`).set('Cookie', alice);
    expect(revoke.status).toBe(200);
    expectProblem(await v1('/api/v1/trending', doomed.secret), 401, /revoked/);
    // Revoking another user's key, or one already revoked, finds nothing.
    expect((await request(t.server).delete(`/api/api-keys/${doomed.id}`).set('Cookie', bob)).status).toBe(404);
    expect((await request(t.server).delete(`/api/api-keys/${doomed.id}`).set('Cookie', alice)).status).toBe(404);
    expect((await request(t.server).delete('/api/api-keys/abc').set('Cookie', alice)).status).toBe(404);
  });

  it('refuses a key revoked by this process on the next call, and one revoked by another process within 2 s', async () => {
    // This process reuses key look-ups for the default time; the test app (its own checks, no reuse) stands for another process.
    const checks = createApiKeyChecks(t.database.db);
    try {
      const here = buildApp({ ...t.deps, apiKeyChecks: checks }).callback();
      const call = (key: string) => request(here).get('/api/v1/trending').set('Authorization', `Bearer ${key}`);

      const local = await createKey(alice, 'revoked here');
      expect((await call(local.secret)).status).toBe(200);
      expect((await request(here).delete(`/api/api-keys/${local.id}`).set('Cookie', alice)).status).toBe(200);
      expectProblem(await call(local.secret), 401, /revoked/);

      const remote = await createKey(alice, 'revoked elsewhere');
      expect((await call(remote.secret)).status).toBe(200);
      expect((await request(t.server).delete(`/api/api-keys/${remote.id}`).set('Cookie', alice)).status).toBe(200);
      const revokedAt = Date.now();
      // The look-up this process made before the revocation may still be served, for at most its reuse time: no
      // call that starts later than that after the revocation is served.
      let servedLast = revokedAt;
      for (;;) {
        const started = Date.now();
        const res = await call(remote.secret);
        if (res.status !== 200) {
          expectProblem(res, 401, /revoked/);
          break;
        }
        servedLast = started;
        expect(started - revokedAt).toBeLessThan(DEFAULT_API_KEY_CACHE_MS);
        await new Promise((r) => setTimeout(r, 50));
      }
      expect(servedLast - revokedAt).toBeLessThan(DEFAULT_API_KEY_CACHE_MS);
    } finally {
      await checks.close();
    }
  });

  it('answers 402 once the subscription ends, and 403 for a deactivated account', async () => {
    const carol = await signedInCookie(t, 'carol-api@example.com');
    await t.database.db('users').where({ email: 'carol-api@example.com' }).update({ subscription_status: 'active' });
    const key = (await createKey(carol, 'ending')).secret;
    expect((await v1('/api/v1/trending', key)).status).toBe(200);
    await t.database.db('users').where({ email: 'carol-api@example.com' }).update({ subscription_status: 'cancelled' });
    expectProblem(await v1('/api/v1/trending', key), 402, /subscription is not active \(cancelled\)/);
    // A card-free trial past its end, not yet swept to expired.
    await t.database
      .db('users')
      .where({ email: 'carol-api@example.com' })
      .update({ subscription_status: 'trialing', trial_end_date: new Date(now - HOUR) });
    expectProblem(await v1('/api/v1/trending', key), 402, /free trial has ended/);
    const list = apiKeyListSchema.parse((await request(t.server).get('/api/api-keys').set('Cookie', carol)).body);
    expect(list.canUseKeys).toBe(false);
    // No new key without a subscription.
    expect((await request(t.server).post('/api/api-keys').set('Cookie', carol).send({ name: 'x' })).status).toBe(402);
    await t.database
      .db('users')
      .where({ email: 'carol-api@example.com' })
      .update({ subscription_status: 'active', is_active: false });
    expectProblem(await v1('/api/v1/trending', key), 403, /deactivated/);
  });

  it('caps live keys at 5, names them, and deletes them with the account', async () => {
    const dave = await signedInCookie(t, 'dave-api@example.com');
    await t.database.db('users').where({ email: 'dave-api@example.com' }).update({ subscription_status: 'active' });
    const bad = await request(t.server).post('/api/api-keys').set('Cookie', dave).send({ name: '  ' });
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('name');
    const keys = [];
    for (let i = 0; i < 5; i++) keys.push(await createKey(dave, `key ${i}`));
    const sixth = await request(t.server).post('/api/api-keys').set('Cookie', dave).send({ name: 'one too many' });
    expect(sixth.status).toBe(409);
    await request(t.server).delete(`/api/api-keys/${keys[0]!.id}`).set('Cookie', dave);
    await createKey(dave, 'replacement');
    expect(
      (
        await request(t.server)
          .delete('/api/user/account')
          .set('Cookie', dave)
          .send({ currentPassword: 'test-password' })
      ).status,
    ).toBe(200);
    expectProblem(await v1('/api/v1/trending', keys[1]!.secret), 401, /Unknown API key/);
    expect(
      await t.database.db('api_keys').whereIn(
        'id',
        keys.map((k) => k.id),
      ),
    ).toEqual([]);
  });

  it('records usage per key per day for Settings, and the admin sees the top keys', async () => {
    const erin = await signedInCookie(t, 'erin-api@example.com');
    await t.database.db('users').where({ email: 'erin-api@example.com' }).update({ subscription_status: 'active' });
    const key = await createKey(erin, 'usage');
    for (let i = 0; i < 3; i++) await v1('/api/v1/trending', key.secret);
    const listed = apiKeyListSchema.parse((await request(t.server).get('/api/api-keys').set('Cookie', erin)).body)
      .keys[0]!;
    expect(listed.requestsToday).toBe(3);
    expect(listed.usage).toEqual([{ day: new Date().toISOString().slice(0, 10), requests: 3 }]);
    expect(listed.lastUsedAt).not.toBeNull();
    // Download My Data lists the key and its use, never the key itself.
    const exported = await request(t.server).get('/api/user/export').set('Cookie', erin);
    expect(exported.body.apiKeys).toEqual([expect.objectContaining({ id: key.id, name: 'usage', requestsToday: 3 })]);
    expect(exported.text).not.toContain(key.secret);
    const admin = await signedInCookie(t, 'top-admin@example.com', 'admin');
    const top = await request(t.server).get('/api/admin/api-keys').set('Cookie', admin);
    expect(top.status).toBe(200);
    expect(topApiKeysSchema.parse(top.body).keys).toContainEqual(
      expect.objectContaining({ id: key.id, userEmail: 'erin-api@example.com', requests: 3, revoked: false }),
    );
    expect((await request(t.server).get('/api/admin/api-keys').set('Cookie', erin)).status).toBe(403);
  });

  it('allows GET from any origin (CORS) and answers the preflight without a key', async () => {
    const preflight = await request(t.server)
      .options('/api/v1/stocks')
      .set('Origin', 'https://sheets.example')
      .set('Access-Control-Request-Method', 'GET')
      .set('Access-Control-Request-Headers', 'authorization');
    expect(preflight.status).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('*');
    expect(preflight.headers['access-control-allow-headers']).toMatch(/Authorization/i);
    const res = await v1('/api/v1/trending', aliceKey).set('Origin', 'https://sheets.example');
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers['access-control-expose-headers']).toMatch(/RateLimit-Remaining/);
    expect(res.headers['access-control-allow-credentials']).toBeUndefined();
  });

  it('serves its OpenAPI document publicly, each example inside its contract', async () => {
    const res = await request(t.server).get('/api/v1/openapi.json');
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.paths)).toEqual(
      expect.arrayContaining([
        '/api/v1/stocks',
        '/api/v1/stocks/{ticker}',
        '/api/v1/stocks/{ticker}/mentions',
        '/api/v1/stocks/{ticker}/posts',
        '/api/v1/trending',
        '/api/v1/alerts/outcomes',
      ]),
    );
    expect(res.body['x-rate-limits']).toMatchObject({ perMinute: 1000, perDay: 100_000 });
    for (const endpoint of PUBLIC_API_ENDPOINTS) {
      const ok = endpoint.doc.responses[200]!;
      expect(ok.schema!.safeParse(ok.example).success, endpoint.path).toBe(true);
    }
  });

  it('counts each key against its per-minute allowance: 429 with Retry-After past it, headers on every answer', async () => {
    const strict = buildApp({ ...t.deps, apiKeyLimits: { perMinute: 3, perDay: 1000 } }).callback();
    const frank = await signedInCookie(t, 'frank-api@example.com');
    await t.database.db('users').where({ email: 'frank-api@example.com' }).update({ subscription_status: 'active' });
    const key = (await createKey(frank, 'fast')).secret;
    const answers = [];
    for (const path of [
      '/api/v1/trending',
      '/api/v1/stocks/ZZZZZ',
      '/api/v1/stocks?limit=1',
      '/api/v1/trending',
      '/api/v1/alerts/outcomes',
    ]) {
      answers.push(await request(strict).get(path).set('Authorization', `Bearer ${key}`));
    }
    expect(answers.map((r) => r.status)).toEqual([200, 404, 200, 429, 429]);
    for (const res of answers) expectRateHeaders(res);
    expect(answers.map((r) => r.headers['ratelimit-remaining'])).toEqual(['2', '1', '0', '0', '0']);
    expect(answers[0]!.headers['ratelimit-limit']).toBe('3');
    expect(answers[0]!.headers['ratelimit-policy']).toBe('3;w=60, 1000;w=86400');
    const refused = answers[3]!;
    expectProblem(refused, 429, /3 requests a minute/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    // Refused calls are not usage.
    expect(
      apiKeyListSchema.parse((await request(t.server).get('/api/api-keys').set('Cookie', frank)).body).keys[0]!
        .requestsToday,
    ).toBe(3);
  });

  it('counts each key against its daily allowance: 429 until midnight UTC past it', async () => {
    const daily = buildApp({ ...t.deps, apiKeyLimits: { perMinute: 100, perDay: 2 } }).callback();
    const gina = await signedInCookie(t, 'gina-api@example.com');
    await t.database.db('users').where({ email: 'gina-api@example.com' }).update({ subscription_status: 'active' });
    const key = (await createKey(gina, 'daily')).secret;
    const answers = [];
    for (let i = 0; i < 3; i++)
      answers.push(await request(daily).get('/api/v1/trending').set('Authorization', `Bearer ${key}`));
    expect(answers.map((r) => r.status)).toEqual([200, 200, 429]);
    expect(answers.map((r) => [r.headers['ratelimit-limit'], r.headers['ratelimit-remaining']])).toEqual([
      ['2', '1'],
      ['2', '0'],
      ['2', '0'],
    ]);
    const secondsToMidnight = (Math.floor(Date.now() / 86_400_000 + 1) * 86_400_000 - Date.now()) / 1000;
    expect(Math.abs(Number(answers[2]!.headers['retry-after']) - secondsToMidnight)).toBeLessThan(5);
    expectProblem(answers[2]!, 429, /2 requests a day/);
  });
});
