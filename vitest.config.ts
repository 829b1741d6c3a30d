import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { alias: { '@core': fileURLToPath(new URL('./core', import.meta.url)) } },
  test: {
    include: [
      'core/**/*.test.ts',
      'api/**/*.test.ts',
      'workflows/**/*.test.ts',
      'warehouse/**/*.test.ts',
      'platform/**/*.test.ts',
      'seed/**/*.test.ts',
      'migrations/**/*.test.ts',
      'scripts/**/*.test.ts',
      'tests/**/*.test.ts',
      'dashboard/src/**/*.test.{ts,tsx}',
    ],
    // chDB allows one data directory per process: every test file runs in its own process.
    pool: 'forks',
    isolate: true,
    maxWorkers: 2,
    globalSetup: ['tests/support/globalSetup.ts'],
    testTimeout: 60_000,
    hookTimeout: 180_000,
  },
});
