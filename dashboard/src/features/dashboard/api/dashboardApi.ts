import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PlatformStatus } from '@core/contracts/platformStatus';
import type { detectTrendsResponseSchema, HistoricalPoint, refreshPricesResponseSchema, SessionPrices, Stock, StockPost, trendingNowItemSchema } from '@core/contracts/stocks';
import type { z } from 'zod';
import { showToast } from '../../../app/toast/toastStore';
import { apiRequest, apiRequestJson, getErrorMessage, readJson, throwIfResNotOk } from '../../../lib/api';
import type { TimeRange } from '@core/timeWindows';

export type TrendingNowItem = z.infer<typeof trendingNowItemSchema>;
export type DetectTrendsResponse = z.infer<typeof detectTrendsResponseSchema>;
export type RefreshPricesResponse = z.infer<typeof refreshPricesResponseSchema>;

/** Spec §7 / §9 refresh intervals. */
export const REFETCH_INTERVALS = {
  stocks: 30_000,
  trendingNow: 30_000,
  /** 60 s on the dashboard (30 s is for another screen). */
  status: 60_000,
  historical: 15 * 60_000,
} as const;

/** Query keys. The first element is the list's root so one invalidation covers every range. */
export const STOCKS_QUERY_ROOT = '/api/stocks';
export const stocksQueryKey = (range: TimeRange) => [STOCKS_QUERY_ROOT, range] as const;
export const stocksUrl = (range: TimeRange) => `/api/stocks?range=${range}`;

export const TRENDING_NOW_QUERY_KEY = ['/api/trending-now'] as const;
export const PLATFORM_STATUS_QUERY_KEY = ['/api/status'] as const;

/** Historical keys have their own root, so refreshing the stock list does not refetch every sparkline. */
export const historicalUrl = (ticker: string, range: TimeRange) =>
  `/api/stocks/${encodeURIComponent(ticker)}/historical?range=${range}`;
export const historicalQueryKey = (ticker: string, range: TimeRange) =>
  [`/api/stocks/${encodeURIComponent(ticker)}/historical`, range] as const;

export const sessionPricesUrl = (ticker: string) => `/api/stocks/${encodeURIComponent(ticker)}/session`;

export const STOCK_POSTS_LIMIT = 20;
export const stockPostsUrl = (ticker: string) => `/api/stocks/${encodeURIComponent(ticker)}/posts?limit=${STOCK_POSTS_LIMIT}`;

/** GET of a list with cookies; like the default list fetch, a 401 reads as an empty list (spec §7). */
async function fetchList<T>(url: string, signal: AbortSignal): Promise<T[]> {
  const res = await fetch(url, { credentials: 'include', signal });
  if (res.status === 401) return [];
  await throwIfResNotOk(res);
  return (await readJson<T[]>(res)) ?? [];
}

/** POST /api/init-data: sent once when a signed-in user opens the dashboard; its result is not used. */
export function useInitDataMutation() {
  return useMutation({
    mutationFn: async () => {
      await apiRequest('POST', '/api/init-data');
    },
  });
}

/**
 * GET /api/stocks?range=…, every 30 s. While another range loads, the previous list stays on
 * screen (isPlaceholderData tells the page to say it is updating).
 */
export function useStocksQuery(range: TimeRange) {
  return useQuery({
    queryKey: stocksQueryKey(range),
    queryFn: ({ signal }) => fetchList<Stock>(stocksUrl(range), signal),
    refetchInterval: REFETCH_INTERVALS.stocks,
    placeholderData: keepPreviousData,
  });
}

/** GET /api/trending-now, every 30 s. */
export function useTrendingNowQuery() {
  return useQuery({
    queryKey: TRENDING_NOW_QUERY_KEY,
    queryFn: ({ signal }) => fetchList<TrendingNowItem>('/api/trending-now', signal),
    refetchInterval: REFETCH_INTERVALS.trendingNow,
  });
}

/** GET /api/status, every 60 s. Call it once per screen and pass the result down (one poller). */
export function usePlatformStatusQuery() {
  return useQuery<PlatformStatus | null>({
    queryKey: PLATFORM_STATUS_QUERY_KEY,
    refetchInterval: REFETCH_INTERVALS.status,
  });
}

/**
 * GET /api/stocks/:ticker/historical?range=…. The card that draws the sparkline polls every 15 min
 * (poll: true); other views of the same key (the detail dialog) read the shared cache without a timer.
 */
