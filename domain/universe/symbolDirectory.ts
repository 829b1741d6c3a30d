import { mergeListings, parseSymbolDirectory, type Listing } from '../../core/tickers/listings';

/** NASDAQ Trader's symbol directory: nasdaqlisted.txt (NASDAQ) and otherlisted.txt (NYSE, NYSE American, NYSE Arca, Cboe, IEX). */
export const DEFAULT_LISTINGS_URL = 'https://www.nasdaqtrader.com/dynamic/SymDir';
export const LISTING_FILES = ['nasdaqlisted.txt', 'otherlisted.txt'] as const;
/** Fewer listings than this is a truncated or wrong file, not the US market (about 11,500 securities). */
const MIN_LISTINGS = 5_000;

/**
 * Fetches both directory files from `baseUrl` and parses them. Throws when a file cannot be fetched in time, is not a
 * symbol directory, or the two together hold implausibly few listings: the caller then falls back to the committed table.
 */
export async function fetchListings(
  baseUrl: string,
  options: { timeoutMs?: number; fetch?: typeof fetch } = {},
): Promise<Listing[]> {
  const get = options.fetch ?? fetch;
  const lists = await Promise.all(
    LISTING_FILES.map(async (file) => {
      const url = `${baseUrl.replace(/\/+$/, '')}/${file}`;
      const response = await get(url, { signal: AbortSignal.timeout(options.timeoutMs ?? 30_000) });
      if (!response.ok) throw new Error(`${url} answered ${response.status}`);
      try {
        return parseSymbolDirectory(await response.text());
      } catch (err) {
        throw new Error(`${url}: ${(err as Error).message}`);
      }
    }),
  );
  const listings = mergeListings(...lists);
  if (listings.length < MIN_LISTINGS)
    throw new Error(`${baseUrl} lists only ${listings.length} securities (expected at least ${MIN_LISTINGS})`);
  return listings;
}
