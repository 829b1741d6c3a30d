import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { saveWatchlistMutationOptions, watchlistQueryOptions } from './watchlistApi';

/** The signed-in user's watchlist and a star toggle for one ticker (saves the whole list). */
export function useWatchlist() {
  const queryClient = useQueryClient();
  const { data } = useQuery(watchlistQueryOptions());
  const tickers = data?.tickers ?? [];
  const save = useMutation(saveWatchlistMutationOptions(queryClient));
  const watched = new Set(tickers);
  return {
    tickers: watched,
    toggle: (ticker: string) =>
      save.mutateAsync(watched.has(ticker) ? tickers.filter((t) => t !== ticker) : [...tickers, ticker]),
  };
}
