import { bearerOf, fixture, json, type PlatformReplay, type ReplayRequest, type ReplayResponse } from './replayTypes';

export const MASSIVE_API_KEY = 'replay_massive_key_0123456789abcdef';
export const MASSIVE_SNAPSHOT_PATH = '/v2/snapshot/locale/us/markets/stocks/tickers';

interface Snapshot {
  ticker: string;
  [field: string]: unknown;
}

/**
 * api.massive.com (formerly api.polygon.io) stocks snapshot: `tickers=A,B,…` (case-sensitive; empty or absent means the
 * whole market), `Authorization: Bearer <key>` or `?apiKey=`, answers `{status, count, tickers: [...]}` with the
 * recorded snapshots of the requested tickers that exist. Tests add tickers with `setSnapshot`.
 */
export class MassiveReplay implements PlatformReplay {
  private readonly snapshots = new Map<string, Snapshot>();

  constructor() {
    for (const s of fixture<{ tickers: Snapshot[] }>('massive/snapshot-tickers.json').tickers) this.snapshots.set(s.ticker, s);
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
    if (request.path !== MASSIVE_SNAPSHOT_PATH || request.method !== 'GET') return undefined;
    const key = bearerOf(request) ?? request.query.get('apiKey');
    if (key !== MASSIVE_API_KEY) return json(401, fixture('massive/error-unknown-key.json'));
    const requested = (request.query.get('tickers') ?? '').split(',').filter(Boolean);
    const tickers = requested.length === 0 ? [...this.snapshots.values()] : requested.flatMap((t) => (this.snapshots.has(t) ? [this.snapshots.get(t)!] : []));
    return json(200, { status: 'OK', count: tickers.length, tickers, request_id: 'replay' });
  }
}
