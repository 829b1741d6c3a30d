import { Client, Connection } from '@temporalio/client';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { stockListSchema } from '../../core/contracts/stocks';
import { seedTickerUniverse } from '../../seed/tickerUniverse';
import { HOUR, MINUTE, mentionAt } from '../../tests/support/mentionRows';
import { signedInCookie } from '../../tests/support/signIn';
import { testActivities } from '../../tests/support/testActivities';
import { startTestApp, type TestApp } from '../../tests/support/testApp';
import { uniqueTaskQueue } from '../../tests/support/testStores';
import { ensureStockRows } from '../../warehouse/postgres/stocks';
import { insertMentions } from '../../warehouse/queries/insertMentions';
import { clampChangePercent, clampPrice } from '../../domain/prices/priceValues';
import type { PriceProvider } from '../../domain/prices';
import { createMassivePriceProvider } from '../../domain/prices/massivePrices';
import { createSimulatedPriceProvider } from '../../domain/prices/simulatedPrices';
import { MASSIVE_API_KEY } from '../../tests/replay/massiveReplay';
import { ReplayServer } from '../../tests/replay/replayServer';
import { testHttpPolicy } from '../../tests/replay/testing';
import { startWorker, type RunningWorker } from '../../workflows/worker';
import { buildApp } from '../app';
import { freshWorkflowPollers } from '../services/taskQueuePollers';

/** A steady ticker (GME, 100 mentions every hour for a week) and a quiet small one (SOFI, one every other hour) that spikes to 30 in the last hour. */
function spikeScenario(now: number) {
  const rows = [];
  for (let i = 0; i < 100 * 171; i++)
    rows.push(
      mentionAt('GME', now - 1_000 - i * 36_000, {
        platform: i % 2 ? 'twitter' : 'reddit',
        label: i % 3 === 0 ? 'bullish' : 'neutral',
      }),
    );
  for (let h = 2; h <= 171; h += 2) rows.push(mentionAt('SOFI', now - h * HOUR - 30 * MINUTE));
  for (let i = 0; i < 30; i++)
    rows.push(mentionAt('SOFI', now - (2 + i) * MINUTE, { platform: 'reddit', label: i < 20 ? 'bullish' : 'bearish' }));
  return rows;
}

