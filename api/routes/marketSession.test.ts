import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { platformStatusSchema } from '../../core/contracts/platformStatus';
import { sessionPricesSchema } from '../../core/contracts/stocks';
import { seedTickerUniverse } from '../../seed/tickerUniverse';
import { HOUR, mentionAt } from '../../tests/support/mentionRows';
import { signedInCookie } from '../../tests/support/signIn';
import { startTestApp, type TestApp } from '../../tests/support/testApp';
import { insertMentions } from '../../warehouse/queries/insertMentions';
import { createPriceActivities } from '../../workflows/activities/priceActivities';
import { createSimulatedPriceProvider } from '../../domain/prices/simulatedPrices';

// Saturday 2026-11-21, noon in New York: the market is closed; the last session is Friday's, 9:30–16:00 (14:30–21:00 UTC).
let pinned = new Date('2026-11-21T17:00:00Z');
const now = () => pinned;

describe('prices outside market hours: GET /api/status prices and GET /api/stocks/:ticker/session', () => {
  let t: TestApp;
  let cookie: string;
  const get = (path: string) => request(t.server).get(path).set('Cookie', cookie);

  beforeAll(async () => {
    t = await startTestApp({ dashboardCacheMs: 0, now });
    await seedTickerUniverse(t.database.db);
    cookie = await signedInCookie(t, 'session-user@example.com');
    await t.database.db('stocks').insert([{ ticker: 'AAPL', name: 'Apple Inc.' }]);
    // A fresh install's first price refresh, at the pinned time: it backfills the week, Friday's session included.
    const prices = createSimulatedPriceProvider({ seed: 11, now });
    await createPriceActivities({ db: t.database.db, warehouse: t.deps.warehouse, prices, now }).refreshPrices();
  });
  afterAll(async () => t?.close());

  it('reports simulated prices, a closed market and the last session; mentions held since their first hour', async () => {
    const before = platformStatusSchema.parse((await get('/api/status')).body);
    expect(before.prices).toEqual({ source: 'simulated', simulated: true, marketOpen: false, session: '2026-11-20' });
    expect(before.mentionsSince).toBeNull();
    await insertMentions(t.deps.warehouse, [
      mentionAt('AAPL', pinned.getTime() - 50 * HOUR),
      mentionAt('AAPL', pinned.getTime() - HOUR),
    ]);
    const after = platformStatusSchema.parse((await get('/api/status')).body);
    expect(after.mentionsSince).toBe(new Date(Math.floor((pinned.getTime() - 50 * HOUR) / HOUR) * HOUR).toISOString());
  });

  it("while closed, the session line is Friday's, every 5 minutes from the open to the close, and it moves", async () => {
    const res = await get('/api/stocks/aapl/session');
    expect(res.status).toBe(200);
    const session = sessionPricesSchema.parse(res.body);
    expect(session).toMatchObject({
      date: '2026-11-20',
      open: false,
      opensAt: '2026-11-20T14:30:00.000Z',
      closesAt: '2026-11-20T21:00:00.000Z',
    });
    expect(session.points).toHaveLength(79);
    expect(session.points[0]!.timestamp).toBe('2026-11-20T14:30:00.000Z');
    expect(session.points.at(-1)!.timestamp).toBe('2026-11-20T21:00:00.000Z');
    const prices = session.points.map((p) => p.price);
    expect(prices.every((p) => p !== null && p > 0)).toBe(true);
    expect(new Set(prices).size).toBeGreaterThan(40); // not a flat line
    // It ends at the close the stock list shows.
    const stock = await t.database.db('stocks').where({ ticker: 'AAPL' }).first('price');
    expect(prices.at(-1)!.toFixed(2)).toBe(stock.price);
    // The one-hour history, by contrast, is flat: nothing trades on a Saturday.
    const hour = (await get('/api/stocks/AAPL/historical?range=1hour')).body as Array<{ price: number }>;
    expect(new Set(hour.map((p) => p.price)).size).toBe(1);
  });

  it('during a session, the line runs from the open to now', async () => {
    pinned = new Date('2026-11-20T16:02:00Z'); // Friday 11:02 New York
    try {
      const session = sessionPricesSchema.parse((await get('/api/stocks/AAPL/session')).body);
      expect(session).toMatchObject({ date: '2026-11-20', open: true });
      expect(session.points.at(-1)!.timestamp).toBe('2026-11-20T16:00:00.000Z');
      expect(session.points).toHaveLength(19);
      expect(platformStatusSchema.parse((await get('/api/status')).body).prices.marketOpen).toBe(true);
    } finally {
      pinned = new Date('2026-11-21T17:00:00Z');
    }
  });

  it('a restarted worker fills only the gap since the last stored tick', async () => {
    const prices = createSimulatedPriceProvider({ seed: 11, now });
    const restarted = () => createPriceActivities({ db: t.database.db, warehouse: t.deps.warehouse, prices, now });
    const count = async () =>
      Number(
        (
          await (
            await t.deps.warehouse.query({
              query: "SELECT count() AS n FROM price_ticks FINAL WHERE ticker = 'AAPL'",
              format: 'JSONEachRow',
            })
          ).json<{ n: string }>()
        )[0]!.n,
      );
    const before = await count();
    // Same Saturday: nothing is missing, nothing is written again.
    expect((await restarted().refreshPrices()).ticks).toBe(0);
    expect(await count()).toBe(before);
    // Monday 10:00 New York, after a stop over the weekend: the half hour since the open, minute by minute, and the live tick.
    pinned = new Date('2026-11-23T15:00:00Z');
    try {
      const result = await restarted().refreshPrices();
      expect(result.ticks).toBeGreaterThan(20);
      expect(result.ticks).toBeLessThanOrEqual(32);
      const first = await t.deps.warehouse.query({
        query:
          "SELECT toUnixTimestamp64Milli(min(ts)) AS at FROM price_ticks FINAL WHERE ticker = 'AAPL' AND ts > '2026-11-22 00:00:00'",
        format: 'JSONEachRow',
      });
      expect(Number((await first.json<{ at: string }>())[0]!.at)).toBeGreaterThanOrEqual(
        Date.parse('2026-11-23T14:30:00Z'),
      );
    } finally {
      pinned = new Date('2026-11-21T17:00:00Z');
    }
  });

  it('answers 404 for an unknown ticker and 400 for a malformed one', async () => {
    expect((await get('/api/stocks/NOPEX/session')).status).toBe(404);
    const bad = await get('/api/stocks/%24%24/session');
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('ticker');
  });
});
