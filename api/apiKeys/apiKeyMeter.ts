import { DAY_MS, MINUTE_MS } from '../../core/timeWindows';
import type { Database } from '../../platform/database';
import { log } from '../../platform/logger';
import {
  claimDayAllowance,
  claimMinuteAllowance,
  releaseDayAllowance,
  releaseMinuteAllowance,
} from '../../warehouse/postgres/apiKeyAllowance';
import { createAllowanceLeases } from './allowanceLeases';
import { createUsageLedger } from './usageLedger';

/** A UTC day as YYYY-MM-DD: usage and the daily allowance are counted per UTC day. */
export const utcDay = (at: Date) => at.toISOString().slice(0, 10);

export interface ApiKeyMeterOptions {
  /** How often served requests are written and idle claims given back (default 1 s). */
  flushMs?: number;
  /** A key's unserved claims are given back once it has made no call for this long (default 2 s). */
  idleMs?: number;
  now?: () => Date;
}

export const DEFAULT_USAGE_FLUSH_MS = 1000;

/**
 * What every API key call is counted against, in this process: its minute and UTC-day allowances (claimed from
 * Postgres in blocks, see allowanceLeases.ts) and the day's usage (written every `flushMs`). One meter per process,
 * shared by every app it builds; close() writes what is left and gives back unserved claims.
 */
export function createApiKeyMeter(db: Database, options: ApiKeyMeterOptions = {}) {
  const clock = options.now ?? (() => new Date());
  const idleMs = options.idleMs ?? 2000;
  const minute = createAllowanceLeases({
    windowMs: MINUTE_MS,
    claim: (keyId, at, block, limit) => claimMinuteAllowance(db, keyId, at, block, limit),
    release: (keyId, windowStart, unused) => releaseMinuteAllowance(db, keyId, windowStart, unused),
  });
  const day = createAllowanceLeases({
    windowMs: DAY_MS,
    claim: (keyId, at, block, limit) =>
      claimDayAllowance(db, keyId, utcDay(at), new Date(Math.floor(at.getTime() / DAY_MS) * DAY_MS), block, limit),
    release: (keyId, windowStart, unused) => releaseDayAllowance(db, keyId, utcDay(windowStart), unused),
  });
  const usage = createUsageLedger(db);

  // Served counts first, so a day's claim given back never drops below what it served.
  const settle = async (idle: number) => {
    await usage.flush();
    await Promise.all([minute.releaseIdle(clock(), idle), day.releaseIdle(clock(), idle)]);
  };
  const timer = setInterval(
    () => settle(idleMs).catch((err) => log.warn('API key usage write failed', { error: String(err) })),
    options.flushMs ?? DEFAULT_USAGE_FLUSH_MS,
  );
  timer.unref();

  return {
    minute,
    day,
    usage,
    /** Writes the usage counted so far (readers of usage call it first, so this process's calls show at once). */
    flush: () => usage.flush(),
    /** Stops the timer, writes the usage and gives back every unserved claim. */
    async close(): Promise<void> {
      clearInterval(timer);
      await settle(0);
    },
  };
}
export type ApiKeyMeter = ReturnType<typeof createApiKeyMeter>;