describe('on-demand pipelines: POST /api/stocks/refresh-prices and /api/detect-trends through Temporal', () => {
  let t: TestApp;
  let worker: RunningWorker;
  let cookie: string;
  const taskQueue = uniqueTaskQueue('dash');
  // Prices come from the simulated walk at a pinned time inside a regular session (Friday 12:00 New York), or from the
  // Massive API's local stand-in when a test switches `source`.
  let priceTime = new Date('2026-11-20T17:00:00Z');
  const prices = createSimulatedPriceProvider({ seed: 5, now: () => priceTime });
  let source: PriceProvider = prices;
  const switchable: PriceProvider = {
    name: 'switchable',
    get simulated() {
      return source.simulated;
    },
    quotes: (tickers) => source.quotes(tickers),
    history: (ticker, from, to) => source.history(ticker, from, to),
    splits: (day) => source.splits(day),
  };
  let replay: ReplayServer;
  const now = Date.now();
  const post = (path: string, app: Parameters<typeof request>[0] = t.server) =>
    request(app).post(path).set('Cookie', cookie).send({});

  beforeAll(async () => {
    replay = await ReplayServer.start();
    t = await startTestApp({ dashboardCacheMs: 0 }, { TEMPORAL_TASK_QUEUE: taskQueue });
    await seedTickerUniverse(t.database.db);
    // An admin: exempt from the one-run-a-minute limit of users (api/routes/onDemandJobs.test.ts), so each case runs.
    cookie = await signedInCookie(t, 'pipelines@example.com', 'admin');
    worker = await startWorker({
      address: inject('temporalAddress'),
      namespace: 'default',
      taskQueue,
      activities: await testActivities(t.database.db, t.deps.warehouse, { prices: switchable }),
    });
    // The API checks that a worker polls the queue before it starts a run.
    for (let i = 0; i < 100 && (await freshWorkflowPollers(t.deps.temporal, 'default', taskQueue)) === 0; i++)
      await new Promise((r) => setTimeout(r, 100));
  });
  afterAll(async () => {
    await worker?.stop();
    await t?.close();
    await replay?.close();
  });

  it('refresh-prices quotes every stock, writes the prices to Postgres and the ticks to ClickHouse', async () => {
    await t.database.db('stocks').insert([
      { ticker: 'AAPL', name: 'Apple Inc.' },
      { ticker: 'GME', name: 'GameStop Corp.' },
      { ticker: 'TSLA', name: 'Tesla, Inc.' },
    ]);
    const res = await post('/api/stocks/refresh-prices');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ updatedCount: 3, simulated: true });

    const quotes = new Map((await prices.quotes(['AAPL', 'GME', 'TSLA'])).map((q) => [q.ticker, q]));
    const rows = await t.database
      .db('stocks')
      .whereIn('ticker', ['AAPL', 'GME', 'TSLA'])
      .select('ticker', 'price', 'change_percent');
    for (const row of rows) {
      const q = quotes.get(row.ticker)!;
      expect(row.price).toBe(clampPrice(q.price).toFixed(2));
      expect(row.change_percent).toBe(clampChangePercent(q.changePercent).toFixed(2));
    }
    const count = async () =>
      Number(
        (
          await (
            await t.deps.warehouse.query({ query: 'SELECT count() AS n FROM price_ticks FINAL', format: 'JSONEachRow' })
          ).json<{ n: string }>()
        )[0]!.n,
      );
    const latest = async () =>
      await (
        await t.deps.warehouse.query({
          query:
            'SELECT ticker, toFloat64(argMax(price, ts)) AS price, any(source) AS source FROM price_ticks FINAL GROUP BY ticker ORDER BY ticker',
          format: 'JSONEachRow',
        })
      ).json<{ ticker: string; price: number; source: string }>();
    // The newest tick of each stock is its quote; before it, the first refresh backfilled the week.
    expect(await latest()).toEqual(
      ['AAPL', 'GME', 'TSLA'].map((ticker) => ({ ticker, price: quotes.get(ticker)!.price, source: 'switchable' })),
    );
    const first = await count();
    expect(first).toBeGreaterThan(3 * 100);

    // Same minute, same prices: Postgres is refreshed, no new tick is written.
    expect((await post('/api/stocks/refresh-prices')).body).toEqual({ updatedCount: 3, simulated: true });
    expect(await count()).toBe(first);
    // Five minutes on in the session, every price has moved.
    priceTime = new Date('2026-11-20T17:05:00Z');
    expect((await post('/api/stocks/refresh-prices')).body).toEqual({ updatedCount: 3, simulated: true });
    expect(await count()).toBe(first + 3);

    // The list shows the refreshed price as a numeric string.
    await insertMentions(t.deps.warehouse, [mentionAt('TSLA', now - 5 * MINUTE)]);
    const list = stockListSchema.parse((await request(t.server).get('/api/stocks').set('Cookie', cookie)).body);
    const tsla = await t.database.db('stocks').where({ ticker: 'TSLA' }).first('price', 'change_percent');
    expect(list.find((s) => s.ticker === 'TSLA')).toMatchObject({
      price: tsla.price,
      changePercent: tsla.change_percent,
    });
  });

  it('refresh-prices takes real quotes from the market-data API, and answers 503 naming the cause when it refuses the key', async () => {
    source = createMassivePriceProvider({ apiKey: MASSIVE_API_KEY, apiUrl: replay.url, http: testHttpPolicy });
    try {
      // A real provider answered: the dashboard may say "real market data".
      expect((await post('/api/stocks/refresh-prices')).body).toEqual({ updatedCount: 3, simulated: false });
      const rows = await t.database
        .db('stocks')
        .whereIn('ticker', ['AAPL', 'GME', 'TSLA'])
        .orderBy('ticker')
        .select('ticker', 'price', 'change_percent');
      expect(rows).toEqual([
        { ticker: 'AAPL', price: '228.42', change_percent: '1.05' },
        { ticker: 'GME', price: '24.33', change_percent: '5.88' },
        { ticker: 'TSLA', price: '412.77', change_percent: '0.00' },
      ]);
      source = createMassivePriceProvider({ apiKey: 'revoked-key', apiUrl: replay.url, http: testHttpPolicy });
      const started = Date.now();
      const refused = await post('/api/stocks/refresh-prices');
      expect(refused.status).toBe(503);
      expect(refused.body.message).toBe(
        'The price refresh failed: prices massive: GET /v2/snapshot/locale/us/markets/stocks/tickers: credentials rejected (HTTP 401: Unknown API Key)',
      );
      expect(Date.now() - started).toBeLessThan(5_000); // not retried: a rejected key cannot succeed
      expect(await t.database.db('stocks').where({ ticker: 'AAPL' }).first('price')).toEqual({ price: '228.42' });
    } finally {
      source = prices;
    }
  });

  it('detect-trends ranks a small-cap spike above a mega-cap’s steady chatter, and keeps every score', async () => {
    const spike = spikeScenario(now);
    await insertMentions(t.deps.warehouse, spike);
    await ensureStockRows(
      t.database.db,
      spike.map((m) => m.ticker),
    ); // as the scan that wrote them does
    const res = await post('/api/detect-trends');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ trendsDetected: 1, usingRealAPIs: false });

    const [sofi, ...others] = await t.database.db('trending_stocks').select('*');
    expect(others).toEqual([]);
    expect(sofi).toMatchObject({
      ticker: 'SOFI',
      name: 'SoFi Technologies, Inc.',
      is_new_trend: true,
      sentiment: 'bullish',
    });
    expect(sofi.trend_score).toBeGreaterThan(150);
    expect(['30.00', '31.00']).toContain(sofi.mention_velocity);
    expect(Number(sofi.sentiment_score)).toBeCloseTo(Number(sofi.mention_velocity) === 30 ? 10 / 30 : 10 / 31, 2);

    const list = stockListSchema.parse((await request(t.server).get('/api/stocks').set('Cookie', cookie)).body);
    expect(list[0]).toMatchObject({ ticker: 'SOFI', trendScore: sofi.trend_score });
    const gme = list.find((s) => s.ticker === 'GME')!;
    expect(gme.trendScore).toBe(0);
    expect(gme.totalMentions).toBeGreaterThan(list[0]!.totalMentions);
    expect(list.indexOf(gme)).toBeGreaterThan(0);
    expect((await request(t.server).get('/api/trending-now').set('Cookie', cookie)).body).toEqual([
      { ticker: 'SOFI', sentiment: 'bullish' },
    ]);

    const scores = await (
      await t.deps.warehouse.query({
        query: 'SELECT ticker, trend_score AS score, trending FROM trend_scores FINAL ORDER BY ticker',
        format: 'JSONEachRow',
      })
    ).json<{ ticker: string; score: number; trending: boolean }>();
    expect(scores.find((s) => s.ticker === 'SOFI')).toEqual({
      ticker: 'SOFI',
      score: sofi.trend_score,
      trending: true,
    });
    expect(scores.find((s) => s.ticker === 'GME')).toEqual({ ticker: 'GME', score: 0, trending: false });
  });

  it('a later detection keeps a continuing trend’s start, marks only new ones as new, newest first in trending-now', async () => {
    const before = await t.database.db('trending_stocks').where({ ticker: 'SOFI' }).first();
    await insertMentions(
      t.deps.warehouse,
      Array.from({ length: 25 }, (_, i) => mentionAt('RKLB', Date.now() - (1 + i) * MINUTE, { label: 'bearish' })),
    );
    expect((await post('/api/detect-trends')).body).toEqual({ trendsDetected: 2, usingRealAPIs: false });
    const rows = new Map((await t.database.db('trending_stocks').select('*')).map((r) => [r.ticker, r]));
    expect(rows.get('SOFI')).toMatchObject({ is_new_trend: false, detected_at: before.detected_at });
    expect(rows.get('SOFI').last_updated.getTime()).toBeGreaterThan(before.last_updated.getTime());
    expect(rows.get('RKLB')).toMatchObject({ is_new_trend: true, sentiment: 'bearish' });
    expect((await request(t.server).get('/api/trending-now').set('Cookie', cookie)).body).toEqual([
      { ticker: 'RKLB', sentiment: 'bearish' },
      { ticker: 'SOFI', sentiment: 'bullish' },
    ]);
    // With a real social API configured, the answer says so.
    expect(
      (await post('/api/detect-trends', buildApp({ ...t.deps, realPlatforms: ['twitter'] }).callback())).body,
    ).toEqual({ trendsDetected: 2, usingRealAPIs: true });
  });

  it('a ticker whose spike is over leaves the trending set', async () => {
    // Seen from two hours on, the last hour holds none of the spikes any more.
    const activities = await testActivities(t.database.db, t.deps.warehouse, {
      now: () => new Date(Date.now() + 2 * HOUR),
    });
    const result = await activities.detectTrends();
    expect(result).toMatchObject({ trendsDetected: 0, newTrends: 0, scored: 0 });
    expect(await t.database.db('trending_stocks').count({ n: '*' })).toEqual([{ n: 0 }]);
    expect((await request(t.server).get('/api/trending-now').set('Cookie', cookie)).body).toEqual([]);
  });

  it('answers 503 with a clear message when no worker polls the queue, or Temporal is unreachable', async () => {
    const noWorker = buildApp({
      ...t.deps,
      config: { ...t.deps.config, env: { ...t.deps.config.env, TEMPORAL_TASK_QUEUE: uniqueTaskQueue('nobody') } },
    }).callback();
    const idle = await post('/api/stocks/refresh-prices', noWorker);
    expect(idle.status).toBe(503);
    expect(idle.body.message).toMatch(
      /^No pipeline worker is running \(task queue nobody-[0-9a-f]+\), so the price refresh cannot run now\. Try again in a minute\.$/,
    );
    expect((await post('/api/detect-trends', noWorker)).body.message).toMatch(/so trend detection cannot run now/);

    const connection = await Connection.lazy({ address: '127.0.0.1:1' });
    try {
      const unreachable = buildApp({ ...t.deps, temporal: new Client({ connection }) }).callback();
      const started = Date.now();
      const res = await post('/api/detect-trends', unreachable);
      expect(res.status).toBe(503);
      expect(res.body.message).toMatch(
        /^The pipeline scheduler \(Temporal\) is unavailable, so trend detection cannot run now/,
      );
      expect(Date.now() - started).toBeLessThan(15_000);
    } finally {
      await connection.close();
    }
  });

  it('answers 503 when the run outlasts the request timeout (the run carries on)', async () => {
    const impatient = buildApp({ ...t.deps, pipelineTimeoutMs: 1 }).callback();
    const res = await post('/api/detect-trends', impatient);
    expect(res.status).toBe(503);
    expect(res.body.message).toBe(
      'Trend detection did not finish within 1 ms. It keeps running; its results will appear shortly.',
    );
  });
});
