import type http from 'node:http';
import path from 'node:path';
import { Client, Connection } from '@temporalio/client';
import { createRescoreRunService } from '../api/admin/rescoreRun';
import { buildApp } from '../api/app';
import { createApiKeyChecks } from '../api/apiKeys/apiKeyChecks';
import { purgeExpiredSessions } from '../api/sessions/postgresSessionStore';
import { publicUrlOf, type Config } from '../platform/config';
import { appLinks } from '../core/appLinks';
import {
  createSentimentAnalyser,
  loadSentimentModel,
  SentimentModelError,
  type SentimentAnalyser,
} from '../domain/signal/sentimentModel';
import { createMentionRescorer } from '../domain/sentiment/rescoreMentions';
import {
  readTransformerModel,
  TransformerModelError,
  type TransformerModelInfo,
} from '../domain/sentiment/transformerModel';
import { createTransformerPool } from '../domain/sentiment/transformerPool';
import { migratePostgres } from '../migrations';
import { loadTickerData } from '../domain/signal/tickerData';
import { seedReferenceData, type SeedResult } from '../seed';
import { connectWarehouse, type Warehouse } from '../warehouse/client';
import { migrateWarehouse } from '../warehouse/migrate';
import { applyRetention } from '../warehouse/retention';
import { retentionOf } from '../platform/retention';
import { purgeSpentAccountTokens } from '../warehouse/postgres/accountTokens';
import { listedTickers } from '../warehouse/postgres/tickers';
import { createActivities } from '../workflows/activities';
import { createConnectors } from '../workflows/connectors';
import { simulatedTickers } from '../workflows/connectors/simulatedTickers';
import { postgresLimiters } from '../platform/http/requestPacer';
import { createRealConnectors } from '../workflows/connectors/realConnectors';
import { createPriceProvider } from '../domain/prices';
import { createNotificationChannels } from '../domain/notifications';
import { startSmtpCapture } from '../domain/notifications/smtpCapture';
import { ensureSchedules } from '../workflows/schedules';
import { startWorker, type RunningWorker } from '../workflows/worker';
import { deliveryTaskQueue } from '../workflows/definitions/notificationDelivery';
import { createDatabase, type Database } from '../platform/database';
import { log, setLogLevel } from '../platform/logger';
import { assertPortFree } from '../platform/ports';
import { startPostgres } from '../platform/postgres';
import { StartupError } from '../platform/startupError';
import { ensureTemporalCli } from '../platform/temporalCli';
import { startTemporalDevServer } from '../platform/temporalDevServer';
import { platforms, type Platform } from '../core/platforms';
import { DAY_MS } from '../core/timeWindows';
import { createHttpServer } from './httpServer';

const SESSION_PURGE_INTERVAL_MS = 10 * 60 * 1000;

function loadSentimentAnalyser(file: string | undefined): SentimentAnalyser {
  try {
    return createSentimentAnalyser(loadSentimentModel(file));
  } catch (err) {
    if (err instanceof SentimentModelError) throw new StartupError(err.message);
    throw err;
  }
}

function readTransformer(dir: string | undefined): TransformerModelInfo {
  try {
    return readTransformerModel(dir);
  } catch (err) {
    if (err instanceof TransformerModelError) throw new StartupError(err.message);
    throw err;
  }
}

export interface Runtime {
  config: Config;
  db: Database;
  warehouse: Warehouse;
  temporal: Client;
  temporalAddress: string;
  temporalUiUrl: string | null;
  worker?: RunningWorker;
  server?: http.Server;
  seed: SeedResult;
  stop(): Promise<void>;
}

/**
 * Brings up the whole product in one process: stores (embedded or by URL), migrations and seed data,
 * Temporal (dev server or by address), the worker and the API, as SERVICE_ROLE asks.
 * On failure, whatever already started is stopped again.
 */
