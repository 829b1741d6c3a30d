import request from 'supertest';
import { ApplicationFailure } from '@temporalio/common';
import { RateLimiterMemory } from 'rate-limiter-flexible';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { PricePipeline } from '../../core/contracts/admin';
import { sessionPosition } from '../../core/market/marketHours';
import { DAY_MS, HOUR_MS, MINUTE_MS } from '../../core/timeWindows';
import { seedTickerUniverse } from '../../seed/tickerUniverse';
import { MASSIVE_AGGREGATES_PATH, MASSIVE_API_KEY } from '../../tests/replay/massiveReplay';
import { fixture } from '../../tests/replay/replayTypes';
import { testHttpPolicy, useReplayServer } from '../../tests/replay/testing';
import { TIINGO_API_KEY, TIINGO_PRICES_PATH } from '../../tests/replay/tiingoReplay';
import { mentionAt } from '../../tests/support/mentionRows';
import { signedInCookie } from '../../tests/support/signIn';
import { startTestApp, type TestApp } from '../../tests/support/testApp';
import { insertMentions } from '../../warehouse/queries/insertMentions';
import { createPriceActivities } from './priceActivities';
import { createPriceProvider, priceProviders, type PriceProviderName } from '../../domain/prices';
import { createSimulatedPriceProvider } from '../../domain/prices/simulatedPrices';

// Friday 2026-11-20, 12:00 in New York: the session is trading.
const FRIDAY_NOON = new Date('2026-11-20T17:00:00Z');

