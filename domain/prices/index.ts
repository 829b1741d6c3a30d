import type { HttpPolicy } from '../../platform/http/httpClient';
import { createMassivePriceProvider, MASSIVE_SOURCE } from './massivePrices';
import { createSimulatedPriceProvider, SIMULATED_SOURCE } from './simulatedPrices';
import type { PriceProvider } from './types';

export type { PriceProvider, Quote } from './types';

export interface PriceSettings {
  PRICE_API_KEY?: string;
  PRICE_API_URL?: string;
  SIMULATED_FEED_SEED: number;
}

/** Which provider createPriceProvider picks for these settings, without building it (the API process reports it). */
export function priceSource(settings: Pick<PriceSettings, 'PRICE_API_KEY'>): { source: string; simulated: boolean } {
  return settings.PRICE_API_KEY?.trim() ? { source: MASSIVE_SOURCE, simulated: false } : { source: SIMULATED_SOURCE, simulated: true };
}

/** The real market-data API when PRICE_API_KEY is set, otherwise the simulated walk seeded by SIMULATED_FEED_SEED. */
export function createPriceProvider(settings: PriceSettings, options: { http?: Partial<HttpPolicy>; now?: () => Date } = {}): PriceProvider {
  const key = settings.PRICE_API_KEY?.trim();
  if (key) return createMassivePriceProvider({ apiKey: key, apiUrl: settings.PRICE_API_URL?.trim() || undefined, http: options.http });
  return createSimulatedPriceProvider({ seed: settings.SIMULATED_FEED_SEED, now: options.now });
}
