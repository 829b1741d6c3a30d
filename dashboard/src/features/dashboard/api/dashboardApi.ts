import { keepPreviousData, mutationOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import { platformStatusSchema } from '@core/contracts/platformStatus';
import {
  detectTrendsResponseSchema,
  historicalPointSchema,
  refreshPricesResponseSchema,
  sessionPricesSchema,
  stockPostSchema,
  stockSchema,
  trendingNowItemSchema,
  type SessionPrices,
} from '@core/contracts/stocks';
import type { DetailRange } from '@core/timeWindows';
import type { z } from 'zod';
import { apiSend, apiRequestJson, fetchAnswer, fetchList, getQueryFn } from '../../../lib/api';

export type TrendingNowItem = z.infer<typeof trendingNowItemSchema>;
export type DetectTrendsResponse = z.infer<typeof detectTrendsResponseSchema>;
export type RefreshPricesResponse = z.infer<typeof refreshPricesResponseSchema>;

/** How often each dashboard read refreshes. */
export const REFETCH_INTERVALS = {
  stocks: 30_000,
  trendingNow: 30_000,
  /** 60 s on the dashboard (30 s is for another screen). */
  status: 60_000,
  historical: 15 * 60_000,
} as const;

/** Query keys. The first element is the list's root so one invalidation covers every range. */
export const STOCKS_QUERY_ROOT = '/api/stocks';
export const stocksQueryKey = (range: DetailRange) => [STOCKS_QUERY_ROOT, range] as const;
export const stocksUrl = (range: DetailRange) => `/api/stocks?range=${range}`;

export const TRENDING_NOW_QUERY_KEY = ['/api/trending-now'] as const;
export const PLATFORM_STATUS_QUERY_KEY = ['/api/status'] as const;

/** Historical keys have their own root, so refreshing the stock list does not refetch every sparkline. */
export const historicalUrl = (ticker: string, range: DetailRange) =>
  `/api/stocks/${encodeURIComponent(ticker)}/historical?range=${range}`;
export const historicalQueryKey = (ticker: string, range: DetailRange) =>
  [`/api/stocks/${encodeURIComponent(ticker)}/historical`, range] as const;

export const sessionPricesUrl = (ticker: string) => `/api/stocks/${encodeURIComponent(ticker)}/session`;

export const STOCK_POSTS_LIMIT = 20;
export const stockPostsUrl = (ticker: string) =>
  `/api/stocks/${encodeURIComponent(ticker)}/posts?limit=${STOCK_POSTS_LIMIT}`;

/** POST /api/init-data: sent once when a signed-in user opens the dashboard; its result is not used. */
export const initDataMutationOptions = () =>
  mutationOptions({
    mutationFn: async () => {
      await apiSend('POST', '/api/init-data');
    },
  });

/**
 * GET /api/stocks?range=…, every 30 s. While another range loads, the previous list stays on
 * screen (isPlaceholderData tells the page to say it is updating).
 */
export const stocksQueryOptions = (range: DetailRange) =>
  queryOptions({
    queryKey: stocksQueryKey(range),
    queryFn: ({ signal }) => fetchList(stocksUrl(range), signal, stockSchema),
    refetchInterval: REFETCH_INTERVALS.stocks,
    placeholderData: keepPreviousData,
  });

/** GET /api/trending-now, every 30 s. */
export const trendingNowQueryOptions = () =>
  queryOptions({
    queryKey: TRENDING_NOW_QUERY_KEY,
    queryFn: ({ signal }) => fetchList('/api/trending-now', signal, trendingNowItemSchema),
    refetchInterval: REFETCH_INTERVALS.trendingNow,
  });

/** GET /api/status, every 60 s. Read it once per screen and pass the result down (one poller). */
export const platformStatusQueryOptions = () =>
  queryOptions({
    queryKey: PLATFORM_STATUS_QUERY_KEY,
    queryFn: getQueryFn({ on401: 'returnNull', schema: platformStatusSchema }),
    refetchInterval: REFETCH_INTERVALS.status,
  });

/**
 * GET /api/stocks/:ticker/historical?range=…. The card that draws the sparkline polls every 15 min
 * (poll: true); other views of the same key (the detail dialog) read the shared cache without a timer.
 */
export const historicalQueryOptions = (
  ticker: string,
  range: DetailRange,
  { poll, enabled = true }: { poll: boolean; enabled?: boolean },
) =>
  queryOptions({
    queryKey: historicalQueryKey(ticker, range),
    queryFn: ({ signal }) => fetchList(historicalUrl(ticker, range), signal, historicalPointSchema),
    staleTime: REFETCH_INTERVALS.historical,
    refetchInterval: poll ? REFETCH_INTERVALS.historical : false,
    enabled,
  });

/** How soon a last session with fewer than two prices is fetched again. */
export const SPARSE_SESSION_REFETCH_MS = 30_000;
const pricedPoints = (session: SessionPrices | null | undefined) =>
  session?.points.filter((p) => p.price !== null).length ?? 0;

/**
 * GET /api/stocks/:ticker/session: the price line of the last session, read while the market is closed (it does not
 * change until the next open, so it is refetched on the historical period).
 */
export const sessionPricesQueryOptions = (ticker: string, { enabled }: { enabled: boolean }) =>
  queryOptions({
    queryKey: [sessionPricesUrl(ticker)],
    queryFn: ({ signal }) =>
      fetchAnswer(sessionPricesUrl(ticker), signal, { on401: 'returnNull', schema: sessionPricesSchema }),
    staleTime: REFETCH_INTERVALS.historical,
    // A fresh install backfills the week's prices in its first minutes: a session without a line yet is asked again
    // soon, so the card does not keep its estimate for a quarter of an hour.
    refetchInterval: (query) =>
      pricedPoints(query.state.data) < 2 ? SPARSE_SESSION_REFETCH_MS : REFETCH_INTERVALS.historical,
    enabled,
  });

/** GET /api/stocks/:ticker/posts?limit=20: the latest posts behind a stock's mentions. */
export const stockPostsQueryOptions = (ticker: string) =>
  queryOptions({
    queryKey: [stockPostsUrl(ticker)],
    queryFn: ({ signal }) => fetchList(stockPostsUrl(ticker), signal, stockPostSchema),
  });

/** The success message of trend detection; usingRealAPIs says which of the two sources was used. */
export function trendsDetectedMessage(trendsDetected: number, usingRealAPIs: boolean): string {
  return `Found ${trendsDetected} trending stocks using ${usingRealAPIs ? 'live APIs' : 'fallback data'}`;
}

/** The success message of a price refresh, kept only when a real market-data provider answered; simulated prices are called that. */
export function pricesUpdatedMessage(updatedCount: number, simulated: boolean): string {
  return simulated
    ? `Updated ${updatedCount} stock prices with simulated data (no market-data provider is configured)`
    : `Updated ${updatedCount} stock prices with real market data`;
}

/** A POST that changes what the stock lists show: it answers once the stocks and trending-now lists are refreshed. */
function stockListsChange<S extends z.ZodType>(queryClient: QueryClient, url: string, schema: S) {
  return mutationOptions({
    mutationFn: async () => {
      const data = await apiRequestJson('POST', url, schema);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: [STOCKS_QUERY_ROOT] }),
        queryClient.invalidateQueries({ queryKey: TRENDING_NOW_QUERY_KEY }),
      ]);
      return data;
    },
  });
}

/** POST /api/detect-trends. */
export const detectTrendsMutationOptions = (queryClient: QueryClient) =>
  stockListsChange(queryClient, '/api/detect-trends', detectTrendsResponseSchema);

/** POST /api/stocks/refresh-prices. */
export const refreshPricesMutationOptions = (queryClient: QueryClient) =>
  stockListsChange(queryClient, '/api/stocks/refresh-prices', refreshPricesResponseSchema);

/** POST /api/test-email. The button's 3-second states live in the panel. */
export const testEmailMutationOptions = () =>
  mutationOptions({
    mutationFn: async () => {
      await apiSend('POST', '/api/test-email');
    },
  });
