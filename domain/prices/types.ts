/** One ticker's current price. */
export interface Quote {
  ticker: string;
  price: number;
  /** Change since the previous session's close, in percent. */
  changePercent: number;
}

/** A market-data source behind one interface: the real API when a key is configured, otherwise the simulated walk. */
export interface PriceProvider {
  /** Stored as the `source` of each price tick. */
  readonly name: string;
  /** True for the built-in simulated prices (labelled as such everywhere). */
  readonly simulated: boolean;
  /** Quotes for the tickers the source knows; unknown tickers are left out. */
  quotes(tickers: string[], options?: { signal?: AbortSignal }): Promise<Quote[]>;
  /**
   * Quotes at past instants, for the history a fresh install backfills: result[i][j] is tickers[i] at instants[j]. Only
   * a source that can say what a price was offers it (the simulated walk); a live quote API cannot.
   */
  quotesAt?(tickers: string[], instants: readonly Date[]): Quote[][];
}
