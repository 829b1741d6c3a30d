import { describe, expect, it } from 'vitest';
import { TIINGO_API_KEY, TIINGO_IEX_PATH } from '../../tests/replay/tiingoReplay';
import { expectConnectorError, testHttpPolicy, useReplayServer } from '../../tests/replay/testing';
import { createPriceProvider, FREE_PLAN_REQUESTS_PER_HOUR, pacingOf, priceSource } from '.';
import { createTiingoPriceProvider } from './tiingoPrices';

describe('Tiingo IEX price provider against a local server', () => {
  const replay = useReplayServer();
  const provider = (apiKey = TIINGO_API_KEY) =>
    createTiingoPriceProvider({ apiKey, apiUrl: replay().url, http: testHttpPolicy });

  it("quotes Tiingo's reference last against the previous close, in the product's spelling; the key stays in a header", async () => {
    const quotes = await provider().quotes(['AAPL', 'GME', 'BRK.B', 'HALTD', 'NOPE']);
    expect(quotes).toEqual([
      { ticker: 'AAPL', price: 228.42, changePercent: 1.05 },
      { ticker: 'GME', price: 24.33, changePercent: 5.87 },
      { ticker: 'BRK.B', price: 501.2, changePercent: -0.93 },
      // HALTD has no last price and NOPE is unknown: both left out.
    ]);
    const [call] = replay().requestsTo(TIINGO_IEX_PATH);
    expect(call!.query.get('tickers')).toBe('aapl,gme,brk-b,haltd,nope');
    expect(call!.headers.authorization).toBe(`Token ${TIINGO_API_KEY}`);
    expect(call!.query.get('token')).toBeNull();
  });

  it('fails for good on a rejected token, naming the provider', async () => {
    await expectConnectorError(
      provider('wrong').quotes(['AAPL']),
      false,
      'prices tiingo',
      'credentials rejected (HTTP 401: Invalid token.)',
    );
  });

  it('is chosen by PRICE_PROVIDER=tiingo with a key', () => {
    const settings = { PRICE_PROVIDER: 'tiingo' as const, PRICE_API_KEY: TIINGO_API_KEY, SIMULATED_FEED_SEED: 1 };
    expect(createPriceProvider(settings).name).toBe('tiingo');
    expect(priceSource(settings)).toEqual({ source: 'tiingo', simulated: false });
    expect(priceSource({ PRICE_PROVIDER: 'tiingo', PRICE_API_KEY: ' ' })).toEqual({
      source: 'simulated',
      simulated: true,
    });
  });

  it('paces each free plan within its published limits', () => {
    // Massive: 5 a minute. One per 20 s: at most 4 in any sliding minute.
    expect(pacingOf('massive', FREE_PLAN_REQUESTS_PER_HOUR.massive)).toEqual({ points: 1, duration: 20 });
    // Tiingo: 50 an hour, 1,000 a day. Five per 10 minutes: at most 35 in any sliding hour, 720 a day.
    const tiingo = pacingOf('tiingo', FREE_PLAN_REQUESTS_PER_HOUR.tiingo);
    expect(tiingo).toEqual({ points: 5, duration: 600 });
    expect(tiingo.points * (3600 / tiingo.duration + 1)).toBeLessThanOrEqual(50);
    expect(tiingo.points * (86_400 / tiingo.duration)).toBeLessThanOrEqual(1_000);
    // A paid plan's allowance scales the pace.
    expect(pacingOf('massive', 60_000).points).toBe(250);
  });
});
