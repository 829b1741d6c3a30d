import { apiRequestJson } from '../../../lib/api';

export interface NewsletterResponse {
  subscribed: boolean;
}

/** POST /api/newsletter {email}: 201 {subscribed:true}, 200 when already subscribed, 400 {message, field:'email'}. */
export async function subscribeToNewsletter(email: string): Promise<NewsletterResponse | null> {
  return apiRequestJson<NewsletterResponse>('POST', '/api/newsletter', { email });
}

export const INVALID_EMAIL_MESSAGE = 'Please enter a valid email address';

/** A light client-side check; the server validates again. */
export function looksLikeEmail(value: string): boolean {
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value);
}
