import { describe, expect, it } from 'vitest';
import { splitIntoTasks } from './transformerPool';

describe('splitIntoTasks', () => {
  const texts = ['mid length', '', 'the longest text of them all', 'a', 'mid length', 'longer text here'];

  it('hands out every text exactly once, longest first, in tasks of the given size', () => {
    const tasks = splitIntoTasks(texts, 4);
    expect(tasks.map((t) => t.length)).toEqual([4, 2]);
    expect(tasks.flat().sort()).toEqual([0, 1, 2, 3, 4, 5]);
    const lengths = tasks.flat().map((i) => texts[i]!.length);
    expect(lengths).toEqual([...lengths].sort((a, b) => b - a));
    expect(tasks[0]![0]).toBe(2);
  });

  it('keeps texts of equal length in their given order, and gives no task for no texts', () => {
    expect(splitIntoTasks(texts, 2)[1]).toEqual([0, 4]);
    expect(splitIntoTasks([])).toEqual([]);
  });
});
