import { z } from 'zod';

/** The most stocks one watchlist holds. */
export const MAX_WATCHLIST = 200;

/** GET and PUT /api/watchlist: the starred stocks by ticker, in the order they were starred; PUT replaces the whole list. */
export const watchlistSchema = z.object({
  tickers: z
    .array(
      z
        .string({ error: 'tickers must be a list of ticker symbols' })
        .trim()
        .toUpperCase()
        .min(1, 'tickers must not contain an empty symbol')
        .max(12, 'tickers must contain ticker symbols'),
      {
        error: 'tickers must be a list of ticker symbols',
      },
    )
    .max(MAX_WATCHLIST, `tickers must list at most ${MAX_WATCHLIST} stocks`),
});
export type Watchlist = z.infer<typeof watchlistSchema>;
