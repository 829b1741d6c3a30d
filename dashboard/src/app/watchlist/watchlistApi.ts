import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Watchlist } from '@core/contracts/watchlist';
import { apiRequestJson } from '../../lib/api';

export const WATCHLIST_QUERY_KEY = ['/api/watchlist'] as const;

export const watchlistQueryOptions = () =>
  queryOptions({
    queryKey: WATCHLIST_QUERY_KEY,
    queryFn: async () => (await apiRequestJson<Watchlist>('GET', '/api/watchlist')) ?? { tickers: [] },
    staleTime: 60_000,
  });

/**
 * The signed-in user's watchlist and a star toggle for one ticker. The toggle saves the whole list (PUT) and shows the
 * change at once; if the save fails, the list goes back to what the server holds and the error is returned to the caller.
 */
export function useWatchlist() {
  const queryClient = useQueryClient();
  const { data } = useQuery(watchlistQueryOptions());
  const tickers = data?.tickers ?? [];
  const save = useMutation({
    mutationFn: async (next: string[]) => (await apiRequestJson<Watchlist>('PUT', '/api/watchlist', { tickers: next })) ?? { tickers: next },
    onMutate: async (next) => {
      await queryClient.cancelQueries({ queryKey: WATCHLIST_QUERY_KEY });
      queryClient.setQueryData<Watchlist>(WATCHLIST_QUERY_KEY, { tickers: next });
    },
    onSuccess: (saved) => queryClient.setQueryData(WATCHLIST_QUERY_KEY, saved),
    onError: () => void queryClient.invalidateQueries({ queryKey: WATCHLIST_QUERY_KEY }),
  });
  const watched = new Set(tickers);
  return {
    tickers: watched,
    toggle: (ticker: string) => save.mutateAsync(watched.has(ticker) ? tickers.filter((t) => t !== ticker) : [...tickers, ticker]),
  };
}
