import { quotaDay } from './quotaDay';

/** The kinds of call a daily unit quota prices differently (YouTube: search.list 100 units, every list call 1). */
export type QuotaKind = 'search' | 'read';

/** What one fetch may spend of a platform's daily unit quota, per kind of call; the connector reports every spend. */
export interface QuotaAllowance {
  units: Record<QuotaKind, number>;
  spend(kind: QuotaKind, units: number): void;
}

export interface QuotaPlanInput {
  /** Units the platform grants per day. */
  dailyQuota: number;
  /** Active sources of the platform: each gets an equal share of the day. */
  sources: number;
  /** Units this source spent today, per kind. */
  spentBySource: Record<QuotaKind, number>;
  /** Units every source of the platform spent today. */
  spentInAll: number;
  now: number;
}

/** The largest single call of each kind, granted up front so the first scan of a day can make one. */
const LARGEST_CALL: Record<QuotaKind, number> = { search: 100, read: 1 };

/**
 * What one scan of one source may spend. Each source's share of the day (dailyQuota / sources) is split evenly between
 * searches and reads, and accrues over the quota day: by the time a fraction f of the day has passed, a source may have
 * spent f × share / 2 of each kind (plus one call's worth, so the day can start), never more than share / 2. The
 * allowance is what has accrued and is not yet spent, and never more than what is left of the whole day's quota,
 * so the scans stop before the quota runs out whatever the number of sources.
 *
 * With Google's default 10,000 units and 8 sources: a share of 1,250, so 625 units of search (6 searches a day,
 * about one every 4 hours) and 625 one-unit reads (about 2 every 5-minute scan) per source.
 */
export function planQuotaAllowance(input: QuotaPlanInput): Record<QuotaKind, number> {
  const { startsAt, endsAt } = quotaDay(input.now);
  const elapsed = Math.min(1, Math.max(0, (input.now - startsAt) / (endsAt - startsAt)));
  const half = input.dailyQuota / Math.max(1, input.sources) / 2;
  const accrued = (kind: QuotaKind) => Math.min(half, elapsed * half + LARGEST_CALL[kind]);
  let left = Math.max(0, input.dailyQuota - input.spentInAll);
  const allowance = { search: 0, read: 0 };
  for (const kind of ['search', 'read'] as const) {
    allowance[kind] = Math.max(0, Math.min(Math.floor(accrued(kind) - input.spentBySource[kind]), left));
    left -= allowance[kind];
  }
  return allowance;
}
