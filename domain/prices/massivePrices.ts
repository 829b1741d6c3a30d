import { z } from 'zod';
import type { HttpPolicy, RequestContext } from '../../platform/http/httpClient';
import { parsePayload } from '../../platform/http/payload';
import type { RequestPacer } from '../../platform/http/requestPacer';
import { createPacedGet } from './pacedGet';
import { PREVIOUS_CLOSE_LOOKBACK_MS, sessionBars } from './sessionBars';
import type { PriceProvider, Quote } from './types';

/** The provider's name, stored as the source of its price ticks. */
export const MASSIVE_SOURCE = 'massive';
export const DEFAULT_PRICE_API_URL = 'https://api.massive.com';
export const SNAPSHOT_PATH = '/v2/snapshot/locale/us/markets/stocks/tickers';
/** Aggregates: `/v2/aggs/ticker/{ticker}/range/{multiplier}/{timespan}/{from}/{to}`. */
export const AGGREGATES_PATH = '/v2/aggs/ticker';
/** Splits: `/v3/reference/splits?execution_date=YYYY-MM-DD`. */
export const SPLITS_PATH = '/v3/reference/splits';
/** Splits per page (the documented maximum); a day has a few dozen at most. */
const SPLITS_LIMIT = 1_000;
/** Tickers per snapshot request (keeps the URL well under common limits). */
export const SNAPSHOT_BATCH = 250;
/** Base minute bars one aggregates request may use (the documented maximum); 12 days of extended-hours minutes fit. */
const AGGREGATES_LIMIT = 50_000;

export interface MassivePriceOptions {
  apiKey: string;
  /** Base URL (default https://api.massive.com, formerly api.polygon.io; tests point it at a local server). */
  apiUrl?: string;
  http?: Partial<HttpPolicy>;
  batchSize?: number;
  /** Paces every request within the plan's limit (the free plan allows 5 a minute); none: unpaced (paid plans). */
  pacer?: RequestPacer;
}

const bar = z.object({ c: z.number() });
/** The fields of a Massive (Polygon) stocks snapshot this provider relies on; the rest is ignored. */
const snapshotSchema = z.object({
  status: z.string(),
  tickers: z
    .array(
      z.object({
        ticker: z.string().min(1),
        todaysChangePerc: z.number(),
        day: bar.optional(),
        min: bar.optional(),
        prevDay: bar.optional(),
        lastTrade: z.object({ p: z.number() }).optional(),
      }),
    )
    .optional(),
});
type Snapshot = NonNullable<z.output<typeof snapshotSchema>['tickers']>[number];

/** The fields of an aggregates answer this provider relies on: `results` is absent when the range has no bars. */
const aggregatesSchema = z.object({
  status: z.string(),
  results: z.array(z.object({ t: z.number(), c: z.number() })).optional(),
});

/** The fields of a splits answer this provider relies on. */
const splitsSchema = z.object({
  status: z.string(),
  results: z
    .array(
      z.object({
        ticker: z.string().min(1),
        execution_date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
        split_from: z.number().positive(),
        split_to: z.number().positive(),
      }),
    )
    .optional(),
});

/** The freshest positive price a snapshot carries: last trade (plans with trades), minute bar, day bar, previous close. */
export function snapshotPrice(s: Snapshot): number | undefined {
  return [s.lastTrade?.p, s.min?.c, s.day?.c, s.prevDay?.c].find((p): p is number => typeof p === 'number' && p > 0);
}

/**
 * Massive (formerly Polygon.io), with `Authorization: Bearer <key>` (never in URLs):
 * - quotes: the stocks snapshot, `GET /v2/snapshot/locale/us/markets/stocks/tickers?tickers=A,B,…`, one request per
 *   SNAPSHOT_BATCH tickers (the plan must include snapshots);
 * - history: 5-minute aggregates, `GET /v2/aggs/ticker/{T}/range/5/minute/{from ms}/{to ms}?adjusted=false`, unadjusted
 *   because stored prices are as traded and splits are applied when read (stock_splits);
 * - splits: `GET /v3/reference/splits?execution_date=YYYY-MM-DD`, the day's splits market-wide.
 * 429/503 wait as Retry-After says (up to the HTTP policy's cap, then a retryable error); 401/403 and malformed payloads
 * fail for good, naming the provider and the field.
 */
export function createMassivePriceProvider(options: MassivePriceOptions): PriceProvider {
  const base = (options.apiUrl ?? DEFAULT_PRICE_API_URL).replace(/\/+$/, '');
  const batchSize = options.batchSize ?? SNAPSHOT_BATCH;
  const context: RequestContext = { platform: 'prices', source: MASSIVE_SOURCE };
  const get = createPacedGet({
    source: MASSIVE_SOURCE,
    headers: { Authorization: `Bearer ${options.apiKey}`, Accept: 'application/json' },
    http: options.http,
    pacer: options.pacer,
  });

  return {
    name: MASSIVE_SOURCE,
    simulated: false,
    async quotes(tickers, quoteOptions = {}) {
      const quotes = new Map<string, Quote>();
      const wanted = new Set(tickers);
      for (let i = 0; i < tickers.length; i += batchSize) {
        const url = new URL(`${base}${SNAPSHOT_PATH}`);
        url.searchParams.set('tickers', tickers.slice(i, i + batchSize).join(','));
        const label = `GET ${SNAPSHOT_PATH}`;
        const body = parsePayload(snapshotSchema, await get(url, label, quoteOptions.signal), context, label);
        for (const snapshot of body.tickers ?? []) {
          const price = snapshotPrice(snapshot);
          if (price === undefined || !wanted.has(snapshot.ticker)) continue;
          quotes.set(snapshot.ticker, { ticker: snapshot.ticker, price, changePercent: snapshot.todaysChangePerc });
        }
      }
      return [...quotes.values()];
    },
    async history(ticker, from, to, historyOptions = {}) {
      const start = from.getTime() - PREVIOUS_CLOSE_LOOKBACK_MS;
      const url = new URL(
        `${base}${AGGREGATES_PATH}/${encodeURIComponent(ticker)}/range/5/minute/${start}/${to.getTime()}`,
      );
      url.searchParams.set('adjusted', 'false');
      url.searchParams.set('sort', 'asc');
      url.searchParams.set('limit', String(AGGREGATES_LIMIT));
      const label = `GET ${AGGREGATES_PATH}/${ticker}/range/5/minute`;
      const answer = await get(url, label, historyOptions.signal, true);
      if (answer === null) return [];
      const body = parsePayload(aggregatesSchema, answer, context, label);
      return sessionBars(
        ticker,
        (body.results ?? []).map((r) => ({ at: new Date(r.t), close: r.c })),
        from,
        to,
      );
    },
    async splits(day, splitOptions = {}) {
      const url = new URL(`${base}${SPLITS_PATH}`);
      url.searchParams.set('execution_date', day);
      url.searchParams.set('limit', String(SPLITS_LIMIT));
      const label = `GET ${SPLITS_PATH}`;
      const body = parsePayload(splitsSchema, await get(url, label, splitOptions.signal), context, label);
      return (body.results ?? []).map((r) => ({
        ticker: r.ticker,
        executedOn: r.execution_date,
        splitFrom: r.split_from,
        splitTo: r.split_to,
      }));
    },
  };
}
