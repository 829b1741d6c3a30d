import { mutationOptions } from '@tanstack/react-query';
import type { NewsletterSignup } from '@core/contracts/newsletter';
import { apiRequestJson } from '../../../lib/api';

export interface NewsletterResponse {
  subscribed: boolean;
}

/** POST /api/newsletter {email}: 200 {subscribed:true} for a new and a known address alike, 400 {message, field:'email'}. */
export const newsletterSignupMutationOptions = () =>
  mutationOptions({
    mutationFn: (input: NewsletterSignup) => apiRequestJson<NewsletterResponse>('POST', '/api/newsletter', input),
  });
