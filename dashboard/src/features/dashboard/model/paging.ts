/** "Load More Stocks": 12 cards, then 12 more per click. */
export const PAGE_SIZE = 12;

/** The count after one more click, never more than the list holds (and never less than one page). */
export function nextVisibleCount(current: number, total: number, pageSize = PAGE_SIZE): number {
  return Math.max(pageSize, Math.min(current + pageSize, total));
}

export function hasMore(visibleCount: number, total: number): boolean {
  return visibleCount < total;
}
