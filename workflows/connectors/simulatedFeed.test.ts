import { describe, expect, it } from 'vitest';
import { createSimulatedConnector } from './simulatedFeed';
import type { Source } from '../../domain/scans/connector';

const tickers = [
  { symbol: 'TSLA', name: 'Tesla' },
  { symbol: 'NVDA', name: 'Nvidia' },
  { symbol: 'GME', name: 'Gamestop' },
  ...Array.from({ length: 200 }, (_, i) => ({ symbol: `S${i}`, name: `Company ${i}` })),
];
const wsb: Source = { platform: 'reddit', settingType: 'subreddits', value: 'wallstreetbets' };
const at = (iso: string) => () => new Date(iso);
const feed = (now: string, seed = 1) =>
  createSimulatedConnector('reddit', { seed, tickers, postsPerMinute: 5, now: at(now) });

describe('simulated feed', () => {
  it('is deterministic for a seed: same window, same posts with the same ids', async () => {
    const a = await feed('2026-11-20T15:30:10Z').fetchNew(wsb, null, { maxPosts: 10_000 });
    const b = await feed('2026-11-20T15:30:50Z').fetchNew(wsb, null, { maxPosts: 10_000 });
    expect(a).toEqual(b);
    const other = await feed('2026-11-20T15:30:10Z', 2).fetchNew(wsb, null, { maxPosts: 10_000 });
    expect(other.posts.map((p) => p.postId)).not.toEqual(a.posts.map((p) => p.postId));
  });

  it('covers the last week on a first scan, whatever maxPosts says, then resumes from its cursor without repeats', async () => {
    const first = await feed('2026-11-20T15:30:10Z').fetchNew(wsb, null, { maxPosts: 10_000 });
    expect(first.cursor).toBe('2026-11-20T15:29:00.000Z');
    const times = first.posts.map((p) => Date.parse(p.createdAt));
    expect(times.reduce((a, b) => Math.min(a, b))).toBeGreaterThanOrEqual(Date.parse('2026-11-13T15:30:00Z'));
    expect(times.reduce((a, b) => Math.min(a, b))).toBeLessThan(Date.parse('2026-11-13T15:40:00Z'));
    expect(times.reduce((a, b) => Math.max(a, b))).toBeLessThan(Date.parse('2026-11-20T15:30:00Z'));
    expect(first.posts.length).toBeGreaterThan(7 * 1440 * 5 * 0.9);

    const later = await feed('2026-11-20T15:35:10Z').fetchNew(wsb, first.cursor, { maxPosts: 10_000 });
    expect(later.cursor).toBe('2026-11-20T15:34:00.000Z');
    const firstIds = new Set(first.posts.map((p) => p.postId));
    expect(later.posts.every((p) => !firstIds.has(p.postId))).toBe(true);
    expect(later.posts.every((p) => Date.parse(p.createdAt) >= Date.parse('2026-11-20T15:30:00Z'))).toBe(true);
  });

  it('stops at maxPosts on a minute boundary and carries the rest to the next scan', async () => {
    const capped = await feed('2026-11-20T15:30:10Z').fetchNew(wsb, '2026-11-20T14:29:00.000Z', { maxPosts: 50 });
    expect(capped.posts.length).toBeLessThanOrEqual(50);
    const rest = await feed('2026-11-20T15:30:10Z').fetchNew(wsb, capped.cursor, { maxPosts: 10_000 });
    const all = await feed('2026-11-20T15:30:10Z').fetchNew(wsb, '2026-11-20T14:29:00.000Z', { maxPosts: 10_000 });
    expect([...capped.posts, ...rest.posts].map((p) => p.postId)).toEqual(all.posts.map((p) => p.postId));
  });

  it('treats a cursor it did not write as a first scan', async () => {
    const fromForeign = await feed('2026-11-20T15:30:10Z').fetchNew(wsb, '{"v":1,"posts":"t3_abc"}', {
      maxPosts: 10_000,
    });
    const first = await feed('2026-11-20T15:30:10Z').fetchNew(wsb, null, { maxPosts: 10_000 });
    expect(fromForeign).toEqual(first);
  });

  it('is skewed to popular tickers, has bursts, spam and all three moods, and is labelled simulated', async () => {
    const day = await feed('2026-11-21T00:00:10Z').fetchNew(wsb, '2026-11-19T23:59:00.000Z', { maxPosts: 100_000 });
    const connector = feed('2026-11-21T00:00:10Z');
    expect(connector.simulated).toBe(true);
    const text = day.posts.map((p) => p.text).join('\n');
    const count = (needle: string) => text.split(needle).length - 1;
    expect(count('TSLA')).toBeGreaterThan(count('S150') * 5);
    expect(text).toMatch(/moon|calls|tendies/);
    expect(text).toMatch(/puts|going to zero|bagholders/);
    expect(text).toMatch(/\?/);
    expect(day.posts.some((p) => /(\$\w+) \1 \1 \1/.test(p.text))).toBe(true);
    // Some ticker-hour has many times its usual share: a burst trend detection can find.
    const perHour = new Map<string, number>();
    for (const p of day.posts) {
      const hour = p.createdAt.slice(0, 13);
      for (const t of tickers.slice(3, 60))
        if (p.text.includes(`${t.symbol} `) || p.text.endsWith(t.symbol))
          perHour.set(`${t.symbol}@${hour}`, (perHour.get(`${t.symbol}@${hour}`) ?? 0) + 1);
    }
    const counts = [...perHour.values()].sort((a, b) => b - a);
    expect(counts[0]!).toBeGreaterThan(5 * (counts[Math.floor(counts.length / 2)] ?? 1));
  });
});
