import { HOUR_MS, DAY_MS } from '../../core/timeWindows';
const pacific = new Intl.DateTimeFormat('en-US', { timeZone: 'America/Los_Angeles', hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' });

/** YouTube quotas reset at midnight America/Los_Angeles. */
export function nextPacificMidnight(nowMs: number): number {
  const parts = pacific.formatToParts(new Date(nowMs));
  const part = (type: string) => Number(parts.find((p) => p.type === type)!.value);
  const localAsUtc = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second'));
  const offset = localAsUtc - Math.floor(nowMs / 1000) * 1000;
  return Date.UTC(part('year'), part('month') - 1, part('day') + 1) - offset;
}

/** The quota day a moment belongs to: its Pacific calendar date (YYYY-MM-DD), and when that day started and ends. */
export function quotaDay(nowMs: number): { day: string; startsAt: number; endsAt: number } {
  const endsAt = nextPacificMidnight(nowMs);
  // The midnight before: the first midnight after a moment 26 hours before the next one (days last 23 to 25 hours).
  const startsAt = nextPacificMidnight(endsAt - DAY_MS - 2 * HOUR_MS);
  const parts = pacific.formatToParts(new Date(nowMs));
  const part = (type: string) => parts.find((p) => p.type === type)!.value;
  return { day: `${part('year')}-${part('month')}-${part('day')}`, startsAt, endsAt };
}
