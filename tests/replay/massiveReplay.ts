import { bearerOf, fixture, json, type PlatformReplay, type ReplayRequest, type ReplayResponse } from './replayTypes';
import type { ReplayMarket } from './replayMarket';

export const MASSIVE_API_KEY = 'replay_massive_key_0123456789abcdef';
export const MASSIVE_SNAPSHOT_PATH = '/v2/snapshot/locale/us/markets/stocks/tickers';
export const MASSIVE_SPLITS_PATH = '/v3/reference/splits';
export const MASSIVE_AGGREGATES_PATH = /^\/v2\/aggs\/ticker\/[^/]+\/range\/5\/minute\/\d+\/\d+$/;

interface Snapshot {
  ticker: string;
  [field: string]: unknown;
}

/**
 * api.massive.com (formerly api.polygon.io) stocks snapshot: `tickers=A,B,…` (case-sensitive; empty or absent means the
 * whole market), `Authorization: Bearer <key>` or `?apiKey=`, answers `{status, count, tickers: [...]}` with the
 * recorded snapshots of the requested tickers that exist. Tests add tickers with `setSnapshot`. Aggregates,
 * `/v2/aggs/ticker/{T}/range/5/minute/{from ms}/{to ms}`, answer 5-minute bars of the shared ReplayMarket in the
 * documented shape (fixtures/massive/aggregates-5-minute.json), `results` left out when there are none.
 */
export class MassiveReplay implements PlatformReplay {
  private readonly snapshots = new Map<string, Snapshot>();
  /** Splits by execution date (`/v3/reference/splits`); none until a test adds some. */
  readonly splits: Array<{ execution_date: string; id: string; split_from: number; split_to: number; ticker: string }> =
    [];

  constructor(private readonly market: ReplayMarket) {
    for (const s of fixture<{ tickers: Snapshot[] }>('massive/snapshot-tickers.json').tickers)
      this.snapshots.set(s.ticker, s);
  }

  /** A ticker's snapshot as the API would send it (a minimal realistic one from a price and change). */
  setSnapshot(ticker: string, price: number, changePercent: number): void {
    const previous = price / (1 + changePercent / 100);
    this.snapshots.set(ticker, {
      ticker,
      day: { c: price, h: price, l: price, o: previous, v: 1000, vw: price },
      min: { av: 1000, c: price, h: price, l: price, n: 1, o: price, t: Date.now(), v: 10, vw: price },
      prevDay: { c: previous, h: previous, l: previous, o: previous, v: 1000, vw: previous },
      todaysChange: price - previous,
      todaysChangePerc: changePercent,
      updated: Date.now() * 1_000_000,
    });
  }

  handle(request: ReplayRequest): ReplayResponse | undefined {
    const aggregates = MASSIVE_AGGREGATES_PATH.test(request.path);
    if (
      (![MASSIVE_SNAPSHOT_PATH, MASSIVE_SPLITS_PATH].includes(request.path) && !aggregates) ||
      request.method !== 'GET'
    )
      return undefined;
    const key = bearerOf(request) ?? request.query.get('apiKey');
    if (key !== MASSIVE_API_KEY) return json(401, fixture('massive/error-unknown-key.json'));
    if (request.path === MASSIVE_SPLITS_PATH) {
      const day = request.query.get('execution_date');
      return json(200, {
        results: this.splits.filter((s) => !day || s.execution_date === day),
        status: 'OK',
        request_id: 'replay',
      });
    }
    if (aggregates) {
      const [, , , , ticker, , , , from, to] = request.path.split('/');
      const bars = this.market.bars(decodeURIComponent(ticker!), Number(from), Number(to));
      const shape = fixture<{ results: Array<Record<string, number>> }>('massive/aggregates-5-minute.json').results[0]!;
      const results = bars.map((b) => ({
        ...shape,
        o: b.close,
        h: b.close,
        l: b.close,
        c: b.close,
        vw: b.close,
        t: b.t,
      }));
      const adjusted = request.query.get('adjusted') !== 'false';
      return json(200, {
        ticker,
        queryCount: results.length,
        resultsCount: results.length,
        adjusted,
        ...(results.length > 0 ? { results } : {}),
        status: 'OK',
        request_id: 'replay',
        count: results.length,
      });
    }
    const requested = (request.query.get('tickers') ?? '').split(',').filter(Boolean);
    const tickers =
      requested.length === 0
        ? [...this.snapshots.values()]
        : requested.flatMap((t) => (this.snapshots.has(t) ? [this.snapshots.get(t)!] : []));
    return json(200, { status: 'OK', count: tickers.length, tickers, request_id: 'replay' });
  }
}
