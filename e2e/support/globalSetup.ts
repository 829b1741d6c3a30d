import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { projectRoot } from '../../platform/temporalCli';
import { startProductProcess } from '../../tests/support/productProcess';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    adminEmail: string;
    adminPassword: string;
  }
}

/** Starts the whole product exactly as `npm start` does (no Stripe keys: payments off), on free ports and a throw-away data directory. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const adminEmail = 'admin@e2e.test';
  const adminPassword = 'e2e-admin-password';
  const product = await startProductProcess({
    name: 'e2e',
    logFile: path.join(projectRoot, 'e2e', 'artifacts', 'server.log'),
    // Webhooks may reach the tests' local receivers (127.0.0.1, plain http).
    env: { ADMIN_EMAIL: adminEmail, ADMIN_PASSWORD: adminPassword, WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true' },
  });
  project.provide('baseUrl', product.baseUrl);
  project.provide('adminEmail', adminEmail);
  project.provide('adminPassword', adminPassword);
  return () => product.stop();
}
