import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { stockListSchema, historicalSchema, stockPostsSchema, tickerParamSchema } from '../../core/contracts/stocks';
import { seedTickerUniverse } from '../../seed/tickerUniverse';
import { DAY, HOUR, MINUTE, mentionAt } from '../../tests/support/mentionRows';
import { signedInCookie } from '../../tests/support/signIn';
import { startTestApp, type TestApp } from '../../tests/support/testApp';
import type { Warehouse } from '../../warehouse/client';
import { ensureStockRows } from '../../warehouse/postgres/stocks';
import { insertMentions } from '../../warehouse/queries/insertMentions';
import { insertPosts } from '../../warehouse/queries/insertPosts';
import { insertPriceTicks } from '../../warehouse/queries/insertPriceTicks';
import { buildApp } from '../app';

describe('dashboard read API over real chDB rollups and Postgres', () => {
  let t: TestApp;
  let cookie: string;
  const now = Date.now();
  const get = (path: string) => request(t.server).get(path).set('Cookie', cookie);

  beforeAll(async () => {
    t = await startTestApp({ dashboardCacheMs: 0 });
    await seedTickerUniverse(t.database.db);
    cookie = await signedInCookie(t, 'dash-user@example.com');
    const w = t.deps.warehouse;
    await insertMentions(w, [
      // AAPL: 3 bullish in the last hour, older ones bearish: the majority flips with the range.
      mentionAt('AAPL', now - 10 * MINUTE, { platform: 'reddit', label: 'bullish' }),
      mentionAt('AAPL', now - 12 * MINUTE, { platform: 'reddit', label: 'bullish' }),
      mentionAt('AAPL', now - 15 * MINUTE, { platform: 'twitter', label: 'bullish', postId: 'tw_dup' }),
      mentionAt('AAPL', now - 3 * HOUR, { platform: 'youtube', label: 'bearish' }),
      mentionAt('AAPL', now - 20 * HOUR, { platform: 'tiktok', label: 'bearish' }),
      mentionAt('AAPL', now - 5 * DAY, { platform: 'instagram', label: 'bearish' }),
      mentionAt('AAPL', now - 5 * DAY - HOUR, { platform: 'instagram', label: 'bearish' }),
      mentionAt('AAPL', now - 5 * DAY - 2 * HOUR, { platform: 'instagram', label: 'bearish' }),
      mentionAt('AAPL', now - 8 * DAY, { platform: 'reddit', label: 'bullish' }), // outside every range
      // TSLA: one mention just inside and one just outside each range's start.
      mentionAt('TSLA', now - 55 * MINUTE),
      mentionAt('TSLA', now - 65 * MINUTE),
      mentionAt('TSLA', now - 235 * MINUTE),
      mentionAt('TSLA', now - 245 * MINUTE),
      mentionAt('TSLA', now - 24 * HOUR + 10 * MINUTE),
      mentionAt('TSLA', now - 24 * HOUR - 10 * MINUTE),
      mentionAt('TSLA', now - 7 * DAY + 10 * MINUTE),
      mentionAt('TSLA', now - 7 * DAY - 10 * MINUTE),
      // MSFT: many mentions, not trending.
      ...Array.from({ length: 6 }, (_, i) => mentionAt('MSFT', now - (20 + i) * MINUTE, { platform: 'youtube' })),
    ]);
    // A re-delivered mention (same platform and post id) counts once.
    await insertMentions(w, [
      mentionAt('AAPL', now - 15 * MINUTE, { platform: 'twitter', label: 'bullish', postId: 'tw_dup' }),
    ]);
    // What the scan does after writing mentions: the stocks get their rows.
    await ensureStockRows(t.database.db, ['AAPL', 'TSLA', 'MSFT']);
  });
  afterAll(async () => t?.close());

  const byTicker = async (range?: string) => {
    const res = await get(`/api/stocks${range ? `?range=${range}` : ''}`);
    expect(res.status).toBe(200);
    const list = stockListSchema.parse(res.body);
    return { list, map: new Map(list.map((s) => [s.ticker, s])) };
  };

  it('sums each range’s mentions per platform, with the majority sentiment of that range', async () => {
    const hour = (await byTicker()).map; // default range: 1hour
    expect(hour.get('AAPL')).toMatchObject({
      totalMentions: 3,
      redditMentions: 2,
      twitterMentions: 1,
      youtubeMentions: 0,
      tiktokMentions: 0,
      instagramMentions: 0,
      sentiment: 'bullish',
      name: 'Apple Inc.',
    });
    expect(hour.get('TSLA')!.totalMentions).toBe(1);
    expect(hour.get('MSFT')).toMatchObject({ totalMentions: 6, youtubeMentions: 6, sentiment: 'neutral' });

    const four = (await byTicker('4hours')).map;
    expect(four.get('AAPL')).toMatchObject({ totalMentions: 4, youtubeMentions: 1, sentiment: 'bullish' });
    expect(four.get('TSLA')!.totalMentions).toBe(3);

    const day = (await byTicker('24hours')).map;
    expect(day.get('AAPL')).toMatchObject({ totalMentions: 5, tiktokMentions: 1 });
    expect(day.get('TSLA')!.totalMentions).toBe(5);

    const week = (await byTicker('7days')).map;
    expect(week.get('AAPL')).toMatchObject({
      totalMentions: 8,
      redditMentions: 2,
      twitterMentions: 1,
      youtubeMentions: 1,
      tiktokMentions: 1,
      instagramMentions: 3,
      sentiment: 'bearish',
    });
    expect(week.get('TSLA')!.totalMentions).toBe(7);
  });

  it('gives each stock the mentions of the window just before (change in mentions) and its net sentiment', async () => {
    const hour = (await byTicker()).map;
    // AAPL: 3 bullish in the hour, nothing the hour before; TSLA: one at 55 minutes, one at 65 (the hour before).
    expect(hour.get('AAPL')).toMatchObject({ previousMentions: 0, sentimentScore: 1 });
    expect(hour.get('TSLA')).toMatchObject({ totalMentions: 1, previousMentions: 1, sentimentScore: 0 });
    const four = (await byTicker('4hours')).map;
    expect(four.get('TSLA')).toMatchObject({ totalMentions: 3, previousMentions: 1 }); // 245 minutes ago
    expect(four.get('AAPL')!.sentimentScore).toBe(0.5); // 3 bullish, 1 bearish of 4
    const week = (await byTicker('7days')).map;
    expect(week.get('AAPL')).toMatchObject({ totalMentions: 8, previousMentions: 1 }); // 8 days ago
  });

  it('lists only stocks mentioned in the window or trending, each once, with ids from Postgres stocks', async () => {
    const { list } = await byTicker();
    expect(list.map((s) => s.ticker).sort()).toEqual(['AAPL', 'MSFT', 'TSLA']);
    const rows = await t.database.db('stocks').whereIn('ticker', ['AAPL', 'MSFT', 'TSLA']).select('id', 'ticker');
    expect(Object.fromEntries(list.map((s) => [s.ticker, s.id]))).toEqual(
      Object.fromEntries(rows.map((r) => [r.ticker, r.id])),
    );
    for (const s of list) {
      expect(s.price).toBeNull();
      expect(s.trendScore).toBe(0);
    }
  });

  it('serves the list without writing to Postgres: a stock without a row is not added by a read', async () => {
    // Mentioned, but no scan added its row (as for a ticker outside the universe): the read must not add one.
    await insertMentions(t.deps.warehouse, [mentionAt('AMD', now - 5 * MINUTE)]);
    const statements: string[] = [];
    const record = (q: { sql: string }) => statements.push(q.sql);
    const before = await t.database.db('stocks').count<Array<{ n: number }>>({ n: '*' });
    t.deps.db.on('query', record);
    try {
      for (const range of ['1hour', '4hours', '24hours', '7days']) {
        const { list } = await byTicker(range);
        expect(list.map((s) => s.ticker).sort()).toEqual(['AAPL', 'MSFT', 'TSLA']);
      }
    } finally {
      t.deps.db.off('query', record);
    }
    expect(statements.length).toBeGreaterThan(0);
    expect(statements.filter((sql) => !/^\s*select\b/i.test(sql))).toEqual([]);
    expect(await t.database.db('stocks').count<Array<{ n: number }>>({ n: '*' })).toEqual(before);
    expect(await t.database.db('stocks').where({ ticker: 'AMD' }).first()).toBeUndefined();
  });

  it('orders by trend score, then by mentions; a trending stock shows even without mentions in the window', async () => {
    await t.database
      .db('stocks')
      .insert({ ticker: 'NVDA', name: 'NVIDIA Corporation', price: '181.20', change_percent: '-1.25' });
    await t.database.db('trending_stocks').insert([
      {
        ticker: 'TSLA',
        name: 'Tesla, Inc.',
        trend_score: 150,
        mention_velocity: '1.00',
        sentiment_score: '0.00',
        sentiment: 'neutral',
      },
      {
        ticker: 'NVDA',
        name: 'NVIDIA Corporation',
        trend_score: 40,
        mention_velocity: '9.00',
        sentiment_score: '0.50',
        sentiment: 'bullish',
      },
    ]);
    try {
      const { list } = await byTicker();
      expect(list.map((s) => [s.ticker, s.trendScore, s.totalMentions])).toEqual([
        ['TSLA', 150, 1],
        ['NVDA', 40, 0],
        ['MSFT', 0, 6],
        ['AAPL', 0, 3],
      ]);
      expect(list[1]).toMatchObject({ price: '181.20', changePercent: '-1.25', sentiment: 'neutral' });
    } finally {
      await t.database.db('trending_stocks').delete();
    }
  });

  it('answers a bad range with 400 naming the field', async () => {
    for (const path of [
      '/api/stocks?range=2hours',
      '/api/stocks/AAPL/historical?range=1day',
      '/api/stocks?range=1hour&range=4hours',
    ]) {
      const res = await get(path);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({
        field: 'range',
        message: 'range must be one of 1hour, 4hours, 24hours, 7days, 30days',
      });
    }
  });

  it('buckets a ticker’s history per range: mentions per platform, and the last price in each bucket carried forward', async () => {
    const hourStart = Math.floor(now / MINUTE) * MINUTE - 59 * MINUTE;
    // The line is drawn for a stock with a current price (one without shows none, see below).
    await t.database
      .db('stocks')
      .insert({ ticker: 'MSFT', name: 'Microsoft Corporation', price: '399.00' })
      .onConflict('ticker')
      .merge(['price']);
    await insertPriceTicks(t.deps.warehouse, [
      { ticker: 'MSFT', ts: new Date(hourStart - 2 * HOUR), price: 400, changePercent: 0.5, source: 'simulated' },
      {
        ticker: 'MSFT',
        ts: new Date(hourStart + 10 * MINUTE + 5_000),
        price: 401.5,
        changePercent: 0.8,
        source: 'simulated',
      },
      {
        ticker: 'MSFT',
        ts: new Date(hourStart + 10 * MINUTE + 40_000),
        price: 402.25,
        changePercent: 0.9,
        source: 'simulated',
      },
      { ticker: 'MSFT', ts: new Date(hourStart + 30 * MINUTE), price: 399, changePercent: 0.1, source: 'simulated' },
    ]);
    const res = await get('/api/stocks/msft/historical?range=1hour');
    expect(res.status).toBe(200);
    const points = historicalSchema.parse(res.body);
    expect(points).toHaveLength(60);
    // The window ends with the current minute (a minute may have turned since the ticks were written).
    const first = Date.parse(points[0]!.timestamp);
    expect([hourStart, hourStart + MINUTE]).toContain(first);
    expect(points.map((p) => Date.parse(p.timestamp) - first)).toEqual(
      Array.from({ length: 60 }, (_, i) => i * MINUTE),
    );
    const priceAt = (offset: number) => points.find((p) => Date.parse(p.timestamp) === hourStart + offset)!.price;
    expect(points[0]!.price).toBe(400); // carried from before the range
    expect(priceAt(9 * MINUTE)).toBe(400);
    expect(priceAt(10 * MINUTE)).toBe(402.25); // the last tick of the bucket
    expect(priceAt(29 * MINUTE)).toBe(402.25);
    expect(priceAt(30 * MINUTE)).toBe(399);
    expect(points[59]!.price).toBe(399);
    const mentions = points.reduce((sum, p) => sum + p.mentions.youtube, 0);
    expect(mentions).toBe(6);
    const twentyAgo = points.find(
      (p) => p.timestamp === new Date(Math.floor((now - 20 * MINUTE) / MINUTE) * MINUTE).toISOString(),
    )!;
    expect(twentyAgo.mentions).toEqual({ reddit: 0, twitter: 0, youtube: 1, tiktok: 0, instagram: 0 });

    const sizes = { '4hours': [48, 5], '24hours': [96, 15], '7days': [84, 120], '30days': [30, 1440] } as const;
    for (const [range, [count, minutes]] of Object.entries(sizes)) {
      const r = historicalSchema.parse((await get(`/api/stocks/AAPL/historical?range=${range}`)).body);
      expect(r).toHaveLength(count);
      expect(Date.parse(r[1]!.timestamp) - Date.parse(r[0]!.timestamp)).toBe(minutes * MINUTE);
      expect(Date.parse(r[0]!.timestamp) % (minutes * MINUTE)).toBe(0);
      expect(Date.parse(r.at(-1)!.timestamp)).toBeLessThanOrEqual(Date.now());
      expect(r.every((p) => p.price === null)).toBe(true); // AAPL never had a price
    }
    const week = historicalSchema.parse((await get('/api/stocks/AAPL/historical?range=7days')).body);
    expect(week.reduce((n, p) => n + Object.values(p.mentions).reduce((a, b) => a + b, 0), 0)).toBe(8);
    const month = historicalSchema.parse((await get('/api/stocks/AAPL/historical?range=30days')).body);
    expect(month.reduce((n, p) => n + Object.values(p.mentions).reduce((a, b) => a + b, 0), 0)).toBe(9); // with the one 8 days ago
    const monthList = stockListSchema.parse((await get('/api/stocks?range=30days')).body);
    expect(monthList.find((s) => s.ticker === 'AAPL')).toMatchObject({
      totalMentions: 9,
      redditMentions: 3,
      instagramMentions: 3,
    });
  });

  it('answers a malformed ticker with 400 and an unknown one with 404', async () => {
    const bad = await get('/api/stocks/not-a-ticker!/historical');
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({
      field: 'ticker',
      message: 'ticker must be 1 to 10 letters, digits or dots, starting with a letter',
    });
    const unknown = await get('/api/stocks/ZZZZZ/historical?range=1hour');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ message: 'Unknown ticker ZZZZZ' });
    expect((await get('/api/stocks/ZZZZZ/posts')).status).toBe(404);
    expect((await get('/api/stocks/1ABC/posts')).status).toBe(400);
    // Either case is a ticker, as the documented pattern says: read upper-cased.
    const lower = await get('/api/stocks/zzzzz/historical?range=1hour');
    expect(lower.status).toBe(404);
    expect(lower.body).toEqual({ message: 'Unknown ticker ZZZZZ' });
    const documented = new RegExp(z.toJSONSchema(tickerParamSchema, { io: 'input' }).pattern as string);
    expect(['zzzzz', 'brk.b', 'AAPL'].every((t) => documented.test(t))).toBe(true);
    expect(['1abc', 'not-a-ticker!'].some((t) => documented.test(t))).toBe(false);
  });

  it('serves the latest posts behind a ticker’s mentions, newest first, each once', async () => {
    const post = (id: string, at: number, title: string, text: string) => ({
      platform: 'reddit',
      post_id: id,
      source: 'r/stocks',
      author_hash: '00000000000000aa',
      ts: new Date(at).toISOString(),
      title,
      text,
      url: `https://www.reddit.com/r/stocks/comments/${id}`,
      engagement: 5,
      simulated: false,
    });
    await insertPosts(t.deps.warehouse, [
      post('p_old', now - 3 * HOUR, 'PLTR thoughts', 'Holding $PLTR'),
      post('p_mid', now - 2 * HOUR, '', 'Bearish on $PLTR here'),
      post('p_new', now - HOUR, 'PLTR 🚀', 'Calls on $PLTR'),
    ]);
    const mention = (id: string, at: number, label: 'bullish' | 'bearish' | 'neutral') => ({
      ...mentionAt('PLTR', at, { postId: id, label }),
      source: 'r/stocks',
      simulated: false,
    });
    await insertMentions(t.deps.warehouse, [
      mention('p_old', now - 3 * HOUR, 'neutral'),
      mention('p_mid', now - 2 * HOUR, 'bearish'),
      mention('p_new', now - HOUR, 'bullish'),
    ]);
    await insertMentions(t.deps.warehouse, [mention('p_new', now - HOUR, 'bullish')]); // re-delivered

    const res = await get('/api/stocks/PLTR/posts?limit=2');
    expect(res.status).toBe(200);
    const posts = stockPostsSchema.parse(res.body);
    expect(posts).toEqual([
      {
        platform: 'reddit',
        source: 'r/stocks',
        text: 'PLTR 🚀\n\nCalls on $PLTR',
        url: 'https://www.reddit.com/r/stocks/comments/p_new',
        timestamp: new Date(now - HOUR).toISOString(),
        sentiment: 'bullish',
        compound: 0.6,
        simulated: false,
        analyser: 'test',
      },
      {
        platform: 'reddit',
        source: 'r/stocks',
        text: 'Bearish on $PLTR here',
        url: 'https://www.reddit.com/r/stocks/comments/p_mid',
        timestamp: new Date(now - 2 * HOUR).toISOString(),
        sentiment: 'bearish',
        compound: -0.6,
        simulated: false,
        analyser: 'test',
      },
    ]);
    expect(stockPostsSchema.parse((await get('/api/stocks/PLTR/posts')).body)).toHaveLength(3);
    for (const limit of ['0', '101', 'ten']) {
      const r = await get(`/api/stocks/PLTR/posts?limit=${limit}`);
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ field: 'limit', message: 'limit must be a whole number from 1 to 100' });
    }
  });

  it('lists trending-now newest trend first, with its sentiment', async () => {
    expect((await get('/api/trending-now')).body).toEqual([]);
    await t.database.db('trending_stocks').insert([
      {
        ticker: 'GME',
        name: 'GameStop Corp.',
        trend_score: 90,
        sentiment: 'bullish',
        detected_at: new Date(now - 30 * MINUTE),
      },
      {
        ticker: 'AMC',
        name: 'AMC Entertainment Holdings, Inc.',
        trend_score: 40,
        sentiment: 'bearish',
        detected_at: new Date(now - 5 * MINUTE),
      },
      {
        ticker: 'BB',
        name: 'BlackBerry Limited',
        trend_score: 70,
        sentiment: 'neutral',
        detected_at: new Date(now - 5 * MINUTE),
      },
    ]);
    try {
      expect((await get('/api/trending-now')).body).toEqual([
        { ticker: 'BB', sentiment: 'neutral' },
        { ticker: 'AMC', sentiment: 'bearish' },
        { ticker: 'GME', sentiment: 'bullish' },
      ]);
    } finally {
      await t.database.db('trending_stocks').delete();
    }
  });

  it('answers 503 "Mention data is temporarily unavailable" when ClickHouse is down, never 500', async () => {
    const down = {
      query: async () => Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:8123')),
    } as unknown as Warehouse;
    const app = buildApp({ ...t.deps, warehouse: down }).callback();
    for (const path of [
      '/api/stocks',
      '/api/stocks?range=7days',
      '/api/stocks/AAPL/historical',
      '/api/stocks/AAPL/posts',
    ]) {
      const res = await request(app).get(path).set('Cookie', cookie);
      expect(res.status).toBe(503);
      expect(res.body).toEqual({ message: 'Mention data is temporarily unavailable' });
    }
  });

  it('reuses a computed list for a few seconds, per range', async () => {
    const app = buildApp({ ...t.deps, dashboardCacheMs: 60_000 }).callback();
    const first = await request(app).get('/api/stocks?range=1hour').set('Cookie', cookie);
    await insertMentions(t.deps.warehouse, [mentionAt('AAPL', Date.now() - MINUTE, { label: 'bullish' })]);
    const cached = await request(app).get('/api/stocks?range=1hour').set('Cookie', cookie);
    expect(cached.body).toEqual(first.body);
    const uncached = (await get('/api/stocks?range=1hour')).body as Array<{ ticker: string; totalMentions: number }>;
    expect(uncached.find((s) => s.ticker === 'AAPL')!.totalMentions).toBe(4);
  });

  it('reuses a stock history for every caller for a few seconds', async () => {
    const app = buildApp({ ...t.deps, dashboardCacheMs: 60_000 }).callback();
    const total = (body: Array<{ mentions: Record<string, number> }>) =>
      body.reduce((sum, p) => sum + Object.values(p.mentions).reduce((a, b) => a + b, 0), 0);
    const first = await request(app).get('/api/stocks/AAPL/historical?range=24hours').set('Cookie', cookie);
    await insertMentions(t.deps.warehouse, [mentionAt('AAPL', Date.now() - 2 * MINUTE)]);
    const cached = await request(app).get('/api/stocks/AAPL/historical?range=24hours').set('Cookie', cookie);
    expect(total(cached.body)).toBe(total(first.body));
    expect(total((await get('/api/stocks/AAPL/historical?range=24hours')).body)).toBe(total(first.body) + 1);
  });

  it('serves an expired list while one request recomputes it in the background', async () => {
    const app = buildApp({ ...t.deps, dashboardCacheMs: 300 }).callback();
    const aaplOf = (body: unknown) =>
      (body as Array<{ ticker: string; totalMentions: number }>).find((s) => s.ticker === 'AAPL')?.totalMentions ?? 0;
    const before = aaplOf((await request(app).get('/api/stocks?range=1hour').set('Cookie', cookie)).body);
    await insertMentions(t.deps.warehouse, [mentionAt('AAPL', Date.now() - MINUTE)]);
    await new Promise((r) => setTimeout(r, 350)); // expired, within the grace period
    expect(aaplOf((await request(app).get('/api/stocks?range=1hour').set('Cookie', cookie)).body)).toBe(before);
    await vi.waitFor(
      async () =>
        expect(aaplOf((await request(app).get('/api/stocks?range=1hour').set('Cookie', cookie)).body)).toBe(before + 1),
      { timeout: 5_000, interval: 50 },
    );
  });

  it('sends an ETag and answers 304 without a body while the list is unchanged', async () => {
    const app = buildApp({ ...t.deps, dashboardCacheMs: 60_000 }).callback();
    const first = await request(app).get('/api/stocks?range=4hours').set('Cookie', cookie);
    expect(first.status).toBe(200);
    expect(first.headers['content-type']).toMatch(/^application\/json/);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await request(app).get('/api/stocks?range=4hours').set('Cookie', cookie).set('If-None-Match', etag);
    expect(again.status).toBe(304);
    expect(again.text ?? '').toBe('');
    const other = await request(app)
      .get('/api/stocks?range=4hours')
      .set('Cookie', cookie)
      .set('If-None-Match', '"stale"');
    expect(other.status).toBe(200);
    expect(other.body).toEqual(first.body);
  });

  it('after new mentions, sends the new list with a new ETag, and the old ETag no longer gets a 304', async () => {
    const app = buildApp({ ...t.deps, dashboardCacheMs: 200 }).callback();
    const list = () => request(app).get('/api/stocks?range=1hour').set('Cookie', cookie);
    const msftOf = (body: unknown) =>
      (body as Array<{ ticker: string; totalMentions: number }>).find((s) => s.ticker === 'MSFT')!.totalMentions;
    const first = await list();
    const oldEtag = first.headers.etag as string;
    await insertMentions(t.deps.warehouse, [mentionAt('MSFT', Date.now() - MINUTE, { platform: 'youtube' })]);
    let next = first;
    await vi.waitFor(
      async () => {
        next = await list();
        expect(msftOf(next.body)).toBe(msftOf(first.body) + 1);
      },
      { timeout: 5_000, interval: 50 },
    );
    const newEtag = next.headers.etag as string;
    expect(newEtag).not.toBe(oldEtag);
    expect(next.text).toBe(JSON.stringify(next.body));
    const revalidated = await list().set('If-None-Match', oldEtag);
    expect(revalidated.status).toBe(200);
    expect(revalidated.headers.etag).toBe(newEtag);
    expect(revalidated.body).toEqual(next.body);
    expect((await list().set('If-None-Match', newEtag)).status).toBe(304);
  });

  it('trending tickers and a history show new data once their cache period is over', async () => {
    const app = buildApp({ ...t.deps, dashboardCacheMs: 100 }).callback();
    const history = () => request(app).get('/api/stocks/TSLA/historical?range=1hour').set('Cookie', cookie);
    const total = (body: unknown) =>
      (body as Array<{ mentions: Record<string, number> }>).reduce(
        (sum, p) => sum + Object.values(p.mentions).reduce((a, b) => a + b, 0),
        0,
      );
    const before = total((await history()).body);
    await insertMentions(t.deps.warehouse, [mentionAt('TSLA', Date.now() - 2 * MINUTE)]);
    await vi.waitFor(async () => expect(total((await history()).body)).toBe(before + 1), {
      timeout: 5_000,
      interval: 50,
    });

    const trending = () => request(app).get('/api/trending-now').set('Cookie', cookie);
    const tickersOf = (body: unknown) => (body as Array<{ ticker: string }>).map((s) => s.ticker);
    expect(tickersOf((await trending()).body)).not.toContain('MSFT');
    await t.database.db('trending_stocks').insert({ ticker: 'MSFT', name: 'Microsoft Corporation', trend_score: 40 });
    await vi.waitFor(async () => expect(tickersOf((await trending()).body)).toContain('MSFT'), {
      timeout: 5_000,
      interval: 50,
    });
    await t.database.db('trending_stocks').where({ ticker: 'MSFT' }).delete();
  });
});