export function useHistoricalQuery(ticker: string, range: TimeRange, { poll, enabled = true }: { poll: boolean; enabled?: boolean }) {
  return useQuery({
    queryKey: historicalQueryKey(ticker, range),
    queryFn: ({ signal }) => fetchList<HistoricalPoint>(historicalUrl(ticker, range), signal),
    staleTime: REFETCH_INTERVALS.historical,
    refetchInterval: poll ? REFETCH_INTERVALS.historical : false,
    enabled,
  });
}

/**
 * GET /api/stocks/:ticker/session: the price line of the last session, read while the market is closed (it does not
 * change until the next open, so it is refetched on the historical period).
 */
export function useSessionPricesQuery(ticker: string, { enabled }: { enabled: boolean }) {
  return useQuery<SessionPrices | null>({
    queryKey: [sessionPricesUrl(ticker)],
    staleTime: REFETCH_INTERVALS.historical,
    refetchInterval: REFETCH_INTERVALS.historical,
    enabled,
  });
}

/** GET /api/stocks/:ticker/posts?limit=20: the latest posts behind a stock's mentions. */
export function useStockPostsQuery(ticker: string) {
  return useQuery({
    queryKey: [stockPostsUrl(ticker)],
    queryFn: ({ signal }) => fetchList<StockPost>(stockPostsUrl(ticker), signal),
  });
}

/** Spec §8 success message. usingRealAPIs picks which of the two sources the spec names was used. */
export function trendsDetectedMessage(trendsDetected: number, usingRealAPIs: boolean): string {
  return `Found ${trendsDetected} trending stocks using ${usingRealAPIs ? 'live APIs' : 'fallback data'}`;
}

/** Spec §8 success message, kept only when a real market-data provider answered; simulated prices are called that. */
export function pricesUpdatedMessage(updatedCount: number, simulated: boolean): string {
  return simulated
    ? `Updated ${updatedCount} stock prices with simulated data (no market-data provider is configured)`
    : `Updated ${updatedCount} stock prices with real market data`;
}

function useRefreshStockLists() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: [STOCKS_QUERY_ROOT] }),
      queryClient.invalidateQueries({ queryKey: TRENDING_NOW_QUERY_KEY }),
    ]);
}

/** POST /api/detect-trends, with the spec §8 toasts; success refreshes stocks and trending-now. */
export function useDetectTrendsMutation() {
  const refreshLists = useRefreshStockLists();
  return useMutation({
    mutationFn: () => apiRequestJson<DetectTrendsResponse>('POST', '/api/detect-trends'),
    onSuccess: async (data) => {
      showToast({
        title: 'Trends Detected',
        description: trendsDetectedMessage(data?.trendsDetected ?? 0, data?.usingRealAPIs ?? false),
      });
      await refreshLists();
    },
    onError: (error) => {
      showToast({ title: 'Detection Failed', description: getErrorMessage(error, 'Failed to detect trends'), variant: 'destructive' });
    },
  });
}

/** POST /api/stocks/refresh-prices, with the spec §8 toasts; success refreshes stocks and trending-now. */
export function useRefreshPricesMutation() {
  const refreshLists = useRefreshStockLists();
  return useMutation({
    mutationFn: () => apiRequestJson<RefreshPricesResponse>('POST', '/api/stocks/refresh-prices'),
    onSuccess: async (data) => {
      showToast({ title: 'Prices Updated', description: pricesUpdatedMessage(data?.updatedCount ?? 0, data?.simulated ?? true) });
      await refreshLists();
    },
    onError: (error) => {
      showToast({ title: 'Update Failed', description: getErrorMessage(error, 'Failed to refresh prices'), variant: 'destructive' });
    },
  });
}

/** POST /api/test-email, with the spec §8 toasts. The button's 3-second states live in the panel. */
export function useTestEmailMutation() {
  return useMutation({
    mutationFn: async () => {
      await apiRequest('POST', '/api/test-email');
    },
    onSuccess: () => {
      showToast({ title: 'Email Tests Successful', description: 'Please check your inbox.' });
    },
    onError: (error) => {
      showToast({
        title: 'Email Test Failed',
        description: getErrorMessage(error, 'Failed to send test email. Check server logs.'),
        variant: 'destructive',
      });
    },
  });
}
