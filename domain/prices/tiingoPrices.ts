import { z } from 'zod';
import { isoDate, newYorkTime } from '../../core/market/marketHours';
import type { HttpPolicy, RequestContext } from '../../platform/http/httpClient';
import { dateString, parsePayload } from '../../platform/http/payload';
import type { RequestPacer } from '../../platform/http/requestPacer';
import { createPacedGet } from './pacedGet';
import { PREVIOUS_CLOSE_LOOKBACK_MS, sessionBars } from './sessionBars';
import type { PriceProvider, Quote } from './types';

/** The provider's name, stored as the source of its price ticks. */
export const TIINGO_SOURCE = 'tiingo';
export const DEFAULT_TIINGO_API_URL = 'https://api.tiingo.com';
export const IEX_PATH = '/iex';
/** Splits by ex-date (corporate actions, part of the end-of-day entitlement every plan has). */
export const TIINGO_SPLITS_PATH = '/tiingo/corporate-actions/splits';
/** Tickers per top-of-book request (keeps the URL well under common limits). */
export const TIINGO_BATCH = 250;

export interface TiingoPriceOptions {
  apiKey: string;
  /** Base URL (default https://api.tiingo.com; tests point it at a local server). */
  apiUrl?: string;
  http?: Partial<HttpPolicy>;
  batchSize?: number;
  /** Paces every request within the plan's hourly limit; none: unpaced. */
  pacer?: RequestPacer;
}

const price = z.number().nullable().optional();
/** The fields of Tiingo's IEX top-of-book answer this provider relies on (tngoLast needs no IEX exchange agreement). */
const topOfBookSchema = z.array(
  z.object({
    ticker: z.string().min(1),
    timestamp: dateString,
    tngoLast: price,
    last: price,
    prevClose: price,
    open: price,
  }),
);
/** The fields of Tiingo's IEX intraday prices this provider relies on. */
const intradaySchema = z.array(z.object({ date: dateString, close: z.number() }));

/** The fields of a splits answer this provider relies on; a cancelled split (splitStatus "c") is ignored. */
const splitsSchema = z.array(
  z.object({
    ticker: z.string().min(1),
    exDate: z.string().regex(/^\d{4}-\d{2}-\d{2}/),
    splitFrom: z.number().positive(),
    splitTo: z.number().positive(),
    splitStatus: z.string(),
  }),
);

/** Tiingo writes share classes with a hyphen (BRK-B) where the product writes a dot (BRK.B). */
const tiingoSymbol = (ticker: string) => ticker.replace(/\./g, '-').toLowerCase();
const productSymbol = (ticker: string) => ticker.replace(/-/g, '.').toUpperCase();

const positive = (n: number | null | undefined): n is number => typeof n === 'number' && n > 0;

/**
 * Tiingo's IEX feed, with `Authorization: Token <key>` (never in URLs):
 * - quotes: top-of-book, `GET /iex?tickers=a,b,…`, one request per TIINGO_BATCH tickers; the price is Tiingo's
 *   reference last (tngoLast), else IEX's last trade, and the change is against prevClose;
 * - history: `GET /iex/{ticker}/prices?startDate&endDate&resampleFreq=5min`, 5-minute bars as traded (IEX intraday is
 *   not split-adjusted; stock_splits adjusts when read);
 * - splits: `GET /tiingo/corporate-actions/splits?exDate=YYYY-MM-DD`, the day's splits market-wide.
 * 429/503 wait as Retry-After says; 401/403 and malformed payloads fail for good, naming the provider and the field.
 */
export function createTiingoPriceProvider(options: TiingoPriceOptions): PriceProvider {
  const base = (options.apiUrl ?? DEFAULT_TIINGO_API_URL).replace(/\/+$/, '');
  const batchSize = options.batchSize ?? TIINGO_BATCH;
  const context: RequestContext = { platform: 'prices', source: TIINGO_SOURCE };
  const get = createPacedGet({
    source: TIINGO_SOURCE,
    headers: { Authorization: `Token ${options.apiKey}`, Accept: 'application/json' },
    http: options.http,
    pacer: options.pacer,
  });

  return {
    name: TIINGO_SOURCE,
    simulated: false,
    async quotes(tickers, quoteOptions = {}) {
      const quotes = new Map<string, Quote>();
      for (let i = 0; i < tickers.length; i += batchSize) {
        const batch = tickers.slice(i, i + batchSize);
        const bySymbol = new Map(batch.map((t) => [tiingoSymbol(t), t]));
        const url = new URL(`${base}${IEX_PATH}`);
        url.searchParams.set('tickers', [...bySymbol.keys()].join(','));
        const label = `GET ${IEX_PATH}`;
        const rows = parsePayload(topOfBookSchema, await get(url, label, quoteOptions.signal), context, label);
        for (const row of rows) {
          const ticker = bySymbol.get(tiingoSymbol(row.ticker));
          const last = [row.tngoLast, row.last].find(positive);
          if (!ticker || last === undefined) continue;
          const reference = [row.prevClose, row.open].find(positive) ?? last;
          quotes.set(ticker, {
            ticker,
            price: last,
            changePercent: Math.round(((last - reference) / reference) * 10_000) / 100,
          });
        }
      }
      return [...quotes.values()];
    },
    async history(ticker, from, to, historyOptions = {}) {
      const path = `${IEX_PATH}/${encodeURIComponent(tiingoSymbol(ticker))}/prices`;
      const url = new URL(`${base}${path}`);
      url.searchParams.set(
        'startDate',
        isoDate(newYorkTime(new Date(from.getTime() - PREVIOUS_CLOSE_LOOKBACK_MS)).day),
      );
      url.searchParams.set('endDate', isoDate(newYorkTime(to).day));
      url.searchParams.set('resampleFreq', '5min');
      url.searchParams.set('columns', 'open,high,low,close,volume');
      const label = `GET ${IEX_PATH}/${ticker}/prices`;
      const body = await get(url, label, historyOptions.signal, true);
      if (body === null) return [];
      const rows = parsePayload(intradaySchema, body, context, label);
      const bars = rows
        .map((r) => ({ at: new Date(r.date), close: r.close }))
        .sort((a, b) => a.at.getTime() - b.at.getTime());
      return sessionBars(ticker, bars, from, to);
    },
    async splits(day, splitOptions = {}) {
      const url = new URL(`${base}${TIINGO_SPLITS_PATH}`);
      url.searchParams.set('exDate', day);
      const label = `GET ${TIINGO_SPLITS_PATH}`;
      const rows = parsePayload(splitsSchema, await get(url, label, splitOptions.signal), context, label);
      return rows
        .filter((r) => r.splitStatus !== 'c')
        .map((r) => ({
          ticker: productSymbol(r.ticker),
          executedOn: r.exDate.slice(0, 10),
          splitFrom: r.splitFrom,
          splitTo: r.splitTo,
        }));
    },
  };
}