export async function startRuntime(config: Config, options: { dashboardDir?: string } = {}): Promise<Runtime> {
  const { env, dataDir } = config;
  setLogLevel(env.LOG_LEVEL);
  const runApi = env.SERVICE_ROLE !== 'worker';
  const runWorker = env.SERVICE_ROLE !== 'api';
  if (env.SERVICE_ROLE !== 'all' && !env.CLICKHOUSE_URL) {
    throw new StartupError(
      `SERVICE_ROLE=${env.SERVICE_ROLE} needs CLICKHOUSE_URL: embedded chDB can be opened by one process only, so split roles need a ClickHouse server.`,
    );
  }
  const stops: Array<() => Promise<unknown>> = [];
  const stopAll = async () => {
    for (const stop of stops.reverse())
      await stop().catch((err) => log.warn('shutdown step failed', { error: String(err) }));
    stops.length = 0;
  };

  try {
    // The committed ticker files first: a missing or corrupt one stops start-up with one line that names it.
    try {
      loadTickerData();
    } catch (err) {
      throw new StartupError((err as Error).message);
    }
    // Read before anything starts: a missing or corrupt model stops start-up with one line naming the file.
    const sentiment = runWorker ? loadSentimentAnalyser(env.SENTIMENT_MODEL_PATH) : undefined;
    const transformer = runWorker ? readTransformer(env.SENTIMENT_TRANSFORMER_DIR) : undefined;
    if (runApi) await assertPortFree(env.PORT, 'API', 'PORT', env.HOST);

    const postgres = await startPostgres(env.DATABASE_URL, {
      dataDir: path.join(dataDir, 'postgres'),
      port: env.EMBEDDED_POSTGRES_PORT,
      database: 'stockpulse',
      tcp: env.EMBEDDED_POSTGRES_TCP ?? false,
    });
    stops.push(() => postgres.stop());
    const db = createDatabase(postgres.url);
    stops.push(() => db.destroy());
    const appliedPg = await migratePostgres(db);
    const seed = await seedReferenceData(db, { email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD });
    log.info('postgres ready', {
      embedded: postgres.embedded,
      migrationsApplied: appliedPg.length,
      tickers: seed.tickers,
    });
    if (seed.admin.skipped) log.warn('no admin account created', { reason: seed.admin.skipped });

    if (!env.SMTP_URL) {
      // Embedded e-mail: a local SMTP server that keeps every message in the admin's outbox.
      await assertPortFree(env.SMTP_CAPTURE_PORT, 'SMTP capture', 'SMTP_CAPTURE_PORT', '127.0.0.1');
      const capture = await startSmtpCapture({ db, port: env.SMTP_CAPTURE_PORT });
      stops.push(() => capture.stop());
      log.info('smtp capture ready', { port: capture.port });
    }
    const notifications = createNotificationChannels(db, env);
    stops.push(async () => notifications.mailer.close());
    log.info('notifications', {
      email: env.SMTP_URL ? 'smtp' : 'outbox',
      sms: notifications.sms.real ? 'twilio' : 'outbox',
    });

    const warehouse = await connectWarehouse({
      url: env.CLICKHOUSE_URL,
      user: env.CLICKHOUSE_USER,
      password: env.CLICKHOUSE_PASSWORD,
      database: env.CLICKHOUSE_DATABASE,
      chdbPath: path.join(dataDir, 'clickhouse'),
    });
    stops.push(() => warehouse.close());
    const topology = env.CLICKHOUSE_CLUSTER ? { cluster: env.CLICKHOUSE_CLUSTER } : undefined;
    const appliedCh = await migrateWarehouse(warehouse, { topology });
    const retentionChanged = await applyRetention(warehouse, retentionOf(env), topology);
    log.info('clickhouse ready', {
      embedded: !env.CLICKHOUSE_URL,
      migrationsApplied: appliedCh.length,
      retentionChanged,
    });

    let temporalAddress = env.TEMPORAL_ADDRESS;
    let temporalUiUrl = env.TEMPORAL_UI_URL ?? null;
    if (!temporalAddress) {
      const cliPath = ensureTemporalCli(env.TEMPORAL_CLI_PATH, (m) => log.info(m));
      const devServer = await startTemporalDevServer({
        cliPath,
        dataDir: path.join(dataDir, 'temporal'),
        port: env.TEMPORAL_DEV_PORT,
        uiPort: env.TEMPORAL_UI_PORT,
        namespace: env.TEMPORAL_NAMESPACE,
      });
      stops.push(() => devServer.stop());
      temporalAddress = devServer.address;
      temporalUiUrl ??= devServer.uiUrl;
    }
    const connection = await Connection.connect({ address: temporalAddress }).catch((err: Error) => {
      throw new StartupError(`Temporal at ${temporalAddress} is not reachable: ${err.message}`);
    });
    stops.push(() => connection.close());
    const temporal = new Client({ connection, namespace: env.TEMPORAL_NAMESPACE });
    log.info('temporal ready', { address: temporalAddress, ui: temporalUiUrl });

    const realConnectors = createRealConnectors(env, { limiters: postgresLimiters(db) });
    const realPlatforms = Object.keys(realConnectors) as Platform[];
    log.info('social sources', {
      realAPIs: realPlatforms,
      simulated: platforms.filter((p) => !realPlatforms.includes(p)),
    });
    let worker: RunningWorker | undefined;
    if (runWorker) {
      const universe = await listedTickers(db);
      const connectors = createConnectors({
        simulated: {
          seed: env.SIMULATED_FEED_SEED,
          postsPerMinute: env.SIMULATED_POSTS_PER_MINUTE,
          tickers: simulatedTickers(universe, env.SIMULATED_FEED_SEED),
        },
        real: realConnectors,
      });
      const prices = createPriceProvider(env, { limiters: postgresLimiters(db) });
      log.info('prices', { source: prices.name, simulated: prices.simulated });
      // Threads start and load the model on the first batch, so start-up does not wait for them.
      const pool = createTransformerPool(transformer!, { threads: env.SENTIMENT_THREADS });
      stops.push(() => pool.close());
      const rescorer = createMentionRescorer({
        warehouse,
        pool,
        linear: sentiment!,
        combination: transformer!.training.combination,
        topology,
      });
      log.info('sentiment', {
        fastPath: sentiment!.version,
        transformer: transformer!.version,
        threads: env.SENTIMENT_THREADS ?? 'all cores',
      });
      const activities = createActivities({
        db,
        warehouse,
        connectors,
        prices,
        maxPostsPerSource: env.SCAN_MAX_POSTS_PER_SOURCE,
        sentiment: sentiment!,
        rescorer,
        links: appLinks(publicUrlOf(env)),
        notifications,
        webhooks: {
          allowPrivateTargets: env.WEBHOOK_ALLOW_PRIVATE_TARGETS ?? false,
          allowedPorts: env.WEBHOOK_ALLOWED_PORTS,
        },
        listingsUrl: env.TICKER_LISTINGS_URL,
      });
      worker = await startWorker({
        address: temporalAddress,
        namespace: env.TEMPORAL_NAMESPACE,
        taskQueue: env.TEMPORAL_TASK_QUEUE,
        activities,
      });
      stops.push(() => worker!.stop());
      worker.done.catch((err) => log.error('temporal worker stopped unexpectedly', { error: String(err) }));
      log.info('worker running', { taskQueue: env.TEMPORAL_TASK_QUEUE });
      // The sends a request starts have their own queue, so they never wait behind a scan or a re-score.
      const deliveryWorker = await startWorker({
        address: temporalAddress,
        namespace: env.TEMPORAL_NAMESPACE,
        taskQueue: deliveryTaskQueue(env.TEMPORAL_TASK_QUEUE),
        activities,
      });
      stops.push(() => deliveryWorker.stop());
      deliveryWorker.done.catch((err) =>
        log.error('temporal delivery worker stopped unexpectedly', { error: String(err) }),
      );
      const schedules = await ensureSchedules(temporal, {
        taskQueue: env.TEMPORAL_TASK_QUEUE,
        intervalMinutes: env.SCAN_INTERVAL_MINUTES,
      });
      log.info('schedules ready', {
        schedules: schedules.length,
        scanEveryMinutes: env.SCAN_INTERVAL_MINUTES,
        pricesEveryMinutes: 1,
      });
      const historyRescore = await createRescoreRunService({
        temporal,
        taskQueue: env.TEMPORAL_TASK_QUEUE,
      }).startUnlessLabelledBy(pool.version);
      if (historyRescore) log.info('history re-score started', { workflowId: historyRescore.workflowId });
    }

    let server: http.Server | undefined;
    if (runApi) {
      // Closed after the server (stops run last to first): the last calls' usage is written, unserved claims given back.
      const apiKeyChecks = createApiKeyChecks(db);
      stops.push(() => apiKeyChecks.close());
      const app = buildApp({
        apiKeyChecks,
        config,
        db,
        warehouse,
        temporal,
        temporalUiUrl,
        realPlatforms,
        dashboardDir: options.dashboardDir,
      });
      server = createHttpServer(app.callback());
      await new Promise<void>((resolve, reject) => {
        server!.once('error', (err: NodeJS.ErrnoException) =>
          reject(
            new StartupError(
              err.code === 'EADDRINUSE'
                ? `Port ${env.PORT} (API) is already in use. Set PORT to a free port.`
                : err.message,
            ),
          ),
        );
        server!.listen(env.PORT, env.HOST, resolve);
      });
      stops.push(
        () =>
          new Promise<void>((resolve) => {
            server!.close(() => resolve());
            server!.closeAllConnections();
          }),
      );
      // Expired sessions, and account tokens that can no longer be used (kept a day for support questions), go away.
      const purgeSpent = async () => {
        await purgeExpiredSessions(db);
        await purgeSpentAccountTokens(db, new Date(Date.now() - DAY_MS));
      };
      const purge = setInterval(
        () => purgeSpent().catch((err) => log.warn('session and token purge failed', { error: String(err) })),
        SESSION_PURGE_INTERVAL_MS,
      );
      purge.unref();
      stops.push(async () => clearInterval(purge));
    }

    return { config, db, warehouse, temporal, temporalAddress, temporalUiUrl, worker, server, seed, stop: stopAll };
  } catch (err) {
    await stopAll();
    throw err;
  }
}
