// The pure entry loads Stripe.js only when a payment form needs it, not on every page (payments may be off).
import { loadStripe } from '@stripe/stripe-js/pure';
import type { Stripe, StripeElementsOptions } from '@stripe/stripe-js';

const loaded = new Map<string, Promise<Stripe | null>>();

/** Stripe.js for a publishable key, loaded once per key (the script comes from js.stripe.com, as Stripe requires). */
export function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let promise = loaded.get(publishableKey);
  if (!promise) {
    promise = loadStripe(publishableKey);
    loaded.set(publishableKey, promise);
  }
  return promise;
}

/** Elements look: follows the page's light or dark theme. */
export function elementsAppearance(): StripeElementsOptions['appearance'] {
  const dark = typeof document !== 'undefined' && document.documentElement.classList.contains('dark');
  return { theme: dark ? 'night' : 'stripe', variables: { colorPrimary: '#2563eb', borderRadius: '6px' } };
}

/** The Payment Element offers card, then Apple Pay, then Google Pay; wallets show where the device supports them. */
export const PAYMENT_METHOD_ORDER = ['card', 'apple_pay', 'google_pay'];
export const WALLETS = { applePay: 'auto', googlePay: 'auto' } as const;
