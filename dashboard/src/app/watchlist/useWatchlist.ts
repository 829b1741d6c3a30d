import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Watchlist } from '@core/contracts/watchlist';
import { saveWatchlistMutationOptions, WATCHLIST_QUERY_KEY, watchlistQueryOptions } from './watchlistApi';

/** The signed-in user's watchlist and a star toggle for one ticker (saves the whole list). */
export function useWatchlist() {
  const queryClient = useQueryClient();
  const { data } = useQuery(watchlistQueryOptions());
  const save = useMutation(saveWatchlistMutationOptions(queryClient));
  return {
    tickers: new Set(data?.tickers ?? []),
    // The list as the cache holds it at the click, with every earlier star's change, not as this render saw it.
    toggle: (ticker: string) => {
      const current = queryClient.getQueryData<Watchlist>(WATCHLIST_QUERY_KEY)?.tickers ?? [];
      return save.mutateAsync(current.includes(ticker) ? current.filter((t) => t !== ticker) : [...current, ticker]);
    },
  };
}
