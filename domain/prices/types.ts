/** One ticker's current price. */
export interface Quote {
  ticker: string;
  price: number;
  /** Change since the previous session's close, in percent. */
  changePercent: number;
}

/** One ticker's price at a past instant (a history bar's close, stamped with the bar's start). */
export interface PriceBar extends Quote {
  at: Date;
}

/** A stock split: from its ex-date (New York, YYYY-MM-DD) each splitFrom shares are splitTo shares. */
export interface Split {
  ticker: string;
  executedOn: string;
  splitFrom: number;
  splitTo: number;
}

export interface PriceRequestOptions {
  signal?: AbortSignal;
}

/** A market-data source behind one interface: a real API when a key is configured, otherwise the simulated walk. */
export interface PriceProvider {
  /** Stored as the `source` of each price tick. */
  readonly name: string;
  /** True for the built-in simulated prices (labelled as such everywhere). */
  readonly simulated: boolean;
  /** Quotes for the tickers the source knows; unknown tickers (and, simulated, symbols without a reference price) are left out. */
  quotes(tickers: string[], options?: PriceRequestOptions): Promise<Quote[]>;
  /**
   * One ticker's prices strictly after `from` and up to `to`, oldest first: what a fresh install backfills and what a
   * refresh after an outage fills in. Real APIs answer with 5-minute bars, split-adjusted; unknown tickers give [].
   */
  history(ticker: string, from: Date, to: Date, options?: PriceRequestOptions): Promise<PriceBar[]>;
  /**
   * The splits that take effect on a New York day (YYYY-MM-DD), market-wide: history is stored as traded and adjusted
   * when read, so a split does not break a line. The simulated walk has none.
   */
  splits(day: string, options?: PriceRequestOptions): Promise<Split[]>;
}

/**
 * Thrown by a real provider when its request pacer has no slot within the wait it may take: the run keeps what it has
 * and the next refresh carries on (a plan's per-minute or per-hour limit is never exceeded).
 */
export class PriceRequestBudgetExhausted extends Error {
  constructor(readonly provider: string) {
    super(
      `prices ${provider}: the request budget of this run is spent (see PRICE_API_REQUESTS_PER_HOUR); the next refresh carries on`,
    );
    this.name = 'PriceRequestBudgetExhausted';
  }
}
