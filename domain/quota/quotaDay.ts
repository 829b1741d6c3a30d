import { nextLocalMidnight, startOfLocalDay, zonedParts } from '../../core/zonedTime';

/** YouTube quotas reset at midnight America/Los_Angeles. */
const PACIFIC = 'America/Los_Angeles';

export function nextPacificMidnight(nowMs: number): number {
  return nextLocalMidnight(new Date(nowMs), PACIFIC).getTime();
}

/** The quota day a moment belongs to: its Pacific calendar date (YYYY-MM-DD), and when that day started and ends. */
export function quotaDay(nowMs: number): { day: string; startsAt: number; endsAt: number } {
  const { year, month, day } = zonedParts(nowMs, PACIFIC);
  const pad = (n: number) => String(n).padStart(2, '0');
  return {
    day: `${year}-${pad(month)}-${pad(day)}`,
    startsAt: startOfLocalDay(new Date(nowMs), PACIFIC).getTime(),
    endsAt: nextPacificMidnight(nowMs),
  };
}
