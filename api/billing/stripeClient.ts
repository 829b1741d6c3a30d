import Stripe from 'stripe';
import type { Env } from '../../platform/config';

/**
 * The server's Stripe client, or null while no secret key is configured (payments off).
 * STRIPE_API_URL points the SDK elsewhere than api.stripe.com (tests use stripe-mock).
 */
export function createStripeClient(env: Pick<Env, 'STRIPE_SECRET_KEY' | 'STRIPE_API_URL'>): Stripe | null {
  if (!env.STRIPE_SECRET_KEY) return null;
  const base = env.STRIPE_API_URL ? new URL(env.STRIPE_API_URL) : null;
  return new Stripe(env.STRIPE_SECRET_KEY, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    appInfo: { name: 'StockPulse' },
    ...(base
      ? {
          host: base.hostname,
          port: base.port || (base.protocol === 'https:' ? 443 : 80),
          protocol: base.protocol === 'https:' ? 'https' : 'http',
        }
      : {}),
  });
}
