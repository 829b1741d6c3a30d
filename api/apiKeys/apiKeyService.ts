import { createHash, randomBytes } from 'node:crypto';
import {
  API_KEY_PREFIX,
  apiKeyPattern,
  type ApiKeyLimits,
  type ApiKeyList,
  type CreatedApiKey,
  type TopApiKeys,
} from '../../core/contracts/apiKeys';
import { isSubscribedStatus, subscriptionStatusSchema } from '../../core/contracts/user';
import { DAY_MS } from '../../core/timeWindows';
import type { Database } from '../../platform/database';
import {
  apiKeyOwner,
  insertApiKey,
  listApiKeys,
  revokeApiKey,
  topApiKeys,
  type ApiKeyOwnerRow,
} from '../../warehouse/postgres/apiKeys';
import type { ApiKeyCaller } from '../http/access';
import { HttpError, notFound } from '../http/httpError';
import type { ApiKeyChecks } from './apiKeyChecks';
import { utcDay } from './apiKeyMeter';

/** The characters of a key Settings shows to tell keys apart (`sp_live_` and four more). */
const SHOWN_PREFIX_LENGTH = API_KEY_PREFIX.length + 4;
const USAGE_DAYS = 7;

/** SHA-256 of a key, hex: what is stored and looked up. */
export const hashApiKey = (key: string) => createHash('sha256').update(key).digest('hex');

const REALM = 'Bearer realm="StockPulse API"';
const invalidKey = (message: string) =>
  new HttpError(401, message, undefined, { 'WWW-Authenticate': `${REALM}, error="invalid_token"` });

/** Why an owner's keys may not read, or null when they may: the account must be active, and a trial or Pro (admins always may). */
export function keyRefusal(owner: ApiKeyOwnerRow): HttpError | null {
  if (!owner.is_active) return new HttpError(403, 'This account is deactivated: its API keys no longer work');
  if (owner.role === 'admin') return null;
  const status = subscriptionStatusSchema.catch('none').parse(owner.subscription_status);
  if (owner.trial_ended)
    return new HttpError(402, 'Your free trial has ended: API keys read again once you subscribe to StockPulse Pro');
  if (!isSubscribedStatus(status)) {
    return new HttpError(
      402,
      `Your StockPulse subscription is not active (${status}): API keys read again once you subscribe to StockPulse Pro`,
    );
  }
  return null;
}

export interface ApiKeyServiceOptions {
  maxKeys: number;
  limits: ApiKeyLimits;
  /** The process's key look-ups and usage meter. */
  checks: ApiKeyChecks;
  now?: () => Date;
}

/** API keys: created, listed and revoked in Settings, checked on every /api/v1 call. */
export function createApiKeyService(db: Database, options: ApiKeyServiceOptions) {
  const clock = options.now ?? (() => new Date());
  const { callers, meter } = options.checks;

  async function usableOwner(userId: string): Promise<ApiKeyOwnerRow> {
    const owner = await apiKeyOwner(db, userId, clock());
    if (!owner) throw notFound('User not found');
    return owner;
  }

  return {
    async list(userId: string): Promise<ApiKeyList> {
      // This process's latest calls are counted in memory: written first, so they show at once.
      await meter.flush();
      const now = clock();
      const [keys, owner] = await Promise.all([
        listApiKeys(db, userId, utcDay(now), utcDay(new Date(now.getTime() - (USAGE_DAYS - 1) * DAY_MS))),
        usableOwner(userId),
      ]);
      return { keys, maxKeys: options.maxKeys, limits: options.limits, canUseKeys: keyRefusal(owner) === null };
    },

    /** A new key for a subscriber, shown this once; 402 without a subscription, 409 past the cap. */
    async create(userId: string, name: string): Promise<CreatedApiKey> {
      const refusal = keyRefusal(await usableOwner(userId));
      if (refusal)
        throw refusal.status === 402
          ? new HttpError(402, 'API keys come with a StockPulse trial or Pro subscription')
          : refusal;
      const secret = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
      const result = await insertApiKey(
        db,
        userId,
        { name, prefix: secret.slice(0, SHOWN_PREFIX_LENGTH), hash: hashApiKey(secret) },
        options.maxKeys,
      );
      if ('limitReached' in result)
        throw new HttpError(409, `You can have at most ${options.maxKeys} API keys: revoke one first`);
      return { ...result.key, secret };
    },

    async revoke(userId: string, id: number): Promise<void> {
      if (!(await revokeApiKey(db, userId, id, clock()))) throw notFound('API key not found');
      // The key's look-up may be reused by this process's next calls: drop them all (revocations are rare).
      callers.invalidate();
    },

    /**
     * The caller behind an Authorization header: 401 without a well-formed, known, live key; 403 for a deactivated
     * account; 402 when the owner's subscription has ended.
     */
    async authenticate(authorization: string | undefined): Promise<ApiKeyCaller> {
      if (!authorization)
        throw new HttpError(401, 'Send your API key in the Authorization header: Bearer sp_live_…', undefined, {
          'WWW-Authenticate': REALM,
        });
      const match = /^Bearer[ ]+(\S+)\s*$/i.exec(authorization);
      if (!match) throw invalidKey('The Authorization header must be "Bearer" followed by your API key');
      const key = match[1]!;
      if (!apiKeyPattern.test(key))
        throw invalidKey(`Malformed API key: keys are ${API_KEY_PREFIX} followed by 43 letters, digits, - or _`);
      const row = await callers.get(hashApiKey(key));
      if (!row) throw invalidKey('Unknown API key');
      if (row.revoked) throw invalidKey('This API key was revoked');
      const refusal = keyRefusal(row);
      if (refusal) throw refusal;
      return { keyId: row.id, userId: row.user_id };
    },

    /** The keys with the most requests today (UTC), for the admin. */
    async top(limit = 20): Promise<TopApiKeys> {
      await meter.flush();
      const day = utcDay(clock());
      return { day, keys: await topApiKeys(db, day, limit) };
    },
  };
}
export type ApiKeyService = ReturnType<typeof createApiKeyService>;
