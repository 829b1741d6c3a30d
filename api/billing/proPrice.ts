import type Stripe from 'stripe';
import { PRO_PLAN } from '../../core/contracts/billing';

/** The lookup key that names the Pro price in a Stripe account, so the setup finds it instead of creating a second one. */
export const PRO_PRICE_LOOKUP_KEY = 'stockpulse_pro_monthly';

/** Finds the $49/month Pro price by its lookup key, or creates it (with its product) once. Returns its id. */
export async function ensureProPrice(stripe: Stripe): Promise<{ priceId: string; created: boolean }> {
  const existing = await stripe.prices.list({ lookup_keys: [PRO_PRICE_LOOKUP_KEY], active: true, limit: 1 });
  // Checked again here: only a price carrying our own lookup key is the Pro price.
  const found = existing.data.find((p) => p.lookup_key === PRO_PRICE_LOOKUP_KEY);
  if (found) return { priceId: found.id, created: false };
  const price = await stripe.prices.create(
    {
      lookup_key: PRO_PRICE_LOOKUP_KEY,
      currency: PRO_PLAN.currency,
      unit_amount: PRO_PLAN.amountCents,
      recurring: { interval: PRO_PLAN.interval },
      product_data: { name: `StockPulse ${PRO_PLAN.name}` },
    },
    // Two setups racing create one price: Stripe replays the first answer for the same key.
    { idempotencyKey: `create-price-${PRO_PRICE_LOOKUP_KEY}` },
  );
  return { priceId: price.id, created: true };
}

/** STRIPE_PRICE_ID when set; otherwise the price found or created by lookup key (resolved once per process). */
export function proPriceResolver(stripe: Stripe, configuredPriceId: string | undefined): () => Promise<string> {
  let pending: Promise<string> | null = configuredPriceId ? Promise.resolve(configuredPriceId) : null;
  return () => {
    pending ??= ensureProPrice(stripe)
      .then((r) => r.priceId)
      .catch((err: unknown) => {
        pending = null;
        throw err;
      });
    return pending;
  };
}
