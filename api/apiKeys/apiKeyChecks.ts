import type { Database } from '../../platform/database';
import { createApiKeyCallerCache, type ApiKeyCallerCache } from './apiKeyCallerCache';
import { createApiKeyMeter, type ApiKeyMeter, type ApiKeyMeterOptions } from './apiKeyMeter';

/**
 * What every app of one process shares to check API key calls: the look-ups of keys (so a revocation clears them for
 * every app) and the meter (one claim on a key's allowance per process). The runtime closes it at shutdown, after the
 * server, so the last calls' usage is written and unserved claims are given back.
 */
export interface ApiKeyChecks {
  callers: ApiKeyCallerCache;
  meter: ApiKeyMeter;
  close(): Promise<void>;
}

export function createApiKeyChecks(
  db: Database,
  options: ApiKeyMeterOptions & { callerCacheMs?: number } = {},
): ApiKeyChecks {
  const meter = createApiKeyMeter(db, options);
  return {
    callers: createApiKeyCallerCache(db, { ttlMs: options.callerCacheMs, now: options.now }),
    meter,
    close: () => meter.close(),
  };
}
