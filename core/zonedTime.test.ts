import { describe, expect, it } from 'vitest';
import { startOfLocalDay } from './zonedTime';

describe('startOfLocalDay: local midnight in the user time zone, as an instant', () => {
  it.each([
    ['UTC is UTC midnight', '2026-11-20T15:30:00Z', 'UTC', '2026-11-20T00:00:00.000Z'],
    [
      'Tokyo at 23:50 local: its day began at 15:00 UTC the day before',
      '2026-11-20T14:50:00Z',
      'Asia/Tokyo',
      '2026-11-19T15:00:00.000Z',
    ],
    [
      'Tokyo at 00:10 local: a new day on the same UTC day',
      '2026-11-20T15:10:00Z',
      'Asia/Tokyo',
      '2026-11-20T15:00:00.000Z',
    ],
    [
      'New York in winter: 02:00 UTC is still the previous evening',
      '2026-11-21T02:00:00Z',
      'America/New_York',
      '2026-11-20T05:00:00.000Z',
    ],
    ['New York in summer', '2026-07-21T02:00:00Z', 'America/New_York', '2026-07-20T04:00:00.000Z'],
    // The clocks change after midnight on these days: midnight keeps the offset it had.
    [
      'Berlin on the day it goes from +02:00 to +01:00',
      '2026-10-25T20:00:00Z',
      'Europe/Berlin',
      '2026-10-24T22:00:00.000Z',
    ],
    [
      'New York on the day it goes from -05:00 to -04:00',
      '2026-03-08T20:00:00Z',
      'America/New_York',
      '2026-03-08T05:00:00.000Z',
    ],
    ['a half-hour zone', '2026-11-20T20:00:00Z', 'Asia/Kolkata', '2026-11-20T18:30:00.000Z'],
    ['exactly local midnight starts the new day', '2026-11-20T18:30:00Z', 'Asia/Kolkata', '2026-11-20T18:30:00.000Z'],
    [
      'one second before local midnight is the old day',
      '2026-11-20T18:29:59Z',
      'Asia/Kolkata',
      '2026-11-19T18:30:00.000Z',
    ],
  ])('%s', (_case, at, zone, expected) => {
    expect(startOfLocalDay(new Date(at), zone).toISOString()).toBe(expected);
  });
});
