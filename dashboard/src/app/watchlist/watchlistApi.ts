import { mutationOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import { watchlistSchema, type Watchlist } from '@core/contracts/watchlist';
import { apiRequestJson } from '../../lib/api';

export const WATCHLIST_QUERY_KEY = ['/api/watchlist'] as const;

export const watchlistQueryOptions = () =>
  queryOptions({
    queryKey: WATCHLIST_QUERY_KEY,
    queryFn: () => apiRequestJson('GET', '/api/watchlist', watchlistSchema),
    staleTime: 60_000,
  });

/**
 * PUT /api/watchlist with the whole list. The change shows at once; if the save fails, the list goes back to what the
 * server holds and the error reaches the caller.
 */
export const saveWatchlistMutationOptions = (queryClient: QueryClient) =>
  mutationOptions({
    mutationFn: (next: string[]) => apiRequestJson('PUT', '/api/watchlist', watchlistSchema, { tickers: next }),
    onMutate: async (next: string[]) => {
      await queryClient.cancelQueries({ queryKey: WATCHLIST_QUERY_KEY });
      queryClient.setQueryData<Watchlist>(WATCHLIST_QUERY_KEY, { tickers: next });
    },
    onSuccess: (saved: Watchlist) => queryClient.setQueryData(WATCHLIST_QUERY_KEY, saved),
    onError: () => void queryClient.invalidateQueries({ queryKey: WATCHLIST_QUERY_KEY }),
  });
