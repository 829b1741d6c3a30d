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

/** Every save of the watchlist, for counting the ones still pending. */
const WATCHLIST_SAVE_KEY = ['watchlist', 'save'] as const;

/**
 * PUT /api/watchlist with the whole list. The change shows at once; if the save fails, the list goes back to what the
 * server holds and the error reaches the caller. Saves run one after another (one mutation scope): two stars clicked
 * in quick succession send [A] then [A, B], and [A] arriving last would otherwise leave the server without B. The
 * answer of a save that another save follows is not shown, so the list on screen does not step back in between.
 */
export const saveWatchlistMutationOptions = (queryClient: QueryClient) =>
  mutationOptions({
    mutationKey: WATCHLIST_SAVE_KEY,
    scope: { id: 'watchlist' },
    mutationFn: (next: string[]) => apiRequestJson('PUT', '/api/watchlist', watchlistSchema, { tickers: next }),
    onMutate: async (next: string[]) => {
      await queryClient.cancelQueries({ queryKey: WATCHLIST_QUERY_KEY });
      queryClient.setQueryData<Watchlist>(WATCHLIST_QUERY_KEY, { tickers: next });
    },
    onSuccess: (saved: Watchlist) => {
      if (queryClient.isMutating({ mutationKey: WATCHLIST_SAVE_KEY }) <= 1)
        queryClient.setQueryData(WATCHLIST_QUERY_KEY, saved);
    },
    onError: () => void queryClient.invalidateQueries({ queryKey: WATCHLIST_QUERY_KEY }),
  });
