/** Installs Temporal's time-skipping test server into .tools/temporal-test-server when it is missing (npm test calls this first). */
import { ensureTemporalTestServer } from '../tests/support/temporalTestServer';

const quiet = process.argv.includes('--quiet');
try {
  const launcher = ensureTemporalTestServer((m) => console.log(m));
  if (!quiet) console.log(`Temporal test server: ${launcher}`);
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
}
