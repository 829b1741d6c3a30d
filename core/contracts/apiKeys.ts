import { z } from 'zod';

/** Every API key starts with this, so a leaked one is easy to recognise (and to search for in code). */
export const API_KEY_PREFIX = 'sp_live_';
/** `sp_live_` and 43 base64url characters: 256 random bits. */
export const apiKeyPattern = /^sp_live_[A-Za-z0-9_-]{43}$/;

/** POST /api/api-keys: the name the user gives a key (what the script is for). */
export const createApiKeyBodySchema = z.object({
  name: z
    .string({ error: 'name is required' })
    .trim()
    .min(1, 'name is required')
    .max(60, 'name must be at most 60 characters'),
});
export type CreateApiKeyBody = z.infer<typeof createApiKeyBodySchema>;

/** Requests a key made on one UTC day. */
export const apiKeyDayUsageSchema = z.object({ day: z.string(), requests: z.number().int() });

/** One of the user's live keys as Settings lists it (the key itself is never shown again). */
export const apiKeySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The first characters of the key, to tell keys apart: `sp_live_AbCd`. */
  prefix: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  /** Requests today (UTC), counted against the daily allowance. */
  requestsToday: z.number().int(),
  /** Requests per UTC day over the last 7 days, oldest first (days without requests are absent). */
  usage: z.array(apiKeyDayUsageSchema),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

/** Live keys a user may hold, and each key's allowance, unless configured otherwise (MAX_API_KEYS_PER_USER, API_REQUESTS_PER_MINUTE, API_REQUESTS_PER_DAY). */
export const DEFAULT_MAX_API_KEYS = 5;
export const DEFAULT_API_KEY_LIMITS = { perMinute: 60, perDay: 10_000 } as const;

/** The allowance of every key. */
export const apiKeyLimitsSchema = z.object({ perMinute: z.number().int(), perDay: z.number().int() });
export type ApiKeyLimits = z.infer<typeof apiKeyLimitsSchema>;

/** GET /api/api-keys. */
export const apiKeyListSchema = z.object({
  keys: z.array(apiKeySchema),
  maxKeys: z.number().int(),
  limits: apiKeyLimitsSchema,
  /** Whether the user's subscription lets keys read (a trial or Pro); keys of a lapsed subscription answer 402. */
  canUseKeys: z.boolean(),
});
export type ApiKeyList = z.infer<typeof apiKeyListSchema>;

/** POST /api/api-keys: the new key, with the secret shown this once. */
export const createdApiKeySchema = apiKeySchema.extend({ secret: z.string().regex(apiKeyPattern) });
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;

/** GET /api/admin/api-keys: the keys that made the most requests on a day. */
export const topApiKeysSchema = z.object({
  day: z.string(),
  keys: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      prefix: z.string(),
      userEmail: z.string(),
      requests: z.number().int(),
      lastUsedAt: z.string().nullable(),
      revoked: z.boolean(),
    }),
  ),
});
export type TopApiKeys = z.infer<typeof topApiKeysSchema>;
