/** `npm start`: the whole product on this machine, embedded stores unless URLs are configured. */
import fs from 'node:fs';
import path from 'node:path';
import { ConfigError, loadConfig } from '../platform/config';
import { log } from '../platform/logger';
import { assertPortFree } from '../platform/ports';
import { startRuntime, type Runtime } from '../server/runtime';
import { StartupError } from '../platform/startupError';
import { projectRoot } from '../platform/temporalCli';
import { dashboardDist, ensureDashboardBuilt } from './ensureDashboardBuilt';

const envFile = path.join(projectRoot, '.env');
if (fs.existsSync(envFile)) process.loadEnvFile(envFile);

async function main(): Promise<void> {
  const started = performance.now();
  const config = loadConfig();
  if (config.env.SERVICE_ROLE !== 'worker') {
    // Fail fast on a taken port before spending time on a build.
    await assertPortFree(config.env.PORT, 'API', 'PORT', config.env.HOST);
    ensureDashboardBuilt((m) => log.info(m));
  }
  const runtime: Runtime = await startRuntime(config, { dashboardDir: dashboardDist });

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info('shutting down', { signal });
    const force = setTimeout(() => process.exit(1), 30_000);
    await runtime.stop();
    clearTimeout(force);
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  const { env } = config;
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const lines = [`StockPulse is running (${config.mode} mode, started in ${seconds} s)`];
  if (runtime.server)
    lines.push(`  App:         http://localhost:${env.PORT}`, `  Health:      http://localhost:${env.PORT}/api/health`);
  if (runtime.temporalUiUrl) lines.push(`  Temporal UI: ${runtime.temporalUiUrl}`);
  if (runtime.seed.admin.generatedPassword) {
    lines.push(
      `  Admin login: ${runtime.seed.admin.email} / ${runtime.seed.admin.generatedPassword}  (generated now, shown once; set ADMIN_PASSWORD to choose it)`,
    );
  }
  lines.push('  Press Ctrl-C to stop.');
  console.log(lines.join('\n'));
}

main().catch((err: unknown) => {
  const known = err instanceof StartupError || err instanceof ConfigError;
  console.error(
    `StockPulse could not start: ${known ? (err as Error).message : err instanceof Error ? err.message : String(err)}`,
  );
  if (!known && err instanceof Error && process.env.LOG_LEVEL === 'debug') console.error(err.stack);
  process.exit(1);
});
