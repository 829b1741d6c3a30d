import Koa from 'koa';
import type { Client } from '@temporalio/client';
import type { Knex } from 'knex';
import { publicUrlOf, type Config } from '../platform/config';
import { appLinks } from '../core/appLinks';
import type { Warehouse } from '../warehouse/client';
import { createAccountMessenger } from '../domain/notifications/accountMessages';
import { createAccountService } from './accounts/accountService';
import { createAccountTokens } from '../domain/accounts/accountTokens';
import { createAuthRateLimits, type AuthLimits } from './accounts/authRateLimits';
import { createLoginSources } from './accounts/loginSources';
import { createPasswordPool, type PasswordPoolOptions } from './accounts/passwordPool';
import { createPasswordStrengthCheck } from './accounts/passwordStrength';
import { apiKeyAccess, publicApiCors } from './apiKeys/apiKeyAccess';
import { createApiKeyChecks, type ApiKeyChecks } from './apiKeys/apiKeyChecks';
import { createApiKeyLimits } from './apiKeys/apiKeyLimits';
import { createApiKeyService, type ApiKeyServiceOptions } from './apiKeys/apiKeyService';
import { errorMiddleware, reportResponseErrors } from './http/errorMiddleware';
import { isPublicApiPath } from './http/publicApiPath';
import { jsonBodyParser } from './http/jsonBodyParser';
import { hostCheck } from './http/hostCheck';
import { originCheck } from './http/originCheck';
import { rejectUnsafeJson } from './http/rejectUnsafeJson';
import { requireJsonBody } from './http/requireJsonBody';
import { securityHeaders } from './http/securityHeaders';
import { notFound } from './http/httpError';
import { buildRouter, type RouteDefinition } from './http/routeTable';
import { accountRoutes } from './routes/accountRoutes';
import { adminPipelineRoutes } from './routes/adminPipelineRoutes';
import { adminRoutes } from './routes/adminRoutes';
import { alertRoutes } from './routes/alertRoutes';
import { alertOutcomeRoutes } from './routes/alertOutcomeRoutes';
import { webhookRoutes } from './routes/webhookRoutes';
import type { ResolveHost } from '../domain/notifications/webhookSender';
import { adminBillingRoutes } from './routes/adminBillingRoutes';
import { adminSignalRoutes } from './routes/adminSignalRoutes';
import { billingRoutes, STRIPE_WEBHOOK_PATH } from './routes/billingRoutes';
import { createBilling } from './billing/createBilling';
import { configRoutes } from './routes/configRoutes';
import { newsletterRoutes } from './routes/newsletterRoutes';
import { openApiRoutes, publicApiDocumentRoutes } from './routes/openApiRoutes';
import { apiKeyRoutes } from './routes/apiKeyRoutes';
import { publicApiRoutes } from './routes/publicApiRoutes';
import { createPublicApiService } from './publicApi/publicApiService';
import { createStockDetailService } from './services/stockDetailService';
import { createStockListService } from './services/stockListService';
import type { ApiKeyLimits } from '../core/contracts/apiKeys';
import { pipelineRoutes } from './routes/pipelineRoutes';
import { healthRoutes } from './routes/healthRoutes';
import { stockRoutes } from './routes/stockRoutes';
import { cachedValue } from '../platform/ttlCache';
import { priceSource } from '../domain/prices';
import { platformStatus } from './services/platformStatusService';
import { createUserJobLimits } from './services/userJobLimits';
import { createTemporalDeliveryStarts } from './services/temporalDeliveryStarts';
import { deliveryTaskQueue } from '../workflows/definitions/notificationDelivery';
import { sessionMiddleware, sessionUserMiddleware } from './sessions/sessionMiddleware';
import { resolveSessionSecret } from './sessions/sessionSecret';
import { dashboardStatic } from './static/dashboardStatic';
import type { Platform } from '../core/platforms';
import { retentionOf } from '../platform/retention';

export interface AppDeps {
  config: Config;
  db: Knex;
  warehouse: Warehouse;
  temporal: Client;
  temporalUiUrl: string | null;
  /** The built dashboard; omitted in API-only tests. */
  dashboardDir?: string;
  /** Platforms fed by real APIs (the others use the simulated feed). */
  realPlatforms: readonly Platform[];
  /** Overrides the default sign-in/sign-up rate limits (tests). */
  authLimits?: AuthLimits;
  /**
   * How long the dashboard's shared reads are reused: the 1-hour stock list (longer ranges scale up to 60 s), trending
   * tickers and platform status (default 5 s; tests use 0); stock histories are reused 3× as long.
   */
  dashboardCacheMs?: number;
  /** How long POST /api/stocks/refresh-prices and /api/detect-trends wait for their workflow (default 30 s). */
  pipelineTimeoutMs?: number;
  /**
   * How long a request that sends (test e-mail, Send test of webhooks) waits for the first attempt of its delivery
   * workflow before it answers with what it knows (default 15 s).
   */
  sendWaitMs?: number;
  /** Threads and queue of the password-hashing pool (tests shrink them). */
  passwordPool?: PasswordPoolOptions;
  /** The clock of the market session, stock lists and histories (tests pin it). */
  now?: () => Date;
  /** How webhook host names resolve (tests map names to chosen addresses; default: the system resolver). */
  resolveHost?: ResolveHost;
  /** Overrides each API key's allowance (default: API_REQUESTS_PER_MINUTE and API_REQUESTS_PER_DAY). */
  apiKeyLimits?: ApiKeyLimits;
  /**
   * The process's key look-ups and usage meter, shared by every app built over these deps (the runtime closes it at
   * shutdown). Without it, buildApp makes one for the app it builds.
   */
  apiKeyChecks?: ApiKeyChecks;
}

