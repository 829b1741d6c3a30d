import { describe, expect, it } from 'vitest';
import { isSpike, majoritySentiment, spikeBaseline } from './alertRules';
import { inQuietHours, isTimeZone } from './quietHours';

describe('quiet hours', () => {
  it('reads the local time in the IANA zone, including summer time, and wraps past midnight', () => {
    // 21:30 UTC in July is 17:30 in New York (EDT, UTC-4); in January 16:30 (EST, UTC-5).
    expect(inQuietHours(new Date('2026-07-01T21:30:00Z'), 'America/New_York', '17:00', '18:00')).toBe(true);
    expect(inQuietHours(new Date('2026-01-15T21:30:00Z'), 'America/New_York', '17:00', '18:00')).toBe(false);
    // 22:00–07:00 Berlin (CET, UTC+1 in January): 23:30 and 06:59 local are quiet, 07:00 and 21:59 are not.
    const berlin = (utc: string) => inQuietHours(new Date(utc), 'Europe/Berlin', '22:00', '07:00');
    expect(berlin('2026-01-15T22:30:00Z')).toBe(true);
    expect(berlin('2026-01-16T05:59:00Z')).toBe(true);
    expect(berlin('2026-01-16T06:00:00Z')).toBe(false);
    expect(berlin('2026-01-15T20:59:00Z')).toBe(false);
    expect(inQuietHours(new Date(), 'UTC', null, null)).toBe(false);
  });

  it('knows IANA zones and refuses anything else', () => {
    for (const zone of ['UTC', 'Europe/Berlin', 'Asia/Kolkata', 'America/Argentina/Buenos_Aires'])
      expect(isTimeZone(zone), zone).toBe(true);
    for (const zone of ['', 'Mars/Olympus', 'Berlin', 'GMT+25']) expect(isTimeZone(zone), zone).toBe(false);
  });
});

describe('alert rules', () => {
  it('a spike needs both the factor over the 7-day mean and the minimum count', () => {
    expect(spikeBaseline([2, 2, 4, 2, 0, 2, 2])).toBe(2);
    expect(isSpike(6, 2, 3, 5)).toBe(true);
    expect(isSpike(5, 2, 3, 5)).toBe(false);
    expect(isSpike(9, 0, 3, 10)).toBe(false);
    expect(isSpike(10, 0, 3, 10)).toBe(true);
  });

  it('the majority needs the minimum count and one side ahead', () => {
    expect(majoritySentiment({ mentions: 9, bullish: 6, bearish: 1 }, 10)).toBeNull();
    expect(majoritySentiment({ mentions: 10, bullish: 3, bearish: 3 }, 10)).toBeNull();
    expect(majoritySentiment({ mentions: 10, bullish: 2, bearish: 3 }, 10)).toBe('bearish');
    expect(majoritySentiment({ mentions: 10, bullish: 4, bearish: 3 }, 10)).toBe('bullish');
  });
});
