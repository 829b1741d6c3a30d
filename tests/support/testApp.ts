import http from 'node:http';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client, Connection } from '@temporalio/client';
import { inject } from 'vitest';
import { createApiKeyChecks } from '../../api/apiKeys/apiKeyChecks';
import { apiRoutes, buildApp, type AppDeps } from '../../api/app';
import { loadConfig } from '../../platform/config';
import { recordingChannels } from './recordingChannels';
import { enforceResponseContracts } from './responseContract';
import { createTestDatabase, createTestWarehouse, type TestDatabase, type TestWarehouse } from './testStores';

export interface TestApp {
  server: http.Server;
  deps: AppDeps;
  database: TestDatabase;
  /** What the app sent (account links and codes, test e-mails) when no SMTP_URL was given. */
  outbox: ReturnType<typeof recordingChannels>;
  close(): Promise<void>;
}

/** The real API over a fresh Postgres database, chDB and the run's Temporal server, listening on a free port. */
export async function startTestApp(
  overrides: Partial<AppDeps> = {},
  env: Record<string, string> = {},
): Promise<TestApp> {
  const database = await createTestDatabase();
  // A caller may pass its own warehouse (chDB allows one per process), e.g. wrapped for fault injection.
  const store: TestWarehouse = overrides.warehouse
    ? { warehouse: overrides.warehouse, close: async () => {} }
    : await createTestWarehouse();
  const connection = await Connection.connect({ address: inject('temporalAddress') });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stockpulse-app-'));
  const outbox = recordingChannels();
  const deps: AppDeps = {
    config: loadConfig({ DATA_DIR: dataDir, ...env }),
    db: database.db,
    warehouse: store.warehouse,
    temporal: new Client({ connection }),
    temporalUiUrl: null,
    realPlatforms: [],
    authLimits: {
      loginFailuresPerEmail: 5,
      loginFailuresPerIp: 1000,
      loginWindowSeconds: 900,
      signupsPerIpPerHour: 1000,
      messagesPerHour: 1000,
      setupIntentsPerIpPerHour: 1000,
    },
    ...(env.SMTP_URL ? {} : { notifications: outbox }),
    // Key look-ups are not reused, so a test's change to a key or its owner acts on the next call (the reuse has its own test).
    apiKeyChecks: overrides.apiKeyChecks ?? createApiKeyChecks(database.db, { callerCacheMs: 0, now: overrides.now }),
    ...overrides,
  };
  const routes = apiRoutes(deps);
  const app = buildApp(deps, routes);
  // Outermost, so it sees every answer as sent: a response that drifts from its route's declared schema fails the test.
  app.middleware.unshift(enforceResponseContracts(routes));
  const server = http.createServer(app.callback());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    server,
    deps,
    database,
    outbox,
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await deps.apiKeyChecks?.close();
      await connection.close();
      await store.close();
      await database.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
