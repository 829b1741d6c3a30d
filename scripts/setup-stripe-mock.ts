/** Installs stripe-mock (the Stripe API mock the billing tests run against) into .tools/bin when it is missing. */
import { ensureStripeMock } from '../tests/support/stripeMock';

const quiet = process.argv.includes('--quiet');
try {
  const binary = ensureStripeMock((m) => console.log(m));
  if (!quiet) console.log(`stripe-mock: ${binary}`);
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
}
