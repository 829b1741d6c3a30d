import { describe, expect, it } from 'vitest';
import { changeDirection, TIME_RANGE_OPTIONS } from './format';

describe('changeDirection', () => {
  it('gives the direction for colouring', () => {
    expect(changeDirection('1.25')).toBe('up');
    expect(changeDirection('-0.40')).toBe('down');
    expect(changeDirection('0.00')).toBe('flat');
    expect(changeDirection('-0.001')).toBe('flat');
    expect(changeDirection(null)).toBe('flat');
  });
});

describe('TIME_RANGE_OPTIONS', () => {
  it('lists the five ranges, shortest first', () => {
    expect(TIME_RANGE_OPTIONS).toEqual([
      { value: '1hour', label: 'Last 1 hour' },
      { value: '4hours', label: 'Last 4 hours' },
      { value: '24hours', label: 'Last 24 hours' },
      { value: '7days', label: 'Last 7 days' },
      { value: '30days', label: 'Last 30 days' },
    ]);
  });
});
