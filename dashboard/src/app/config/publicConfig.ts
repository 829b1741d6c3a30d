import { queryOptions, useQuery } from '@tanstack/react-query';
import { publicConfigSchema, type PublicConfig } from '@core/contracts/publicConfig';
import { readAnswer, throwIfResNotOk } from '../../lib/api';

export type { PublicConfig };

/** The advertised trial lengths, used until /api/config answers. */
export const DEFAULT_TRIAL_DAYS = { marketing: 7, signup: 14 } as const;

/** GET /api/config: public settings the browser needs before sign-in. */
export async function fetchPublicConfig(signal?: AbortSignal): Promise<PublicConfig> {
  const res = await fetch('/api/config', { credentials: 'include', signal });
  await throwIfResNotOk(res);
  return readAnswer(res, publicConfigSchema, 'GET', '/api/config');
}

export function publicConfigQueryOptions() {
  return queryOptions({
    queryKey: ['/api/config'] as const,
    queryFn: ({ signal }) => fetchPublicConfig(signal),
    staleTime: 5 * 60_000,
  });
}

export function usePublicConfig() {
  return useQuery(publicConfigQueryOptions());
}

/** The trial a new sign-up actually gets. */
export interface TrialOffer {
  days: number;
  /** True when sign-up asks for a card (payments on); the card is charged only after the trial. */
  cardRequired: boolean;
}

/**
 * Payments on: the 14-day trial with a card on file. Payments off (or the config unknown): the server registers
 * directly on the 7-day trial without a card, so that is what every page must promise.
 */
export function trialOffer(config: PublicConfig | undefined): TrialOffer {
  const withCard = Boolean(config?.paymentsEnabled && config.stripePublishableKey);
  return withCard
    ? { days: config?.trialDays.signup ?? DEFAULT_TRIAL_DAYS.signup, cardRequired: true }
    : { days: config?.trialDays.marketing ?? DEFAULT_TRIAL_DAYS.marketing, cardRequired: false };
}

/** The trial that applies now: while /api/config loads (and in the pre-rendered HTML) the card-free 7-day trial. */
export function useTrialOffer(): TrialOffer & { headline: string; terms: string } {
  const offer = trialOffer(usePublicConfig().data);
  return {
    ...offer,
    headline: `${offer.days}-day free trial`,
    terms: offer.cardRequired ? 'card required, no charge until the trial ends' : 'no credit card required',
  };
}
