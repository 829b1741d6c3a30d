import type { HttpPolicy } from '../connectors/http/httpClient';
import { createMassivePriceProvider } from './massivePrices';
import { createSimulatedPriceProvider } from './simulatedPrices';
import type { PriceProvider } from './types';

export type { PriceProvider, Quote } from './types';

export interface PriceSettings {
  PRICE_API_KEY?: string;
  PRICE_API_URL?: string;
  SIMULATED_FEED_SEED: number;
}

/** The real market-data API when PRICE_API_KEY is set, otherwise the simulated walk seeded by SIMULATED_FEED_SEED. */
export function createPriceProvider(settings: PriceSettings, options: { http?: Partial<HttpPolicy>; now?: () => Date } = {}): PriceProvider {
  const key = settings.PRICE_API_KEY?.trim();
  if (key) return createMassivePriceProvider({ apiKey: key, apiUrl: settings.PRICE_API_URL?.trim() || undefined, http: options.http });
  return createSimulatedPriceProvider({ seed: settings.SIMULATED_FEED_SEED, now: options.now });
}
