import type http from 'node:http';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client, Connection } from '@temporalio/client';
import { inject } from 'vitest';
import { createApiKeyChecks } from '../../api/apiKeys/apiKeyChecks';
import { apiRoutes, buildApp, type AppDeps } from '../../api/app';
import { appLinks } from '../../core/appLinks';
import { createNotificationChannels } from '../../domain/notifications';
import type { DeliveryHooks, NotificationChannels } from '../../domain/notifications/delivery';
import type { WebhookHooks } from '../../domain/notifications/webhookDelivery';
import { loadConfig, publicUrlOf } from '../../platform/config';
import { deliveryTaskQueue } from '../../workflows/definitions/notificationDelivery';
import type { RunningWorker } from '../../workflows/worker';
import { recordingChannels } from './recordingChannels';
import { startSendingWorker } from './sendingWorker';
import { enforceResponseContracts } from './responseContract';
import { createHttpServer } from '../../server/httpServer';
import {
  createTestDatabase,
  createTestWarehouse,
  uniqueTaskQueue,
  type TestDatabase,
  type TestWarehouse,
} from './testStores';

export interface TestApp {
  server: http.Server;
  deps: AppDeps;
  database: TestDatabase;
  /** What the app sent (account links and codes, test e-mails) when no SMTP_URL was given. */
  outbox: ReturnType<typeof recordingChannels>;
  /** The worker that runs the app's delivery workflows, on the deliveries' own task queue. */
  sendingWorker: RunningWorker;
  close(): Promise<void>;
}

export interface TestAppDelivery {
  /** Where the sending worker's e-mail and SMS go (default: the outbox above, or SMTP_URL when given). */
  notifications?: NotificationChannels;
  deliveryHooks?: DeliveryHooks;
  webhookHooks?: WebhookHooks;
}

/**
 * The real API over a fresh Postgres database, chDB and the run's Temporal server, listening on a free port. Its sends
 * go through their delivery workflows, run by a worker on the deliveries' task queue; a caller that needs the pipelines
 * names TEMPORAL_TASK_QUEUE and runs its own worker there.
 */
export async function startTestApp(
  overrides: Partial<AppDeps> = {},
  env: Record<string, string> = {},
  delivery: TestAppDelivery = {},
): Promise<TestApp> {
  const database = await createTestDatabase();
  // A caller may pass its own warehouse (chDB allows one per process), e.g. wrapped for fault injection.
  const store: TestWarehouse = overrides.warehouse
    ? { warehouse: overrides.warehouse, close: async () => {} }
    : await createTestWarehouse();
  const connection = await Connection.connect({ address: inject('temporalAddress') });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stockpulse-app-'));
  const outbox = recordingChannels();
  // A queue of its own (unless the caller runs a worker on one it names): its deliveries' queue derives from it.
  const config = loadConfig({ DATA_DIR: dataDir, TEMPORAL_TASK_QUEUE: uniqueTaskQueue('api'), ...env });
  const deps: AppDeps = {
    config,
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
    // Key look-ups are not reused, so a test's change to a key or its owner acts on the next call (the reuse has its own test).
    apiKeyChecks: overrides.apiKeyChecks ?? createApiKeyChecks(database.db, { callerCacheMs: 0, now: overrides.now }),
    ...overrides,
  };
  const channels =
    delivery.notifications ?? (env.SMTP_URL ? createNotificationChannels(database.db, config.env) : outbox);
  const sendingWorker = await startSendingWorker({
    db: database.db,
    taskQueue: deliveryTaskQueue(config.env.TEMPORAL_TASK_QUEUE),
    links: appLinks(publicUrlOf(config.env)),
    notifications: channels,
    webhooks: {
      allowPrivateTargets: config.env.WEBHOOK_ALLOW_PRIVATE_TARGETS ?? false,
      allowedPorts: config.env.WEBHOOK_ALLOWED_PORTS,
      resolve: deps.resolveHost,
    },
    deliveryHooks: delivery.deliveryHooks,
    webhookHooks: delivery.webhookHooks,
  });
  const routes = apiRoutes(deps);
  const app = buildApp(deps, routes);
  // Outermost, so it sees every answer as sent: a response that drifts from its route's declared schema fails the test.
  app.middleware.unshift(enforceResponseContracts(routes));
  // The API's own server settings (keep-alive), as `npm start` serves it.
  const server = createHttpServer(app.callback());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    server,
    deps,
    database,
    outbox,
    sendingWorker,
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await deps.apiKeyChecks?.close();
      await sendingWorker.stop();
      if (channels !== outbox && !delivery.notifications) channels.mailer.close();
      await connection.close();
      await store.close();
      await database.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
