/** Installs the Temporal CLI into .tools/temporal when it is not on PATH (npm test and CI call this first). */
import { ensureTemporalCli } from '../platform/temporalCli';
import { StartupError } from '../platform/startupError';

const quiet = process.argv.includes('--quiet');
try {
  const cli = ensureTemporalCli(process.env.TEMPORAL_CLI_PATH || undefined, (m) => console.log(m));
  if (!quiet) console.log(`Temporal CLI: ${cli}`);
} catch (err) {
  console.error(err instanceof StartupError ? err.message : err);
  process.exit(1);
}