/** The cap on keys and each key's allowance, from the configuration unless the deps override them. */
function apiKeyOptions(deps: AppDeps & { apiKeyChecks: ApiKeyChecks }): ApiKeyServiceOptions {
  const { env } = deps.config;
  return {
    maxKeys: env.MAX_API_KEYS_PER_USER,
    limits: deps.apiKeyLimits ?? { perMinute: env.API_REQUESTS_PER_MINUTE, perDay: env.API_REQUESTS_PER_DAY },
    checks: deps.apiKeyChecks,
    now: deps.now,
  };
}

/** The deps with the process's API key checks (made for this app when the caller passed none). */
const withApiKeyChecks = (deps: AppDeps) => ({
  ...deps,
  apiKeyChecks: deps.apiKeyChecks ?? createApiKeyChecks(deps.db, { now: deps.now }),
});

const DEFAULT_DASHBOARD_CACHE_MS = 5_000;
// Longer than one webhook attempt may take (10 s), so a slow receiver's first answer is still shown.
const DEFAULT_SEND_WAIT_MS = 15_000;

/** Every /api route with its declared access (the access-matrix test walks this list). */
export function apiRoutes(appDeps: AppDeps): RouteDefinition[] {
  const deps = withApiKeyChecks(appDeps);
  const { config } = deps;
  // Every send a request starts (account messages, test e-mails and webhooks) is a delivery workflow, as alerts' are.
  const deliveries = createTemporalDeliveryStarts({
    temporal: deps.temporal,
    taskQueue: deliveryTaskQueue(config.env.TEMPORAL_TASK_QUEUE),
  });
  const sendWaitMs = deps.sendWaitMs ?? DEFAULT_SEND_WAIT_MS;
  const links = appLinks(publicUrlOf(config.env));
  const passwords = createPasswordPool(deps.passwordPool);
  const checkStrength = createPasswordStrengthCheck();
  const limits = createAuthRateLimits(deps.db, deps.authLimits);
  const jobLimits = createUserJobLimits(deps.db);
  const accounts = createAccountService({
    db: deps.db,
    passwords,
    checkStrength,
    tokens: createAccountTokens(deps.db),
    messages: createAccountMessenger(deps.db, deliveries),
  });
  const billing = createBilling(config, deps.db, { passwords, checkStrength });
  // Admin edits of the source lists (this process) show at once; the TTL bounds what other processes changed.
  const dashboardCacheMs = deps.dashboardCacheMs ?? DEFAULT_DASHBOARD_CACHE_MS;
  // One stock list and one detail service behind the dashboard and the public API, so both read one cache.
  const stocks = createStockListService({
    db: deps.db,
    warehouse: deps.warehouse,
    cacheMs: dashboardCacheMs,
    now: deps.now,
  });
  // Histories are reused three times as long as the list (default 15 s): cards refetch them every 15 minutes anyway.
  const details = createStockDetailService({
    db: deps.db,
    warehouse: deps.warehouse,
    historyCacheMs: 3 * dashboardCacheMs,
    now: deps.now,
  });
  const keyOptions = apiKeyOptions(deps);
  const status = cachedValue(
    () =>
      platformStatus({
        db: deps.db,
        warehouse: deps.warehouse,
        realPlatforms: deps.realPlatforms,
        prices: priceSource(config.env),
        now: deps.now,
      }),
    { ttlMs: dashboardCacheMs },
  );
  const routes = [
    ...healthRoutes({
      db: deps.db,
      warehouse: deps.warehouse,
      temporal: deps.temporal,
      namespace: config.env.TEMPORAL_NAMESPACE,
      taskQueue: config.env.TEMPORAL_TASK_QUEUE,
      mode: config.mode,
    }),
    ...configRoutes(config, deps.temporalUiUrl),
    ...accountRoutes({
      accounts,
      limits,
      jobLimits,
      sources: createLoginSources(deps.db),
      secureCookies: config.secureCookies,
    }),
    ...pipelineRoutes({ ...deps, status, jobLimits }),
    ...stockRoutes({ ...deps, dashboardCacheMs, stocks, details, jobLimits }),
    ...adminRoutes(deps.db, { onSourceListsChanged: () => status.invalidate() }, retentionOf(deps.config.env)),
    ...adminPipelineRoutes({
      db: deps.db,
      warehouse: deps.warehouse,
      temporal: deps.temporal,
      namespace: config.env.TEMPORAL_NAMESPACE,
      taskQueue: config.env.TEMPORAL_TASK_QUEUE,
      temporalUiUrl: deps.temporalUiUrl,
      youtubeQuota: { dailyQuota: config.env.YOUTUBE_DAILY_QUOTA, live: deps.realPlatforms.includes('youtube') },
      priceSource: priceSource(config.env),
    }),
    ...adminSignalRoutes(deps.db),
    ...newsletterRoutes(deps.db),
    ...alertRoutes({
      db: deps.db,
      deliveries,
      sendWaitMs,
      testEmailsPerHour: config.env.TEST_EMAILS_PER_HOUR,
      maxAlertsPerUser: config.env.MAX_ALERTS_PER_USER,
    }),
    ...webhookRoutes({
      db: deps.db,
      policy: {
        allowPrivateTargets: config.env.WEBHOOK_ALLOW_PRIVATE_TARGETS ?? false,
        allowedPorts: config.env.WEBHOOK_ALLOWED_PORTS,
        resolve: deps.resolveHost,
      },
      deliveries,
      testWaitMs: sendWaitMs,
      maxTargets: config.env.MAX_WEBHOOKS_PER_USER,
      testsPerHour: config.env.WEBHOOK_TESTS_PER_HOUR,
      links: { dashboard: links.dashboard, alerts: links.alerts },
    }),
    ...alertOutcomeRoutes({ db: deps.db }),
    ...billingRoutes({ ...billing, limits, accounts }),
    ...adminBillingRoutes(deps.db, billing.cancellation),
    ...apiKeyRoutes(createApiKeyService(deps.db, keyOptions)),
    ...publicApiRoutes(createPublicApiService({ db: deps.db, warehouse: deps.warehouse, stocks, now: deps.now })),
    ...publicApiDocumentRoutes(keyOptions.limits),
  ];
  return [...routes, ...openApiRoutes(routes)];
}

