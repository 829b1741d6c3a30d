import { z } from 'zod';
import { createHttpClient, type HttpPolicy, type RequestContext } from '../../platform/http/httpClient';
import { parsePayload } from '../../platform/http/payload';
import type { PriceProvider, Quote } from './types';

/** The provider's name, stored as the source of its price ticks. */
export const MASSIVE_SOURCE = 'massive';
export const DEFAULT_PRICE_API_URL = 'https://api.massive.com';
export const SNAPSHOT_PATH = '/v2/snapshot/locale/us/markets/stocks/tickers';
/** Tickers per snapshot request (keeps the URL well under common limits). */
export const SNAPSHOT_BATCH = 250;

export interface MassivePriceOptions {
  apiKey: string;
  /** Base URL (default https://api.massive.com, formerly api.polygon.io; tests point it at a local server). */
  apiUrl?: string;
  http?: Partial<HttpPolicy>;
  batchSize?: number;
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

/** The freshest positive price a snapshot carries: last trade (plans with trades), minute bar, day bar, previous close. */
export function snapshotPrice(s: Snapshot): number | undefined {
  return [s.lastTrade?.p, s.min?.c, s.day?.c, s.prevDay?.c].find((p): p is number => typeof p === 'number' && p > 0);
}

/**
 * Massive (formerly Polygon.io) stocks snapshot: `GET /v2/snapshot/locale/us/markets/stocks/tickers?tickers=A,B,…` with
 * `Authorization: Bearer <key>`, one request per SNAPSHOT_BATCH tickers. 429/503 wait as Retry-After says (up to the HTTP
 * policy's cap, then a retryable error so Temporal retries the activity); 401/403 and malformed payloads fail for good.
 * The plan must include snapshots.
 */
export function createMassivePriceProvider(options: MassivePriceOptions): PriceProvider {
  const http = createHttpClient(options.http);
  const base = (options.apiUrl ?? DEFAULT_PRICE_API_URL).replace(/\/+$/, '');
  const batchSize = options.batchSize ?? SNAPSHOT_BATCH;
  const context: RequestContext = { platform: 'prices', source: 'massive' };

  return {
    name: MASSIVE_SOURCE,
    simulated: false,
    async quotes(tickers, quoteOptions = {}) {
      const quotes = new Map<string, Quote>();
      const wanted = new Set(tickers);
      for (let i = 0; i < tickers.length; i += batchSize) {
        const batch = tickers.slice(i, i + batchSize);
        const url = new URL(`${base}${SNAPSHOT_PATH}`);
        url.searchParams.set('tickers', batch.join(','));
        const label = `GET ${SNAPSHOT_PATH}`;
        const response = await http.requestJson(context, {
          url,
          label,
          headers: { Authorization: `Bearer ${options.apiKey}`, Accept: 'application/json' },
          signal: quoteOptions.signal,
        });
        const body = parsePayload(snapshotSchema, response.body, context, label);
        for (const snapshot of body.tickers ?? []) {
          const price = snapshotPrice(snapshot);
          if (price === undefined || !wanted.has(snapshot.ticker)) continue;
          quotes.set(snapshot.ticker, { ticker: snapshot.ticker, price, changePercent: snapshot.todaysChangePerc });
        }
      }
      return [...quotes.values()];
    },
  };
}
