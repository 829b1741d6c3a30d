import { describe, expect, it } from 'vitest';
import {
  formatAgo,
  formatChangePercent,
  formatCount,
  formatDate,
  formatDateTime,
  formatDuration,
  formatMoney,
  formatPrice,
  formatTime,
} from './format';

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
});

describe('formatPrice', () => {
  it('formats dollars, or null before the first price', () => {
    expect(formatPrice('1234.5')).toBe('$1,234.50');
    expect(formatPrice(null)).toBeNull();
  });
});

describe('counts and money', () => {
  it('counts carry thousands separators', () => {
    expect(formatCount(23108)).toBe('23,108');
    expect(formatCount(1_234_567)).toBe('1,234,567');
    expect(formatCount(0)).toBe('0');
  });

  it('money always shows cents', () => {
    expect(formatMoney(509.6)).toBe('$509.60');
    expect(formatMoney(49)).toBe('$49.00');
    expect(formatMoney(12345.678)).toBe('$12,345.68');
  });
});

describe('dates and times: one 12-hour clock style', () => {
  // A fixed instant; the expected text is computed for the machine's time zone with the same clock rules.
  const at = new Date(2026, 0, 5, 14, 3, 9);

  it('dates, date-times and times', () => {
    expect(formatDate(at)).toBe('Jan 5, 2026');
    expect(formatDateTime(at)).toBe('Jan 5, 2026, 2:03 PM');
    expect(formatDateTime(at.toISOString())).toBe('Jan 5, 2026, 2:03 PM');
    expect(formatTime(at)).toBe('2:03 PM');
    expect(formatTime(at.getTime(), { seconds: true })).toBe('2:03:09 PM');
  });

  it('gives null for no date or an unreadable one', () => {
    expect(formatDate(null)).toBeNull();
    expect(formatDateTime('not a date')).toBeNull();
    expect(formatTime('')).toBeNull();
  });

  it('durations', () => {
    expect(formatDuration(850)).toBe('850 ms');
    expect(formatDuration(12_400)).toBe('12.4 s');
    expect(formatDuration(185_000)).toBe('3 min 5 s');
    expect(formatDuration(null)).toBe('–');
  });

  it('how long ago, in the largest whole unit', () => {
    expect(formatAgo(45_000)).toBe('45 seconds ago');
    expect(formatAgo(25 * 60_000 + 30_000)).toBe('25 minutes ago');
    expect(formatAgo(24 * 3_600_000)).toBe('24 hours ago');
    expect(formatAgo(3 * 86_400_000 + 5)).toBe('3 days ago');
    expect(formatAgo(-5)).toBe('0 seconds ago');
  });
});
