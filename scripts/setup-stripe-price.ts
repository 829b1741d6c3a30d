/**
 * Finds or creates the $49/month Pro price in the Stripe account of STRIPE_SECRET_KEY (by its lookup key,
 * so running it twice creates nothing new) and prints the id to put in STRIPE_PRICE_ID.
 */
import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../platform/config';
import { projectRoot } from '../platform/temporalCli';
import { ensureProPrice, PRO_PRICE_LOOKUP_KEY } from '../api/billing/proPrice';
import { createStripeClient } from '../api/billing/stripeClient';

const envFile = path.join(projectRoot, '.env');
if (fs.existsSync(envFile)) process.loadEnvFile(envFile);

try {
  const config = loadConfig();
  const stripe = createStripeClient(config.env);
  if (!stripe) throw new Error('STRIPE_SECRET_KEY is not set: nothing to set up.');
  const { priceId, created } = await ensureProPrice(stripe);
  console.log(`${created ? 'Created' : 'Found'} the Pro price (lookup key ${PRO_PRICE_LOOKUP_KEY}): ${priceId}`);
  console.log(`Set STRIPE_PRICE_ID=${priceId}`);
} catch (err) {
  console.error(`Stripe price setup failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
}
