import Koa from 'koa';
import type { Client } from '@temporalio/client';
import type { Knex } from 'knex';
import type { Config } from '../core/config';
import type { Warehouse } from '../warehouse/client';
import { createNotificationChannels } from '../workflows/notifications';
import type { NotificationChannels } from '../workflows/notifications/delivery';
import { createAccountMessenger } from './accounts/accountMessages';
import { createAccountService } from './accounts/accountService';
import { createAccountTokens } from './accounts/accountTokens';
import { createAuthRateLimits, type AuthLimits } from './accounts/authRateLimits';
import { createLoginSources } from './accounts/loginSources';
import { createPasswordPool, type PasswordPoolOptions } from './accounts/passwordPool';
import { createPasswordStrengthCheck } from './accounts/passwordStrength';
import { errorMiddleware } from './http/errorMiddleware';
import { jsonBodyParser } from './http/jsonBodyParser';
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
import type { ResolveHost } from '../workflows/notifications/webhookSender';
import { adminBillingRoutes } from './routes/adminBillingRoutes';
import { adminSignalRoutes } from './routes/adminSignalRoutes';
import { billingRoutes, STRIPE_WEBHOOK_PATH } from './routes/billingRoutes';
import { createBilling } from './billing/createBilling';
import { configRoutes } from './routes/configRoutes';
import { newsletterRoutes } from './routes/newsletterRoutes';
import { openApiRoutes } from './routes/openApiRoutes';
import { pipelineRoutes } from './routes/pipelineRoutes';
import { healthRoutes } from './routes/healthRoutes';
import { stockRoutes } from './routes/stockRoutes';
import { cachedValue } from '../platform/ttlCache';
import { priceSource } from '../workflows/prices';
import { platformStatus } from './services/platformStatusService';
import { sessionMiddleware, sessionUserMiddleware } from './sessions/sessionMiddleware';
import { resolveSessionSecret } from './sessions/sessionSecret';
import { dashboardStatic } from './static/dashboardStatic';
import type { Platform } from '../core/platforms';
import { retentionOf } from '../core/retention';

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
  /** E-mail/SMS senders of the test e-mail and account messages (default: built from the configuration, SMTP_URL or the capture). */
  notifications?: NotificationChannels;
  /** Threads and queue of the password-hashing pool (tests shrink them). */
  passwordPool?: PasswordPoolOptions;
  /** The clock of the market session, stock lists and histories (tests pin it). */
  now?: () => Date;
  /** How webhook host names resolve (tests map names to chosen addresses; default: the system resolver). */
  resolveHost?: ResolveHost;
}

/** The base URL of links in e-mails: PUBLIC_URL, else this machine's port. */
export const appUrlOf = (config: Config) => (config.env.PUBLIC_URL ?? `http://localhost:${config.env.PORT}`).replace(/\/+$/, '');

const DEFAULT_DASHBOARD_CACHE_MS = 5_000;

/** Every /api route with its declared access (the access-matrix test walks this list). */
export function apiRoutes(deps: AppDeps): RouteDefinition[] {
  const { config } = deps;
  const notifications = deps.notifications ?? createNotificationChannels(deps.db, config.env);
  const passwords = createPasswordPool(deps.passwordPool);
  const checkStrength = createPasswordStrengthCheck();
  const limits = createAuthRateLimits(deps.db, deps.authLimits);
  const accounts = createAccountService({
    db: deps.db,
    passwords,
    checkStrength,
    tokens: createAccountTokens(deps.db),
    messages: createAccountMessenger(deps.db, notifications, appUrlOf(config)),
  });
  const billing = createBilling(config, deps.db, { passwords, checkStrength });
  // Admin edits of the source lists (this process) show at once; the TTL bounds what other processes changed.
  const dashboardCacheMs = deps.dashboardCacheMs ?? DEFAULT_DASHBOARD_CACHE_MS;
  const status = cachedValue(() => platformStatus({ db: deps.db, warehouse: deps.warehouse, realPlatforms: deps.realPlatforms, prices: priceSource(config.env), now: deps.now }), { ttlMs: dashboardCacheMs });
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
    ...accountRoutes({ accounts, limits, sources: createLoginSources(deps.db), secureCookies: config.secureCookies }),
    ...pipelineRoutes({ ...deps, status }),
    ...stockRoutes({ ...deps, dashboardCacheMs }),
    ...adminRoutes(deps.db, { onSourceListsChanged: () => status.invalidate() }, retentionOf(deps.config.env)),
    ...adminPipelineRoutes({
      db: deps.db,
      temporal: deps.temporal,
      namespace: config.env.TEMPORAL_NAMESPACE,
      taskQueue: config.env.TEMPORAL_TASK_QUEUE,
      temporalUiUrl: deps.temporalUiUrl,
      youtubeQuota: { dailyQuota: config.env.YOUTUBE_DAILY_QUOTA, live: deps.realPlatforms.includes('youtube') },
    }),
    ...adminSignalRoutes(deps.db),
    ...newsletterRoutes(deps.db),
    ...alertRoutes({ db: deps.db, notifications, testEmailsPerHour: config.env.TEST_EMAILS_PER_HOUR, maxAlertsPerUser: config.env.MAX_ALERTS_PER_USER }),
    ...webhookRoutes({
      db: deps.db,
      policy: { allowPrivateTargets: config.env.WEBHOOK_ALLOW_PRIVATE_TARGETS ?? false, resolve: deps.resolveHost },
      maxTargets: config.env.MAX_WEBHOOKS_PER_USER,
      testsPerHour: config.env.WEBHOOK_TESTS_PER_HOUR,
      links: { dashboard: `${appUrlOf(config)}/dashboard`, alerts: `${appUrlOf(config)}/alerts` },
    }),
    ...alertOutcomeRoutes({ db: deps.db }),
    ...billingRoutes({ ...billing, limits, accounts }),
    ...adminBillingRoutes(deps.db, billing.cancellation),
  ];
  return [...routes, ...openApiRoutes(routes)];
}

/** The Koa app, built without listening: the server calls listen(), tests use app.callback() (and may pass the routes they hold). */
export function buildApp(deps: AppDeps, routes: RouteDefinition[] = apiRoutes(deps)): Koa {
  // Trust X-Forwarded-* (client IP for rate limits, https) only behind a known reverse proxy.
  const app = new Koa({ proxy: deps.config.env.TRUST_PROXY ?? false });
  app.use(errorMiddleware);
  const { env } = deps.config;
  const publicOrigin = env.PUBLIC_URL ? new URL(env.PUBLIC_URL).origin : undefined;
  app.use(securityHeaders({ httpsOnly: publicOrigin?.startsWith('https:') ?? false }));
  app.use(originCheck(publicOrigin ? [publicOrigin] : []));
  // The Stripe webhook is verified over its raw bytes, so the JSON parser leaves that one path alone.
  app.use(async (ctx, next) => {
    if (ctx.path === STRIPE_WEBHOOK_PATH) ctx.disableBodyParser = true;
    await next();
  });
  app.use(requireJsonBody);
  app.use(jsonBodyParser());
  app.use(rejectUnsafeJson);
  app.use(
    sessionMiddleware(app, deps.db, {
      secret: resolveSessionSecret(env.SESSION_SECRET, deps.config.dataDir),
      secure: deps.config.secureCookies,
    }),
  );
  app.use(sessionUserMiddleware());
  const router = buildRouter(routes);
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
