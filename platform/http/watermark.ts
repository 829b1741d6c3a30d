import { z } from 'zod';

/**
 * A time high-water mark for platforms whose results are not strictly ordered by id:
 * everything created before `time` was delivered, and of the items created exactly at `time`, those in `seen`.
 */
export interface TimeMark {
  /** Epoch milliseconds. */
  time: number;
  seen: string[];
}

export const timeMarkSchema = z.object({ time: z.number(), seen: z.array(z.string()) });

export interface Stamped {
  id: string;
  /** Epoch milliseconds. */
  time: number;
}

export function isAfterMark(item: Stamped, mark: TimeMark | null): boolean {
  if (!mark) return true;
  return item.time > mark.time || (item.time === mark.time && !mark.seen.includes(item.id));
}

/**
 * Picks what one fetch returns from everything it saw:
 * - resuming (mark set): the OLDEST maxPosts items after the mark, so the rest waits for the next scan;
 * - first scan (mark null): the NEWEST maxPosts items (older history is deliberately skipped).
 * Duplicates (same id) are dropped. The new mark covers exactly what was taken; with nothing taken it is the old mark.
 */
export function takeAfterMark<T>(
  items: T[],
  stamp: (item: T) => Stamped,
  mark: TimeMark | null,
  maxPosts: number,
): { taken: T[]; mark: TimeMark | null } {
  const unique = new Map<string, { item: T; stamp: Stamped }>();
  for (const item of items) {
    const s = stamp(item);
    if (!unique.has(s.id) && isAfterMark(s, mark)) unique.set(s.id, { item, stamp: s });
  }
  const ordered = [...unique.values()].sort(
    (a, b) => a.stamp.time - b.stamp.time || (a.stamp.id < b.stamp.id ? -1 : a.stamp.id > b.stamp.id ? 1 : 0),
  );
  const chosen = mark ? ordered.slice(0, maxPosts) : ordered.slice(Math.max(0, ordered.length - maxPosts));
  return {
    taken: chosen.map((c) => c.item),
    mark: advanceMark(
      mark,
      chosen.map((c) => c.stamp),
    ),
  };
}

/** The mark after delivering `delivered` (any order): the newest time, and every id delivered at that time. */
export function advanceMark(mark: TimeMark | null, delivered: Stamped[]): TimeMark | null {
  if (delivered.length === 0) return mark;
  const time = Math.max(...delivered.map((d) => d.time));
  if (mark && mark.time > time) return mark;
  const seen = new Set(mark && mark.time === time ? mark.seen : []);
  for (const d of delivered) if (d.time === time) seen.add(d.id);
  return { time, seen: [...seen] };
}

/** Cursors are versioned JSON. Anything unreadable (e.g. a simulated-feed timestamp after switching to real APIs) starts a first scan. */
export function decodeCursor<S extends z.ZodType>(schema: S, cursor: string | null): z.output<S> | null {
  if (!cursor) return null;
  try {
    const parsed = schema.safeParse(JSON.parse(cursor));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function encodeCursor(value: object): string {
  return JSON.stringify({ v: 1, ...value });
}
