import { describe, expect, it } from 'vitest';
import { MASSIVE_API_KEY, MASSIVE_SNAPSHOT_PATH } from '../../tests/replay/massiveReplay';
import { fixture } from '../../tests/replay/replayTypes';
import { expectConnectorError, testHttpPolicy, timed, useReplayServer } from '../../tests/replay/testing';
import { createPriceProvider } from '.';
import { createMassivePriceProvider } from './massivePrices';

describe('Massive (Polygon) snapshot price provider against a local server', () => {
  const replay = useReplayServer();

  const provider = (overrides: Partial<Parameters<typeof createMassivePriceProvider>[0]> = {}) =>
    createMassivePriceProvider({ apiKey: MASSIVE_API_KEY, apiUrl: replay().url, http: testHttpPolicy, ...overrides });

  it('quotes the requested tickers from one snapshot call: freshest positive price, change vs the previous close', async () => {
    const quotes = await provider().quotes(['AAPL', 'GME', 'TSLA', 'BRK.B', 'HALTD', 'NOPE']);
    expect(quotes).toEqual([
      { ticker: 'AAPL', price: 228.42, changePercent: 1.048 }, // last trade
      { ticker: 'GME', price: 24.33, changePercent: 5.875 }, // no trades in the plan: the minute bar
      { ticker: 'TSLA', price: 412.77, changePercent: 0 }, // before the day's first trade: the previous close
      { ticker: 'BRK.B', price: 501.2, changePercent: -0.929 },
      // HALTD has no positive price anywhere and NOPE is unknown: both left out.
    ]);
    const calls = replay().requestsTo(MASSIVE_SNAPSHOT_PATH);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.query.get('tickers')).toBe('AAPL,GME,TSLA,BRK.B,HALTD,NOPE');
    expect(calls[0]!.headers.authorization).toBe(`Bearer ${MASSIVE_API_KEY}`);
    expect(calls[0]!.query.get('apiKey')).toBeNull(); // the key stays out of URLs and logs
    const p = provider();
    expect(p.simulated).toBe(false);
    expect(p.name).toBe('massive');
  });

  it('asks in batches of at most 250 tickers', async () => {
    const tickers = Array.from({ length: 600 }, (_, i) => `T${i}`);
    for (const t of tickers) replay().massive.setSnapshot(t, 10 + (tickers.indexOf(t) % 50), 1.5);
    const quotes = await provider().quotes(tickers);
    expect(quotes).toHaveLength(600);
    expect(
      replay()
        .requestsTo(MASSIVE_SNAPSHOT_PATH)
        .map((r) => r.query.get('tickers')!.split(',').length),
    ).toEqual([250, 250, 100]);
  });

  it('waits as Retry-After says on 429, then succeeds', async () => {
    replay().enqueue(
      { path: MASSIVE_SNAPSHOT_PATH },
      { status: 429, headers: { 'retry-after': '1' }, body: fixture('massive/error-rate-limit.json') },
    );
    const { result, ms } = await timed(() => provider().quotes(['AAPL']));
    expect(result).toEqual([{ ticker: 'AAPL', price: 228.42, changePercent: 1.048 }]);
    expect(ms).toBeGreaterThanOrEqual(950);
    expect(replay().requestsTo(MASSIVE_SNAPSHOT_PATH)).toHaveLength(2);
  });

  it('fails retryably when the server asks to wait longer than the cap, or keeps answering 429', async () => {
    replay().enqueue(
      { path: MASSIVE_SNAPSHOT_PATH },
      { status: 429, headers: { 'retry-after': '120' }, body: fixture('massive/error-rate-limit.json') },
    );
    await expectConnectorError(provider().quotes(['AAPL']), true, 'prices massive', /wait 120 s/);
    replay().reset();
    replay().enqueue(
      { path: MASSIVE_SNAPSHOT_PATH },
      { status: 429, body: fixture('massive/error-rate-limit.json') },
      5,
    );
    await expectConnectorError(
      provider().quotes(['AAPL']),
      true,
      /rate limited \(HTTP 429: You've exceeded the maximum requests per minute/,
      /after 3 attempt/,
    );
  });

  it('rejects a malformed payload naming the field, and a body that is not JSON', async () => {
    const body = fixture<{ tickers: Array<Record<string, unknown>> }>('massive/snapshot-tickers.json');
    body.tickers[1]!.todaysChangePerc = '5.875';
    replay().enqueue({ path: MASSIVE_SNAPSHOT_PATH }, { status: 200, body });
    await expectConnectorError(
      provider().quotes(['AAPL', 'GME']),
      false,
      'prices massive',
      'malformed payload',
      'tickers.1.todaysChangePerc',
    );

    replay().enqueue({ path: MASSIVE_SNAPSHOT_PATH }, { status: 200, body: { status: 'OK', tickers: 'none' } });
    await expectConnectorError(provider().quotes(['AAPL']), false, 'malformed payload', 'tickers');

    replay().enqueue({ path: MASSIVE_SNAPSHOT_PATH }, { status: 200, body: '<html>maintenance</html>' });
    await expectConnectorError(provider().quotes(['AAPL']), false, 'malformed payload', 'not JSON');
  });

  it('fails for good on a rejected key or a plan without snapshots', async () => {
    await expectConnectorError(
      provider({ apiKey: 'wrong' }).quotes(['AAPL']),
      false,
      'credentials rejected (HTTP 401: Unknown API Key)',
    );
    replay().enqueue(
      { path: MASSIVE_SNAPSHOT_PATH },
      { status: 403, body: fixture('massive/error-not-authorized.json') },
    );
    await expectConnectorError(provider().quotes(['AAPL']), false, /HTTP 403: You are not entitled to this data/);
  });

  it('is chosen when PRICE_API_KEY is set; without it prices are simulated', async () => {
    const real = createPriceProvider(
      { PRICE_API_KEY: MASSIVE_API_KEY, PRICE_API_URL: replay().url, SIMULATED_FEED_SEED: 1 },
      { http: testHttpPolicy },
    );
    expect(real.simulated).toBe(false);
    expect(await real.quotes(['GME'])).toEqual([{ ticker: 'GME', price: 24.33, changePercent: 5.875 }]);
    const simulated = createPriceProvider({ PRICE_API_KEY: '  ', SIMULATED_FEED_SEED: 1 });
    expect(simulated.simulated).toBe(true);
    expect((await simulated.quotes(['GME']))[0]!.price).toBeGreaterThan(0);
  });
});
