import { DAY_MS } from '@core/timeWindows';

/** Whole days left until trialEnd, rounded up, never below 0; null for an unreadable date. */
export function trialDaysRemaining(trialEnd: string, now: Date = new Date()): number | null {
  const end = new Date(trialEnd).getTime();
  if (Number.isNaN(end)) return null;
  return Math.max(0, Math.ceil((end - now.getTime()) / DAY_MS));
}