describe('price refresh on real stores', () => {
  let t: TestApp;
  let pinned = FRIDAY_NOON;
  const now = () => pinned;
  const replay = useReplayServer();

  beforeAll(async () => {
    t = await startTestApp({ dashboardCacheMs: 0, now });
    await seedTickerUniverse(t.database.db);
  });
  afterAll(async () => t?.close());

  const reset = async (tickers: string[]) => {
    await t.database.db('price_history_coverage').delete();
    await t.database.db('price_refreshes').delete();
    await t.database.db('stocks').delete();
    await t.deps.warehouse.command({ query: 'TRUNCATE TABLE price_ticks' });
    await t.database.db('stocks').insert(tickers.map((ticker) => ({ ticker, name: ticker })));
  };
  const ticks = async (ticker: string, source: string) =>
    (
      await (
        await t.deps.warehouse.query({
          query:
            'SELECT toUnixTimestamp64Milli(ts) AS at, toFloat64(price) AS price FROM price_ticks FINAL WHERE ticker = {ticker:String} AND source = {source:String} ORDER BY ts',
          query_params: { ticker, source },
          format: 'JSONEachRow',
        })
      ).json<{ at: string | number; price: number }>()
    ).map((r) => ({ at: Number(r.at), price: r.price }));

  /** The regular-session 5-minute bars the local server holds for a ticker in (from, to]. */
  const expectedBars = (ticker: string, from: Date, to: Date) =>
    replay()
      .market.bars(ticker, from.getTime() + 1, to.getTime())
      .filter((b) => sessionPosition(new Date(b.t)).open)
      .map((b) => ({ at: b.t, price: b.close }));

  describe('with the simulated feed, a security without a reference price shows no price', () => {
    const etfs = ['SPY', 'QQQ', 'IWM', 'DIA', 'VOO', 'VTI', 'XLK', 'TQQQ', 'SQQQ', 'GLD', 'SLV', 'TLT', 'HYG'];

    it('GET /api/stocks, the history and the session line carry no price for them, even one stored earlier', async () => {
      pinned = FRIDAY_NOON;
      await reset([...etfs, 'AAPL', 'MSFT']);
      // A price invented by an earlier version: the refresh removes it.
      await t.database.db('stocks').where({ ticker: 'SPY' }).update({ price: '21.03', change_percent: '0.40' });
      await insertMentions(
        t.deps.warehouse,
        [...etfs, 'AAPL', 'MSFT'].map((ticker) => mentionAt(ticker, pinned.getTime() - 10 * MINUTE_MS)),
      );
      const prices = createSimulatedPriceProvider({ seed: 3, now });
      const result = await createPriceActivities({
        db: t.database.db,
        warehouse: t.deps.warehouse,
        prices,
        now,
      }).refreshPrices();
      expect(result).toMatchObject({ source: 'simulated', simulated: true, priced: 2, historyPending: 0 });

      const cookie = await signedInCookie(t, 'no-invented-prices@example.com');
      const list = (await request(t.server).get('/api/stocks?range=1hour').set('Cookie', cookie)).body as Array<{
        ticker: string;
        price: string | null;
        changePercent: string | null;
      }>;
      const byTicker = new Map(list.map((s) => [s.ticker, s]));
      for (const etf of etfs) expect(byTicker.get(etf), etf).toMatchObject({ price: null, changePercent: null });
      expect(Number(byTicker.get('AAPL')!.price)).toBeGreaterThan(100);
      // A stock with a reference price has its line: a week of positive prices, ending at its current price.
      const aaplWeek = (await request(t.server).get('/api/stocks/AAPL/historical?range=7days').set('Cookie', cookie))
        .body as Array<{ price: number | null }>;
      expect(aaplWeek.every((p) => p.price !== null && p.price > 0)).toBe(true);
      expect(aaplWeek.at(-1)!.price!.toFixed(2)).toBe(Number(byTicker.get('AAPL')!.price).toFixed(2));
      for (const etf of ['SPY', 'TQQQ']) {
        const history = (await request(t.server).get(`/api/stocks/${etf}/historical?range=7days`).set('Cookie', cookie))
          .body as Array<{ price: number | null }>;
        expect(history.length).toBeGreaterThan(0);
        expect(history.every((p) => p.price === null)).toBe(true);
        const session = (await request(t.server).get(`/api/stocks/${etf}/session`).set('Cookie', cookie)).body as {
          points: Array<{ price: number | null }>;
        };
        expect(session.points.every((p) => p.price === null)).toBe(true);
      }
      expect(await ticks('SPY', 'simulated')).toEqual([]);

      // The admin sees the run and how many listed symbols have no reference price.
      const admin = await signedInCookie(t, 'prices-admin@example.com', 'admin');
      const status = (await request(t.server).get('/api/admin/pipelines/prices').set('Cookie', admin))
        .body as PricePipeline;
      expect(status.refreshes[0]).toMatchObject({
        source: 'simulated',
        simulated: true,
        tickers: etfs.length + 2,
        priced: 2,
        historyPending: 0,
      });
      expect(status.listedSymbols).toBeGreaterThan(10_000);
      expect(status.withoutReferencePrice).toBeGreaterThan(4_000); // the ETFs, at least
      expect(status.withoutReferencePrice).toBeLessThan(status.listedSymbols);
      expect((await request(t.server).get('/api/admin/pipelines/prices').set('Cookie', cookie)).status).toBe(403);
    });
  });

  describe('a price line stays continuous across a split and a rename', () => {
    it("a split the provider reports is applied to the stored ticks before it; a former symbol's ticks lead into its successor's", async () => {
      pinned = FRIDAY_NOON;
      await reset(['AAPL']);
      await t.database.db('stock_splits').delete();
      await t.database.db('price_split_days').delete();
      // AAPL splits 4-for-1 from Wednesday the 18th: Monday's and Tuesday's trades were four times today's prices.
      const exDate = new Date('2026-11-18T05:00:00Z'); // midnight in New York
      replay().market.setBase('AAPL', 228); // where the snapshot's live quote (228.42) is
      replay().market.split('AAPL', exDate.getTime(), 1, 4);
      replay().massive.splits.push({
        execution_date: '2026-11-18',
        id: 'replay-split',
        split_from: 1,
        split_to: 4,
        ticker: 'AAPL',
      });
      const prices = createPriceProvider(
        {
          PRICE_PROVIDER: 'massive',
          PRICE_API_KEY: MASSIVE_API_KEY,
          PRICE_API_URL: replay().url,
          SIMULATED_FEED_SEED: 1,
        },
        { http: testHttpPolicy },
      );
      await createPriceActivities({ db: t.database.db, warehouse: t.deps.warehouse, prices, now }).refreshPrices();
      expect(await t.database.db('stock_splits').select('ticker', 'split_from', 'split_to')).toEqual([
        { ticker: 'AAPL', split_from: '1.0000', split_to: '4.0000' },
      ]);
      const raw = (await ticks('AAPL', 'massive')).map((tick) => tick.price);
      expect(Math.max(...raw) / Math.min(...raw)).toBeGreaterThan(3.5); // stored as traded

      const cookie = await signedInCookie(t, 'split-reader@example.com');
      const week = async (ticker: string) =>
        (
          (await request(t.server).get(`/api/stocks/${ticker}/historical?range=7days`).set('Cookie', cookie))
            .body as Array<{ price: number | null }>
        )
          .map((p) => p.price)
          .filter((p): p is number => p !== null);
      const adjusted = await week('AAPL');
      expect(adjusted.length).toBeGreaterThan(40);
      expect(Math.max(...adjusted) / Math.min(...adjusted)).toBeLessThan(1.06); // one smooth line (±2%)

      // AAPL traded as OLDX until Tuesday: OLDX's earlier ticks lead the line; a later OLDX tick (another company reusing
      // the symbol) does not.
      await t.database
        .db('former_symbols')
        .insert({ symbol: 'OLDX', successor: 'AAPL', changed_on: '2026-11-18', note: 'test rename' });
      try {
        await t.deps.warehouse.command({
          query: "ALTER TABLE price_ticks DELETE WHERE ticker = 'AAPL' AND ts < '2026-11-18 05:00:00'",
          clickhouse_settings: { mutations_sync: '1' },
        });
        const before = expectedBars(
          'AAPL',
          new Date(FRIDAY_NOON.getTime() - 7 * DAY_MS),
          new Date(exDate.getTime() - 1),
        );
        await t.deps.warehouse.insert({
          table: 'price_ticks',
          format: 'JSONEachRow',
          values: [
            ...before.map((b) => ({
              ticker: 'OLDX',
              ts: new Date(b.at).toISOString(),
              price: b.price,
              change_percent: 0,
              source: 'massive',
            })),
            {
              ticker: 'OLDX',
              ts: new Date(FRIDAY_NOON.getTime() - HOUR_MS).toISOString(),
              price: 999,
              change_percent: 0,
              source: 'massive',
            },
          ],
        });
        const renamed = await week('AAPL');
        expect(renamed.length).toBe(adjusted.length);
        expect(Math.max(...renamed) / Math.min(...renamed)).toBeLessThan(1.06);
      } finally {
        await t.database.db('former_symbols').where({ symbol: 'OLDX' }).delete();
      }
    });
  });

  const providers: Record<PriceProviderName, { key: string; historyPath: RegExp }> = {
    massive: { key: MASSIVE_API_KEY, historyPath: MASSIVE_AGGREGATES_PATH },
    tiingo: { key: TIINGO_API_KEY, historyPath: TIINGO_PRICES_PATH },
  };

  describe.each(priceProviders)('with %s against its local server', (name) => {
    const { key, historyPath } = providers[name];
    const provider = () =>
      createPriceProvider(
        { PRICE_PROVIDER: name, PRICE_API_KEY: key, PRICE_API_URL: replay().url, SIMULATED_FEED_SEED: 1 },
        { http: testHttpPolicy },
      );
    const refresh = (p = provider()) =>
      createPriceActivities({ db: t.database.db, warehouse: t.deps.warehouse, prices: p, now }).refreshPrices();

    beforeEach(async () => {
      pinned = FRIDAY_NOON;
      await reset(['AAPL', 'GME']);
    });

    it('a fresh install backfills 7 days of 5-minute bars; a 2-hour outage is filled on the next run', async () => {
      const first = await refresh();
      expect(first).toMatchObject({ source: name, simulated: false, priced: 2, historyFilled: 2, historyPending: 0 });
      const weekAgo = new Date(FRIDAY_NOON.getTime() - 7 * DAY_MS);
      const aapl = await ticks('AAPL', name);
      const bars = expectedBars('AAPL', weekAgo, FRIDAY_NOON);
      // Five sessions: Friday the 13th after noon (12:05–15:55), Monday to Thursday in full, this Friday to noon.
      expect(bars.length).toBe(47 + 4 * 78 + 31);
      expect(aapl.filter((tick) => tick.at < FRIDAY_NOON.getTime())).toEqual(
        bars.filter((b) => b.at < FRIDAY_NOON.getTime()),
      );
      expect(aapl.at(-1)!.at).toBe(FRIDAY_NOON.getTime()); // the live quote
      expect(replay().requestsTo(historyPath)).toHaveLength(2);

      // The provider is down for two hours (every refresh in between fails); the first one after it fills the gap.
      pinned = new Date(FRIDAY_NOON.getTime() + 2 * HOUR_MS);
      const after = await refresh();
      expect(after).toMatchObject({ historyFilled: 2, historyPending: 0 });
      const gap = (await ticks('GME', name)).filter(
        (tick) => tick.at > FRIDAY_NOON.getTime() && tick.at < pinned.getTime(),
      );
      expect(gap).toEqual(expectedBars('GME', FRIDAY_NOON, new Date(pinned.getTime() - 1)));
      expect(gap).toHaveLength(23); // every bar from 12:05 to 13:55

      // One minute on, nothing is missing: no history request.
      const requests = replay().requestsTo(historyPath).length;
      pinned = new Date(pinned.getTime() + MINUTE_MS);
      expect(await refresh()).toMatchObject({ historyFilled: 0, historyPending: 0 });
      expect(replay().requestsTo(historyPath)).toHaveLength(requests);
      const runs = await t.database.db('price_refreshes').orderBy('at').select('source', 'priced', 'history_filled');
      expect(runs).toEqual([
        { source: name, priced: 2, history_filled: 2 },
        { source: name, priced: 2, history_filled: 2 },
        { source: name, priced: 2, history_filled: 0 },
      ]);
    });

    it('waits out a 429 as Retry-After says', async () => {
      const rateLimit =
        name === 'massive' ? fixture('massive/error-rate-limit.json') : fixture('tiingo/error-rate-limit.json');
      replay().enqueue({ path: historyPath }, { status: 429, headers: { 'retry-after': '1' }, body: rateLimit });
      const started = Date.now();
      expect(await refresh()).toMatchObject({ historyFilled: 2, historyPending: 0 });
      expect(Date.now() - started).toBeGreaterThanOrEqual(950);
      expect(replay().requestsTo(historyPath)).toHaveLength(3);
      expect((await ticks('AAPL', name)).length).toBeGreaterThan(300);
    });

    it('a ticker the provider does not carry (404 on its history) has no history, and the run goes on', async () => {
      replay().enqueue(
        { path: historyPath },
        {
          status: 404,
          body:
            name === 'massive'
              ? { status: 'NOT_FOUND', request_id: 'x', message: 'Ticker not found.' }
              : { detail: 'Error: Ticker not found' },
        },
      );
      expect(await refresh()).toMatchObject({ historyFilled: 2, historyPending: 0 });
      expect((await ticks('AAPL', name)).length + (await ticks('GME', name)).length).toBeGreaterThan(390);
    });

    it('a malformed answer stops the run with one line naming the provider and the field', async () => {
      const body =
        name === 'massive'
          ? { status: 'OK', ticker: 'AAPL', results: [{ t: 1763648400000, c: '228.4' }] }
          : [{ date: '2026-11-20T14:30:00.000Z', close: '228.4' }];
      replay().enqueue({ path: historyPath }, { status: 200, body });
      const failure = await refresh().then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(failure).toBeInstanceOf(ApplicationFailure);
      const message = (failure as ApplicationFailure).message;
      expect(message).not.toContain('\n');
      expect(message).toMatch(
        new RegExp(
          `^prices ${name}: GET .*malformed payload: ${name === 'massive' ? 'results.0.c' : '0.close'}: expected number, got the string "228.4"$`,
        ),
      );
      expect((failure as ApplicationFailure).nonRetryable).toBe(true);
    });

    it('stops filling history when its time budget is spent, and the next refresh carries on', async () => {
      const budgeted = () =>
        createPriceActivities({
          db: t.database.db,
          warehouse: t.deps.warehouse,
          prices: provider(),
          now,
          historyTimeBudgetMs: 0,
        }).refreshPrices();
      expect(await budgeted()).toMatchObject({ historyFilled: 1, historyPending: 1 });
      pinned = new Date(FRIDAY_NOON.getTime() + MINUTE_MS);
      expect(await budgeted()).toMatchObject({ historyFilled: 1, historyPending: 0 });
      expect((await ticks('AAPL', name)).length).toBeGreaterThan(300);
      expect((await ticks('GME', name)).length).toBeGreaterThan(300);
    });

    it('keeps within the request budget, and the next refresh carries on where it stopped', async () => {
      await t.database.db('stocks').insert([{ ticker: 'BRK.B', name: 'BRK.B' }]);
      // Three requests for the run: the quotes take one, two tickers get their history, the third waits.
      const limiter = new RateLimiterMemory({ points: 3, duration: 3600 });
      const paced = createPriceProvider(
        { PRICE_PROVIDER: name, PRICE_API_KEY: key, PRICE_API_URL: replay().url, SIMULATED_FEED_SEED: 1 },
        { http: testHttpPolicy, limiters: () => limiter },
      );
      const first = await refresh(paced);
      expect(first).toMatchObject({ historyFilled: 2, historyPending: 1 });
      expect(replay().requestsTo(historyPath)).toHaveLength(2);
      await limiter.delete('app');
      pinned = new Date(FRIDAY_NOON.getTime() + MINUTE_MS);
      const second = await refresh(paced);
      expect(second).toMatchObject({ historyFilled: 1, historyPending: 0 });
      expect((await ticks('BRK.B', name)).length).toBeGreaterThan(300);
    });
  });
});
