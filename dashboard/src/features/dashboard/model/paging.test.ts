import { describe, expect, it } from 'vitest';
import { hasMore, nextVisibleCount, PAGE_SIZE } from './paging';

describe('Load More paging', () => {
  it('shows 12, then 12 more each time, never past the end', () => {
    expect(PAGE_SIZE).toBe(12);
    expect(nextVisibleCount(12, 30)).toBe(24);
    expect(nextVisibleCount(24, 30)).toBe(30);
    expect(hasMore(24, 30)).toBe(true);
    expect(hasMore(30, 30)).toBe(false);
    expect(hasMore(12, 12)).toBe(false);
  });
});
