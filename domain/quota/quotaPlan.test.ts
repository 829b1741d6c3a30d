import { describe, expect, it } from 'vitest';
import { quotaDay } from './quotaDay';
import { planQuotaAllowance } from './quotaPlan';

describe('YouTube quota planning', () => {
  const day = quotaDay(Date.parse('2025-03-14T20:00:00Z')); // a 24-hour PDT day
  const at = (hours: number) => day.startsAt + hours * 3_600_000;
  const plan = (hours: number, spent = { search: 0, read: 0 }, spentInAll = spent.search + spent.read, sources = 8) =>
    planQuotaAllowance({ dailyQuota: 10_000, sources, spentBySource: spent, spentInAll, now: at(hours) });

  it('knows the Pacific quota day', () => {
    expect(day).toEqual({
      day: '2025-03-14',
      startsAt: Date.parse('2025-03-14T07:00:00Z'),
      endsAt: Date.parse('2025-03-15T07:00:00Z'),
    });
    expect(
      quotaDay(Date.parse('2025-03-09T12:00:00Z')).endsAt - quotaDay(Date.parse('2025-03-09T12:00:00Z')).startsAt,
    ).toBe(23 * 3_600_000); // spring forward
  });

  it('accrues each source’s half-shares over the day, one call’s worth up front', () => {
    // 10,000 units / 8 sources = 1,250 a day each: 625 for search.list, 625 for reads.
    expect(plan(0)).toEqual({ search: 100, read: 1 });
    expect(plan(6)).toEqual({ search: Math.floor(625 / 4 + 100), read: Math.floor(625 / 4 + 1) });
    expect(plan(23.99)).toEqual({ search: 625, read: 625 });
    // What was spent is gone: after a search at 6:00, the next fits around 9:50.
    expect(plan(6, { search: 200, read: 10 }).search).toBe(56);
    expect(plan(10, { search: 200, read: 10 }).search).toBeGreaterThanOrEqual(100);
  });

  it('never plans past what is left of the whole day', () => {
    expect(plan(23.99, { search: 0, read: 0 }, 9_700)).toEqual({ search: 300, read: 0 });
    expect(plan(23.99, { search: 0, read: 0 }, 10_000)).toEqual({ search: 0, read: 0 });
    expect(plan(12, { search: 700, read: 700 })).toEqual({ search: 0, read: 0 }); // overspent (the source list shrank): nothing
  });
});
