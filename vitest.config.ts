import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';
import { publicApiDocumentPlugin } from './scripts/build/publicApiDocumentPlugin';

/**
 * Tests of pure logic (the browser-runnable core, and a few modules elsewhere that touch no store, server or process).
 * They run without the shared servers and without a retry.
 */
const UNIT_TESTS = [
  'core/**/*.test.ts',
  'api/http/routeTable.test.ts',
  'platform/logger.test.ts',
  'platform/ttlCache.test.ts',
  'workflows/connectors/simulatedFeed.test.ts',
  'domain/prices/simulatedPrices.test.ts',
  'domain/prices/priceValues.test.ts',
  'warehouse/queries/windowParts.test.ts',
  'domain/trials/trialReminders.test.ts',
  'domain/universe/universeRunSummary.test.ts',
  'domain/notifications/webhookRetries.test.ts',
  'domain/quota/quotaPlan.test.ts',
  'domain/alerts/alertDecision.test.ts',
  'domain/alerts/noiseControl.test.ts',
  'domain/alerts/outcomeFill.test.ts',
  'scripts/sentiment/training.test.ts',
  'scripts/sentiment/transformerFigures.test.ts',
];

const alias = { '@core': fileURLToPath(new URL('./core', import.meta.url)) };

export default defineConfig({
  resolve: { alias },
  test: {
    maxWorkers: 2,
    testTimeout: 60_000,
    hookTimeout: 180_000,
    projects: [
      {
        resolve: { alias },
        test: {
          // Pure logic: no server, no store, no browser, no clock beyond the test's own. No retry: a test here that
          // passes only on a second attempt is a bug in the test or the code, and fails the run.
          name: 'unit',
          include: UNIT_TESTS,
          testTimeout: 60_000,
          retry: 0,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'server',
          include: ['{core,platform,warehouse,migrations,seed,domain,workflows,api,server,scripts,tests}/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...UNIT_TESTS],
          // chDB allows one data directory per process: every test file runs in its own process.
          pool: 'forks',
          isolate: true,
          // One real PostgreSQL and one real Temporal dev server for the whole run.
          globalSetup: ['tests/support/globalSetup.ts'],
          testTimeout: 60_000,
          hookTimeout: 180_000,
          // These tests start real servers, real stores and worker processes on two shared cores, so one whose timing
          // slipped is run once more; CI names every test that needed it (.ci/totals.ts), so a flake is seen, not hidden.
          retry: 1,
        },
      },
      {
        resolve: { alias },
        plugins: [publicApiDocumentPlugin()],
        test: {
          name: 'dashboard',
          include: ['dashboard/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['dashboard/src/testing/setup.ts'],
          // jsdom and mocked fetch only: no real server or browser, so no retry.
          retry: 0,
        },
      },
    ],
  },
});
