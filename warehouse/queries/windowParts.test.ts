import { describe, expect, it } from 'vitest';
import { DAY_MS, HOUR_MS } from '../../core/timeWindows';
import { isoDate, mondayOf, planBuckets, planWindow } from './windowParts';

const at = (iso: string) => Date.parse(iso);
const dates = (list: number[]) => list.map(isoDate);

describe('the buckets a window plan reads', () => {
  it('starts weeks on Monday (UTC)', () => {
    expect(isoDate(mondayOf(at('2026-11-04T12:00:00Z')))).toBe('2026-11-02');
    expect(isoDate(mondayOf(at('2026-11-02T00:00:00Z')))).toBe('2026-11-02');
    expect(isoDate(mondayOf(at('2026-11-08T23:59:00Z')))).toBe('2026-11-02');
    expect(isoDate(mondayOf(at('1970-01-01T00:00:00Z')))).toBe('1969-12-29');
  });

  it('reads whole sealed weeks from the week counts, the other days from the day counts, once each', () => {
    // 2026-10-21 15:38 to 2026-11-20 15:38: whole days 22 October … 19 November.
    const plan = planWindow(at('2026-10-21T15:38:00Z'), at('2026-11-20T15:38:00Z'), []);
    const buckets = planBuckets(plan, { weeks: true });
    expect(dates(buckets.weeks)).toEqual(['2026-10-26', '2026-11-02', '2026-11-09']);
    expect(dates(buckets.days)).toEqual([
      ...['2026-10-22', '2026-10-23', '2026-10-24', '2026-10-25'],
      ...['2026-11-16', '2026-11-17', '2026-11-18', '2026-11-19'],
    ]);
    // Without weeks, the same days one by one.
    const days = planBuckets(plan).days;
    expect(days).toHaveLength(29);
    expect(planBuckets(plan).weeks).toEqual([]);
    const covered = [
      ...buckets.days,
      ...buckets.weeks.flatMap((w) => [0, 1, 2, 3, 4, 5, 6].map((i) => w + i * DAY_MS)),
    ];
    expect(covered.sort((a, b) => a - b)).toEqual(days);
  });

  it('reads a week with a dirty hour by the day, that day by the hour', () => {
    const dirty = at('2026-11-04T12:00:00Z');
    const plan = planWindow(at('2026-10-21T15:38:00Z'), at('2026-11-20T15:38:00Z'), [dirty]);
    const buckets = planBuckets(plan, { weeks: true });
    expect(dates(buckets.weeks)).toEqual(['2026-10-26', '2026-11-09']);
    expect(dates(buckets.days)).toContain('2026-11-03');
    expect(dates(buckets.days)).toContain('2026-11-05');
    expect(dates(buckets.days)).not.toContain('2026-11-04');
    expect(buckets.setHours).toEqual([dirty]);
    const dirtyDay = at('2026-11-04T00:00:00Z');
    expect(buckets.hours.filter((h) => h >= dirtyDay && h < dirtyDay + DAY_MS)).toHaveLength(23);
    expect(buckets.hours).not.toContain(dirty);
    expect(buckets.hours).toContain(dirty - HOUR_MS);
  });
});
