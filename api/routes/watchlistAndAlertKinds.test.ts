import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_WATCHLIST } from '../../core/contracts/watchlist';
import { signedInCookie } from '../../tests/support/signIn';
import { startTestApp, type TestApp } from '../../tests/support/testApp';

describe('watchlist, alert kinds and noise control API', () => {
  let t: TestApp;
  let alice: string;
  let bob: string;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    t = await startTestApp();
    alice = await signedInCookie(t, 'alice@example.com');
    bob = await signedInCookie(t, 'bob@example.com');
    const tickers = ['AMC', 'GME', 'TSLA', ...Array.from({ length: MAX_WATCHLIST + 1 }, (_, i) => `W${i}`)];
    const rows = await t.database
      .db('stocks')
      .insert(tickers.map((ticker) => ({ ticker, name: `${ticker} Inc.` })))
      .returning<Array<{ id: number; ticker: string }>>(['id', 'ticker']);
    for (const r of rows) ids[r.ticker] = r.id;
  });
  afterAll(async () => t?.close());

  const as = (cookie: string) => ({
    get: (path: string) => request(t.server).get(path).set('Cookie', cookie),
    put: (path: string, body: unknown) =>
      request(t.server)
        .put(path)
        .set('Cookie', cookie)
        .send(body as object),
    post: (path: string, body: unknown) =>
      request(t.server)
        .post(path)
        .set('Cookie', cookie)
        .send(body as object),
  });

  it('GET/PUT /api/watchlist: replaces the whole list, per user, upper-cases and de-duplicates, and is in Download My Data', async () => {
    expect((await as(alice).get('/api/watchlist')).body).toEqual({ tickers: [] });
    const saved = await as(alice).put('/api/watchlist', { tickers: ['amc', 'GME', 'AMC'] });
    expect(saved.status).toBe(200);
    expect(saved.body.tickers.sort()).toEqual(['AMC', 'GME']);
    expect((await as(alice).put('/api/watchlist', { tickers: ['GME', 'TSLA'] })).body.tickers.sort()).toEqual([
      'GME',
      'TSLA',
    ]);
    expect((await as(alice).get('/api/watchlist')).body.tickers.sort()).toEqual(['GME', 'TSLA']);
    expect((await as(bob).get('/api/watchlist')).body).toEqual({ tickers: [] });
    const exported = await as(alice).get('/api/user/export');
    expect(exported.body.watchlist.sort()).toEqual(['GME', 'TSLA']);
    expect(exported.body.alertSettings).toEqual({
      timeZone: 'UTC',
      quietHoursStart: null,
      quietHoursEnd: null,
      maxAlertsPerHour: 10,
    });
    expect((await request(t.server).get('/api/watchlist')).status).toBe(401);
    expect((await request(t.server).put('/api/watchlist').send({ tickers: [] })).status).toBe(401);
  });

  it('keeps the order the user starred in: within one save as sent, and a later star after the earlier ones', async () => {
    const carol = await signedInCookie(t, 'carol@example.com');
    expect((await as(carol).put('/api/watchlist', { tickers: ['TSLA', 'AMC'] })).body.tickers).toEqual(['TSLA', 'AMC']);
    expect((await as(carol).put('/api/watchlist', { tickers: ['TSLA', 'AMC', 'GME'] })).body.tickers).toEqual([
      'TSLA',
      'AMC',
      'GME',
    ]);
    // Unstarring one keeps the others where they were; starring it again puts it last.
    expect((await as(carol).put('/api/watchlist', { tickers: ['AMC', 'GME'] })).body.tickers).toEqual(['AMC', 'GME']);
    expect((await as(carol).put('/api/watchlist', { tickers: ['TSLA', 'AMC', 'GME'] })).body.tickers).toEqual([
      'AMC',
      'GME',
      'TSLA',
    ]);
    expect((await as(carol).get('/api/watchlist')).body.tickers).toEqual(['AMC', 'GME', 'TSLA']);
    expect((await as(carol).get('/api/user/export')).body.watchlist).toEqual(['AMC', 'GME', 'TSLA']);
  });

  it.each([
    [{ tickers: ['AMC', 'NOPE'] }, 'tickers: unknown stock NOPE'],
    [{ tickers: 'AMC' }, 'tickers must be a list of ticker symbols'],
    [{}, 'tickers must be a list of ticker symbols'],
    [{ tickers: [''] }, 'tickers must not contain an empty symbol'],
    [
      { tickers: Array.from({ length: MAX_WATCHLIST + 1 }, (_, i) => `W${i}`) },
      `tickers must list at most ${MAX_WATCHLIST} stocks`,
    ],
  ])('PUT /api/watchlist %j → 400 naming tickers', async (body, message) => {
    const res = await as(bob).put('/api/watchlist', body);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect(res.body.field).toMatch(/^tickers/);
    expect((await as(bob).get('/api/watchlist')).body).toEqual({ tickers: [] });
  });

  it('a watchlist of exactly the limit is accepted', async () => {
    const res = await as(bob).put('/api/watchlist', {
      tickers: Array.from({ length: MAX_WATCHLIST }, (_, i) => `W${i}`),
    });
    expect(res.status).toBe(200);
    expect(res.body.tickers).toHaveLength(MAX_WATCHLIST);
    await as(bob).put('/api/watchlist', { tickers: [] });
  });

  it('creates each kind with its defaults; without kind it is a threshold alert', async () => {
    const threshold = await as(alice).post('/api/alerts', { stockId: ids.AMC, mentionThreshold: 100 });
    expect(threshold.body).toMatchObject({
      kind: 'threshold',
      mentionThreshold: 100,
      spikeFactor: null,
      minMentions: null,
      trendScope: null,
      windowMinutes: 1440,
    });
    const spike = await as(alice).post('/api/alerts', { kind: 'spike', stockId: ids.AMC });
    expect(spike.status).toBe(201);
    expect(spike.body).toMatchObject({
      kind: 'spike',
      stockId: ids.AMC,
      mentionThreshold: null,
      spikeFactor: 3,
      minMentions: 10,
      windowMinutes: 1440,
    });
    const spike2 = await as(alice).post('/api/alerts', {
      kind: 'spike',
      stockId: ids.AMC,
      spikeFactor: 4.5,
      minMentions: 25,
      windowMinutes: 60,
    });
    expect(spike2.body).toMatchObject({ spikeFactor: 4.5, minMentions: 25, windowMinutes: 60 });
    const flip = await as(alice).post('/api/alerts', { kind: 'sentiment_flip', stockId: ids.GME, windowMinutes: 240 });
    expect(flip.body).toMatchObject({
      kind: 'sentiment_flip',
      minMentions: 10,
      windowMinutes: 240,
      stock: { ticker: 'GME' },
    });
    const trendOne = await as(alice).post('/api/alerts', { kind: 'new_trend', stockId: ids.TSLA });
    expect(trendOne.body).toMatchObject({ kind: 'new_trend', trendScope: 'stock', stockId: ids.TSLA });
    const trendAny = await as(alice).post('/api/alerts', { kind: 'new_trend', trendScope: 'any' });
    expect(trendAny.body).toMatchObject({ kind: 'new_trend', trendScope: 'any', stockId: null, stock: null });
    const trendWatch = await as(alice).post('/api/alerts', { kind: 'new_trend', trendScope: 'watchlist' });
    expect(trendWatch.status).toBe(201);
    const again = await as(alice).post('/api/alerts', { kind: 'spike', stockId: ids.AMC });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({
      message: 'You already have a spike alert for this stock with the same factor, minimum and window',
      field: 'spikeFactor',
    });
    expect((await as(alice).post('/api/alerts', { kind: 'new_trend', trendScope: 'any' })).status).toBe(409);
    const list = (await as(alice).get('/api/alerts')).body as Array<{ kind: string }>;
    expect(list.map((a) => a.kind).sort()).toEqual([
      'new_trend',
      'new_trend',
      'new_trend',
      'sentiment_flip',
      'spike',
      'spike',
      'threshold',
    ]);
  });

  it.each([
    [{ kind: 'crossing', stockId: 1 }, 'kind', 'kind must be one of threshold, spike, new_trend, sentiment_flip'],
    [{ kind: 'spike', stockId: 1, spikeFactor: 1.4 }, 'spikeFactor', 'spikeFactor must be between 1.5 and 20'],
    [{ kind: 'spike', stockId: 1, spikeFactor: 21 }, 'spikeFactor', 'spikeFactor must be between 1.5 and 20'],
    [{ kind: 'spike', stockId: 1, spikeFactor: '3' }, 'spikeFactor', 'spikeFactor must be a number'],
    [{ kind: 'spike', stockId: 1, minMentions: 0 }, 'minMentions', 'minMentions must be at least 1'],
    [{ kind: 'spike', stockId: 1, minMentions: 2.5 }, 'minMentions', 'minMentions must be a whole number'],
    [
      { kind: 'spike', stockId: 1, mentionThreshold: 10 },
      'mentionThreshold',
      'mentionThreshold does not apply to a spike alert',
    ],
    [{ kind: 'spike' }, 'stockId', 'stockId is required'],
    [
      { stockId: 1, mentionThreshold: 10, spikeFactor: 3 },
      'spikeFactor',
      'spikeFactor does not apply to a threshold alert',
    ],
    [
      { kind: 'sentiment_flip', stockId: 1, spikeFactor: 3 },
      'spikeFactor',
      'spikeFactor does not apply to a sentiment flip alert',
    ],
    [{ kind: 'new_trend', trendScope: 'sector' }, 'trendScope', 'trendScope must be one of stock, watchlist, any'],
    [{ kind: 'new_trend' }, 'stockId', 'stockId is required'],
    [
      { kind: 'new_trend', trendScope: 'any', stockId: 1 },
      'stockId',
      'stockId does not apply to a new-trend alert on any stock',
    ],
    [
      { kind: 'new_trend', trendScope: 'any', windowMinutes: 60 },
      'windowMinutes',
      'windowMinutes does not apply to a new trend alert',
    ],
    [{ kind: 'spike', stockId: 999999 }, 'stockId', 'Stock not found'],
  ])('POST /api/alerts %j → 400 naming %s', async (body, field, message) => {
    const res = await as(bob).post('/api/alerts', body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ field, message });
  });

  it('GET/PUT /api/alert-settings: defaults, saves a valid IANA zone and quiet hours, refuses bad ones naming the field', async () => {
    expect((await as(bob).get('/api/alert-settings')).body).toEqual({
      timeZone: 'UTC',
      quietHoursStart: null,
      quietHoursEnd: null,
      maxAlertsPerHour: 10,
    });
    const good = {
      timeZone: 'America/New_York',
      quietHoursStart: '22:00',
      quietHoursEnd: '07:30',
      maxAlertsPerHour: 5,
    };
    const saved = await as(bob).put('/api/alert-settings', good);
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual(good);
    expect((await as(bob).get('/api/alert-settings')).body).toEqual(good);
    expect((await as(alice).get('/api/alert-settings')).body.timeZone).toBe('UTC');
    const bad: Array<[Record<string, unknown>, string, string]> = [
      [{ timeZone: 'Mars/Olympus' }, 'timeZone', 'timeZone must be an IANA time zone such as Europe/Berlin'],
      [{ timeZone: '' }, 'timeZone', 'timeZone must be an IANA time zone such as Europe/Berlin'],
      [{ quietHoursStart: '24:00' }, 'quietHoursStart', 'quietHoursStart must be a time HH:MM (00:00 to 23:59)'],
      [{ quietHoursEnd: '7:30' }, 'quietHoursEnd', 'quietHoursEnd must be a time HH:MM (00:00 to 23:59)'],
      [{ quietHoursEnd: null }, 'quietHoursEnd', 'quietHoursStart and quietHoursEnd are set together (or both null)'],
      [{ quietHoursEnd: '22:00' }, 'quietHoursEnd', 'quietHoursEnd must differ from quietHoursStart'],
      [{ maxAlertsPerHour: 0 }, 'maxAlertsPerHour', 'maxAlertsPerHour must be between 1 and 100'],
      [{ maxAlertsPerHour: 101 }, 'maxAlertsPerHour', 'maxAlertsPerHour must be between 1 and 100'],
      [{ maxAlertsPerHour: 2.5 }, 'maxAlertsPerHour', 'maxAlertsPerHour must be a whole number'],
    ];
    for (const [change, field, message] of bad) {
      const res = await as(bob).put('/api/alert-settings', { ...good, ...change });
      expect(res.status, JSON.stringify(change)).toBe(400);
      expect(res.body).toMatchObject({ field, message });
    }
    expect(
      (await as(bob).put('/api/alert-settings', { ...good, quietHoursStart: null, quietHoursEnd: null })).body
        .quietHoursStart,
    ).toBeNull();
    expect((await request(t.server).get('/api/alert-settings')).status).toBe(401);
  });
});
