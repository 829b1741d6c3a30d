import { fixture, json, type PlatformReplay, type ReplayRequest, type ReplayResponse } from './replayTypes';
import type { ReplayMarket } from './replayMarket';

export const TIINGO_API_KEY = 'replay_tiingo_token_0123456789abcdef';
export const TIINGO_IEX_PATH = '/iex';
export const TIINGO_PRICES_PATH = /^\/iex\/[^/]+\/prices$/;
export const TIINGO_SPLITS_PATH = '/tiingo/corporate-actions/splits';

interface TopOfBook {
  ticker: string;
  [field: string]: unknown;
}

/**
 * api.tiingo.com's IEX endpoints (see fixtures/tiingo/README.md): `GET /iex?tickers=a,b` answers the top-of-book of the
 * known tickers (case-insensitive, BRK-B for BRK.B); `GET /iex/{ticker}/prices?startDate&endDate&resampleFreq=5min`
 * answers 5-minute bars from the shared ReplayMarket for the New York dates asked. `Authorization: Token <key>`.
 */
export class TiingoReplay implements PlatformReplay {
  private readonly books = new Map<string, TopOfBook>();
  /** Splits by ex-date (corporate actions); none until a test adds some. */
  readonly splits: Array<{
    permaTicker: string;
    ticker: string;
    exDate: string;
    splitFrom: number;
    splitTo: number;
    splitFactor: number;
    splitStatus: string;
  }> = [];

  constructor(private readonly market: ReplayMarket) {
    for (const b of fixture<TopOfBook[]>('tiingo/iex-top-of-book.json')) this.books.set(b.ticker.toLowerCase(), b);
  }

  /** A ticker's top-of-book from a price and the previous close. */
  setQuote(ticker: string, price: number, prevClose: number): void {
    const t = ticker.replace(/\./g, '-').toUpperCase();
    this.books.set(t.toLowerCase(), {
      ticker: t,
      timestamp: new Date().toISOString(),
      quoteTimestamp: null,
      lastSaleTimestamp: null,
      last: null,
      lastSize: null,
      tngoLast: price,
      prevClose,
      open: prevClose,
      high: price,
      low: price,
      mid: null,
      volume: 0,
    });
  }

  handle(request: ReplayRequest): ReplayResponse | undefined {
    const isTop = request.path === TIINGO_IEX_PATH || request.path === `${TIINGO_IEX_PATH}/`;
    const isSplits = request.path === TIINGO_SPLITS_PATH;
    if (request.method !== 'GET' || !(isTop || isSplits || TIINGO_PRICES_PATH.test(request.path))) return undefined;
    if (request.headers.authorization !== `Token ${TIINGO_API_KEY}` && request.query.get('token') !== TIINGO_API_KEY)
      return json(401, fixture('tiingo/error-invalid-token.json'));
    if (isSplits) {
      const day = request.query.get('exDate') ?? new Date().toISOString().slice(0, 10);
      return json(
        200,
        this.splits.filter((s) => s.exDate.slice(0, 10) === day),
      );
    }
    if (isTop) {
      const wanted = (request.query.get('tickers') ?? '')
        .split(',')
        .filter(Boolean)
        .map((t) => t.toLowerCase());
      return json(
        200,
        wanted.length === 0
          ? [...this.books.values()]
          : wanted.flatMap((t) => (this.books.has(t) ? [this.books.get(t)!] : [])),
      );
    }
    const ticker = decodeURIComponent(request.path.split('/')[2]!).toUpperCase();
    const start = Date.parse(`${request.query.get('startDate')}T00:00:00-05:00`);
    const end = Date.parse(`${request.query.get('endDate') ?? '2100-01-01'}T23:59:59-05:00`);
    if (Number.isNaN(start) || request.query.get('resampleFreq') !== '5min')
      return json(400, { detail: 'Error: startDate and resampleFreq=5min are required by this stand-in' });
    return json(
      200,
      this.market.bars(ticker, start, end).map((b) => ({
        date: new Date(b.t).toISOString(),
        open: b.close,
        high: b.close,
        low: b.close,
        close: b.close,
        volume: 1000,
      })),
    );
  }
}
