import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { projectRoot } from '../../platform/temporalCli';
import { startProduct } from './startProduct';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    adminEmail: string;
    adminPassword: string;
  }
}

/** Starts the whole product exactly as `npm start` does, on free ports and a throw-away data directory. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const adminEmail = 'admin@e2e.test';
  const adminPassword = 'e2e-admin-password';
  const product = await startProduct({
    adminEmail,
    adminPassword,
    dataDirPrefix: 'e2e-',
    logLevel: 'warn',
    logFile: path.join(projectRoot, 'e2e', 'artifacts', 'server.log'),
  });
  project.provide('baseUrl', product.baseUrl);
  project.provide('adminEmail', adminEmail);
  project.provide('adminPassword', adminPassword);
  return product.stop;
}
