import type { HttpPolicy } from '../../platform/http/httpClient';
import {
  createRequestPacer,
  pacedPoints,
  type LimiterFactory,
  type RequestLimit,
  type RequestPacer,
} from '../../platform/http/requestPacer';
import { createMassivePriceProvider, MASSIVE_SOURCE } from './massivePrices';
import { createSimulatedPriceProvider, SIMULATED_SOURCE } from './simulatedPrices';
import { createTiingoPriceProvider, TIINGO_SOURCE } from './tiingoPrices';
import type { PriceProvider } from './types';

export type { PriceBar, PriceProvider, Quote, Split } from './types';
export { PriceRequestBudgetExhausted } from './types';

export const priceProviders = ['massive', 'tiingo'] as const;
export type PriceProviderName = (typeof priceProviders)[number];

export interface PriceSettings {
  PRICE_PROVIDER?: PriceProviderName;
  PRICE_API_KEY?: string;
  PRICE_API_URL?: string;
  PRICE_API_REQUESTS_PER_HOUR?: number;
  SIMULATED_FEED_SEED: number;
}

/**
 * Each provider's free plan, the default allowance: Massive's allows 5 requests a minute (300 an hour); Tiingo's 50 an
 * hour and 1,000 a day, so 40 an hour. See priceRequestPacer for the pace each becomes.
 */
export const FREE_PLAN_REQUESTS_PER_HOUR: Record<PriceProviderName, number> = { massive: 300, tiingo: 40 };
/** The longest a refresh waits for a request slot before it stops and leaves the rest to the next run. */
const PACING_MAX_WAIT_MS = 20_000;

/** Which provider createPriceProvider picks for these settings, without building it (the API process reports it). */
export function priceSource(settings: Pick<PriceSettings, 'PRICE_API_KEY' | 'PRICE_PROVIDER'>): {
  source: string;
  simulated: boolean;
} {
  if (!settings.PRICE_API_KEY?.trim()) return { source: SIMULATED_SOURCE, simulated: true };
  return { source: settings.PRICE_PROVIDER === 'tiingo' ? TIINGO_SOURCE : MASSIVE_SOURCE, simulated: false };
}

/** The counting step of each provider's limit: Massive limits each minute, Tiingo each hour (and day). */
const PACING_STEP_SECONDS: Record<PriceProviderName, number> = { massive: 20, tiingo: 600 };

/**
 * The pacer for an hourly allowance, counted in steps so that no sliding window of the provider's limit exceeds it
 * (see pacedPoints): Massive's 300 an hour is 5 a minute, paced as 1 per 20 s (3 a minute, at most 4 in any minute);
 * Tiingo's 40 an hour is paced as 5 per 10 minutes (30 an hour, at most 35 in any hour, 720 a day).
 */
export function pacingOf(provider: PriceProviderName, requestsPerHour: number): { points: number; duration: number } {
  const limit: RequestLimit =
    provider === 'massive'
      ? { requests: Math.max(1, Math.floor(requestsPerHour / 60)), windowSeconds: 60 }
      : { requests: requestsPerHour, windowSeconds: 3600 };
  const step = PACING_STEP_SECONDS[provider];
  return { points: pacedPoints(limit, step), duration: step };
}

/** The pacer of a provider's requests, shared by every worker through `limiters`. */
export function priceRequestPacer(
  limiters: LimiterFactory,
  provider: PriceProviderName,
  requestsPerHour: number,
): RequestPacer {
  return createRequestPacer(
    limiters({ keyPrefix: `prices_${provider}`, ...pacingOf(provider, requestsPerHour) }),
    'app',
    { maxWaitMs: PACING_MAX_WAIT_MS },
  );
}

export interface PriceProviderOptions {
  http?: Partial<HttpPolicy>;
  now?: () => Date;
  /** Request counters shared by the workers (Postgres in production); none: a real provider is unpaced. */
  limiters?: LimiterFactory;
}

/** The API PRICE_PROVIDER names when PRICE_API_KEY is set, otherwise the simulated walk seeded by SIMULATED_FEED_SEED. */
export function createPriceProvider(settings: PriceSettings, options: PriceProviderOptions = {}): PriceProvider {
  const apiKey = settings.PRICE_API_KEY?.trim();
  if (!apiKey) return createSimulatedPriceProvider({ seed: settings.SIMULATED_FEED_SEED, now: options.now });
  const provider = settings.PRICE_PROVIDER ?? 'massive';
  const pacer =
    options.limiters &&
    priceRequestPacer(
      options.limiters,
      provider,
      settings.PRICE_API_REQUESTS_PER_HOUR ?? FREE_PLAN_REQUESTS_PER_HOUR[provider],
    );
  const common = { apiKey, apiUrl: settings.PRICE_API_URL?.trim() || undefined, http: options.http, pacer };
  return provider === 'tiingo' ? createTiingoPriceProvider(common) : createMassivePriceProvider(common);
}