const publicApiOnly =
  (middleware: Koa.Middleware): Koa.Middleware =>
  (ctx, next) =>
    isPublicApiPath(ctx.path) ? middleware(ctx, next) : next();
const notOnPublicApi =
  (middleware: Koa.Middleware): Koa.Middleware =>
  (ctx, next) =>
    isPublicApiPath(ctx.path) ? next() : middleware(ctx, next);

/** The Koa app, built without listening: the server calls listen(), tests use app.callback() (and may pass the routes they hold). */
export function buildApp(appDeps: AppDeps, ownRoutes?: RouteDefinition[]): Koa {
  const deps = withApiKeyChecks(appDeps);
  const routes = ownRoutes ?? apiRoutes(deps);
  // Trust X-Forwarded-* (client IP for rate limits, https) only behind a known reverse proxy.
  const app = new Koa({ proxy: deps.config.env.TRUST_PROXY ?? false });
  reportResponseErrors(app);
  app.use(errorMiddleware);
  const { env } = deps.config;
  const publicOrigin = env.PUBLIC_URL ? new URL(env.PUBLIC_URL).origin : undefined;
  app.use(securityHeaders({ httpsOnly: publicOrigin?.startsWith('https:') ?? false }));
  // Loopback stays reachable on one machine (embedded), and wherever no public URL names the site.
  app.use(
    hostCheck({
      publicHost: env.PUBLIC_URL ? new URL(env.PUBLIC_URL).host : undefined,
      allowLoopback: deps.config.mode === 'embedded' || !env.PUBLIC_URL,
    }),
  );
  app.use(originCheck(publicOrigin ? [publicOrigin] : []));
  // The Stripe webhook is verified over its raw bytes, so the JSON parser leaves that one path alone.
  app.use(async (ctx, next) => {
    if (ctx.path === STRIPE_WEBHOOK_PATH) ctx.disableBodyParser = true;
    await next();
  });
  app.use(requireJsonBody);
  app.use(jsonBodyParser());
  app.use(rejectUnsafeJson);
  // The public API reads no cookie and starts no session: its calls carry an API key (checked by its routes' access).
  app.use(publicApiOnly(publicApiCors));
  app.use(
    notOnPublicApi(
      sessionMiddleware(app, deps.db, {
        secret: resolveSessionSecret(env.SESSION_SECRET, deps.config.dataDir),
        secure: deps.config.secureCookies,
      }),
    ),
  );
  app.use(notOnPublicApi(sessionUserMiddleware()));
  const keyOptions = apiKeyOptions(deps);
  const router = buildRouter(
    routes,
    apiKeyAccess(
      createApiKeyService(deps.db, keyOptions),
      createApiKeyLimits(deps.apiKeyChecks.meter, keyOptions.limits, deps.now),
    ),
  );
  app.use(router.routes());
  app.use(router.allowedMethods());
  app.use(async (ctx, next) => {
    // Any letter case: /API/LOGOUT matches no route (routing is case-sensitive) and must not fall through to the SPA.
    if (/^\/api(\/|$)/i.test(ctx.path)) throw notFound(`No API route ${ctx.method} ${ctx.path}`);
    await next();
  });
  if (deps.dashboardDir) for (const m of dashboardStatic(deps.dashboardDir)) app.use(m);
  return app;
}
