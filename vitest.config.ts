import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

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
          name: 'server',
          include: ['{core,domain,platform,warehouse,migrations,seed,workflows,api,server,scripts,tests}/**/*.test.ts'],
          // chDB allows one data directory per process: every test file runs in its own process.
          pool: 'forks',
          isolate: true,
          // One real PostgreSQL and one real Temporal dev server for the whole run.
          globalSetup: ['tests/support/globalSetup.ts'],
          testTimeout: 60_000,
          hookTimeout: 180_000,
          // These tests start real servers and kill workers on two shared cores; a test that fails once is run
          // once more, and CI names every test that needed it (.ci/totals.ts), so a flake is seen, not hidden.
          retry: 1,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'dashboard',
          include: ['dashboard/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['dashboard/src/testing/setup.ts'],
          retry: 1,
        },
      },
    ],
  },
});
