import { describe, expect, it } from 'vitest';
import { changeDirection, formatChangePercent, formatPrice, TIME_RANGE_OPTIONS } from './format';

describe('formatChangePercent', () => {
  it('shows the sign, two decimals and %', () => {
    expect(formatChangePercent('1.25')).toBe('+1.25%');
    expect(formatChangePercent('-0.40')).toBe('-0.40%');
    expect(formatChangePercent('-0.4')).toBe('-0.40%');
    expect(formatChangePercent(3)).toBe('+3.00%');
    expect(formatChangePercent('12.345')).toBe('+12.35%');
  });

  it('shows zero (and values that round to zero) as +0.00%', () => {
    expect(formatChangePercent('0')).toBe('+0.00%');
    expect(formatChangePercent('-0.001')).toBe('+0.00%');
  });

  it('gives null without a value', () => {
    expect(formatChangePercent(null)).toBeNull();
    expect(formatChangePercent('')).toBeNull();
    expect(formatChangePercent('abc')).toBeNull();
  });

  it('gives the direction for colouring', () => {
    expect(changeDirection('1.25')).toBe('up');
    expect(changeDirection('-0.40')).toBe('down');
    expect(changeDirection('0.00')).toBe('flat');
    expect(changeDirection(null)).toBe('flat');
  });
});

describe('formatPrice', () => {
  it('formats dollars, or null before the first price', () => {
    expect(formatPrice('1234.5')).toBe('$1,234.50');
    expect(formatPrice(null)).toBeNull();
  });
});

describe('TIME_RANGE_OPTIONS', () => {
  it('lists the four ranges in spec order', () => {
    expect(TIME_RANGE_OPTIONS).toEqual([
      { value: '1hour', label: 'Last 1 hour' },
      { value: '4hours', label: 'Last 4 hours' },
      { value: '24hours', label: 'Last 24 hours' },
      { value: '7days', label: 'Last 7 days' },
    ]);
  });
});
