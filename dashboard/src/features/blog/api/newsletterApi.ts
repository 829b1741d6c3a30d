import { mutationOptions } from '@tanstack/react-query';
import type { NewsletterSignup } from '@core/contracts/newsletter';
import { apiRequestJson } from '../../../lib/api';

export interface NewsletterResponse {
  subscribed: boolean;
}

/** POST /api/newsletter {email}: 201 {subscribed:true}, 200 when already subscribed, 400 {message, field:'email'}. */
export const newsletterSignupMutationOptions = () =>
  mutationOptions({ mutationFn: (input: NewsletterSignup) => apiRequestJson<NewsletterResponse>('POST', '/api/newsletter', input) });
