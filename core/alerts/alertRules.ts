import { MINUTE_MS, windowStart } from '../timeWindows';

/** The rules that decide when each kind of alert fires, apart from any store (the evaluation feeds them counts). */

/** Days back whose same window, at the same time of day, make a spike's baseline. */
export const SPIKE_BASELINE_DAYS = 7;

/**
 * Where every trailing window at `now` ends (exclusive): after the current minute bucket. The last N minutes are the N
 * whole minute buckets before it, exactly as the cards count them (windowStart).
 */
export function windowEnd(now: Date): number {
  return windowStart(now, 1).getTime() + MINUTE_MS;
}

/** A stock's usual mentions for a window: the mean of the same window at the same time of day over the previous days (a day without mentions counts as 0). */
export function spikeBaseline(previousDays: readonly number[]): number {
  return previousDays.reduce((a, b) => a + b, 0) / SPIKE_BASELINE_DAYS;
}

/** A spike: at least minMentions, and at least factor × the baseline. */
export function isSpike(mentions: number, baseline: number, factor: number, minMentions: number): boolean {
  return mentions >= minMentions && mentions >= factor * baseline;
}

export type Majority = 'bullish' | 'bearish';

/** The majority sentiment of a window, when it has at least minMentions and one side outnumbers the other; otherwise null (no reading). */
export function majoritySentiment(
  counts: { mentions: number; bullish: number; bearish: number },
  minMentions: number,
): Majority | null {
  if (counts.mentions < minMentions || counts.bullish === counts.bearish) return null;
  return counts.bullish > counts.bearish ? 'bullish' : 'bearish';
}
