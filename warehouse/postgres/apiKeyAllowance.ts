import type { Database } from '../../platform/database';

/**
 * Claims on each API key's allowance (`api_key_minute_allowance`, `api_key_usage.reserved`). A process claims a block
 * of a window's allowance and serves it from memory; the claims of all processes never add up to more than the
 * allowance, so neither does what they serve.
 */

/** One claim's answer: the window it was made in, how much of the window is claimed now, and what this claim got (0 when none is left). */
export interface AllowanceClaim {
  windowStart: Date;
  claimed: number;
  granted: number;
}

interface ClaimRow {
  window_start: Date;
  reserved: number;
  last_claim: number;
}

const claimOf = (row: ClaimRow | undefined): AllowanceClaim => {
  if (!row) throw new Error('an allowance claim returned no row');
  return { windowStart: row.window_start, claimed: row.reserved, granted: row.last_claim };
};

/**
 * Claims up to `block` requests of the key's current minute window, or of a new one starting `at` when the last has
 * ended. The SET expressions read the row as it was, so `last_claim` is what this statement granted.
 */
export async function claimMinuteAllowance(
  db: Database,
  keyId: number,
  at: Date,
  block: number,
  limit: number,
): Promise<AllowanceClaim> {
  // Typed once in a sub-select: pg sends parameters untyped, and the SET expressions read them several times.
  const result = await db.raw<{ rows: ClaimRow[] }>(
    `WITH p AS (SELECT CAST(:keyId AS bigint) AS key_id, CAST(:at AS timestamptz) AS at, CAST(:block AS int) AS block, CAST(:limit AS int) AS lim)
     INSERT INTO api_key_minute_allowance AS m (key_id, window_start, reserved, last_claim)
     SELECT key_id, at, LEAST(block, lim), LEAST(block, lim) FROM p
     ON CONFLICT (key_id) DO UPDATE SET
       window_start = CASE WHEN m.window_start <= (SELECT at FROM p) - interval '1 minute' THEN excluded.window_start ELSE m.window_start END,
       reserved = CASE WHEN m.window_start <= (SELECT at FROM p) - interval '1 minute' THEN excluded.reserved
                       ELSE m.reserved + GREATEST(0, LEAST((SELECT block FROM p), (SELECT lim FROM p) - m.reserved)) END,
       last_claim = CASE WHEN m.window_start <= (SELECT at FROM p) - interval '1 minute' THEN excluded.reserved
                         ELSE GREATEST(0, LEAST((SELECT block FROM p), (SELECT lim FROM p) - m.reserved)) END
     RETURNING window_start, reserved, last_claim`,
    { keyId, at, block, limit },
  );
  return claimOf(result.rows[0]);
}

/** Claims up to `block` requests of the key's allowance for a UTC day (YYYY-MM-DD, starting `dayStart`). */
export async function claimDayAllowance(
  db: Database,
  keyId: number,
  day: string,
  dayStart: Date,
  block: number,
  limit: number,
): Promise<AllowanceClaim> {
  const result = await db.raw<{ rows: Array<Omit<ClaimRow, 'window_start'>> }>(
    `WITH p AS (SELECT CAST(:keyId AS bigint) AS key_id, CAST(:day AS date) AS day, CAST(:block AS int) AS block, CAST(:limit AS int) AS lim)
     INSERT INTO api_key_usage AS u (key_id, day, requests, reserved, last_claim)
     SELECT key_id, day, 0, LEAST(block, lim), LEAST(block, lim) FROM p
     ON CONFLICT (key_id, day) DO UPDATE SET
       reserved = u.reserved + GREATEST(0, LEAST((SELECT block FROM p), (SELECT lim FROM p) - u.reserved)),
       last_claim = GREATEST(0, LEAST((SELECT block FROM p), (SELECT lim FROM p) - u.reserved))
     RETURNING reserved, last_claim`,
    { keyId, day, block, limit },
  );
  const row = result.rows[0];
  return claimOf(row && { ...row, window_start: dayStart });
}

/** Gives back what a process claimed of a minute window and did not serve (unless that window has ended). */
export async function releaseMinuteAllowance(
  db: Database,
  keyId: number,
  windowStart: Date,
  unused: number,
): Promise<void> {
  await db('api_key_minute_allowance')
    .where({ key_id: keyId, window_start: windowStart })
    .update({ reserved: db.raw('GREATEST(0, reserved - ?)', [unused]) });
}

/** Gives back what a process claimed of a day's allowance and did not serve. */
export async function releaseDayAllowance(db: Database, keyId: number, day: string, unused: number): Promise<void> {
  await db('api_key_usage')
    .where({ key_id: keyId, day })
    .update({ reserved: db.raw('GREATEST(requests, reserved - ?)', [unused]) });
}
