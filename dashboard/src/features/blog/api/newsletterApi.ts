import { mutationOptions } from '@tanstack/react-query';
import { newsletterSignupResponseSchema, type NewsletterSignup } from '@core/contracts/newsletter';
import { apiRequestJson } from '../../../lib/api';

/** POST /api/newsletter {email}: 200 {subscribed:true} for a new and a known address alike, 400 {message, field:'email'}. */
export const newsletterSignupMutationOptions = () =>
  mutationOptions({
    mutationFn: (input: NewsletterSignup) =>
      apiRequestJson('POST', '/api/newsletter', newsletterSignupResponseSchema, input),
  });
