import { describe, expect, it } from 'vitest';
import {
  currentOrLastSession,
  dayNumberOf,
  isTradingDay,
  sessionLength,
  sessionPosition,
  SESSION_MINUTES,
} from './marketHours';

const at = (iso: string) => new Date(iso);

// 2026-11-20 is a Friday (EST, UTC−5): the session runs 14:30–21:00 UTC.
describe('US market calendar (America/New_York)', () => {
  it('places instants in the regular session, DST included', () => {
    expect(sessionPosition(at('2026-11-20T14:29:00Z'))).toMatchObject({ minute: SESSION_MINUTES, open: false }); // 9:29 EST: Thursday's close
    expect(sessionPosition(at('2026-11-20T14:30:00Z'))).toMatchObject({ minute: 0, open: true });
    expect(sessionPosition(at('2026-11-20T15:31:30Z'))).toMatchObject({ minute: 61, open: true });
    expect(sessionPosition(at('2026-11-20T21:00:00Z'))).toMatchObject({ minute: SESSION_MINUTES, open: false });
    // 2026-07-15 (EDT, UTC−4): 13:30 UTC is 9:30 in New York.
    expect(sessionPosition(at('2026-07-15T13:30:00Z'))).toMatchObject({ minute: 0, open: true });
    expect(sessionPosition(at('2026-07-15T13:29:00Z')).open).toBe(false);
    const friday = sessionPosition(at('2026-11-20T18:00:00Z')).day;
    expect(sessionPosition(at('2026-11-21T18:00:00Z'))).toEqual({
      day: friday,
      minute: SESSION_MINUTES,
      length: SESSION_MINUTES,
      open: false,
    }); // Saturday
    expect(sessionPosition(at('2026-11-23T14:00:00Z'))).toEqual({
      day: friday,
      minute: SESSION_MINUTES,
      length: SESSION_MINUTES,
      open: false,
    }); // Monday 9:00
  });

  it('is closed on exchange holidays, observed days included', () => {
    for (const [y, m, d] of [
      [2026, 11, 26],
      [2026, 12, 25],
      [2026, 7, 3],
      [2026, 6, 19],
      [2026, 4, 3],
      [2027, 1, 1],
    ] as const) {
      expect(isTradingDay(dayNumberOf(y, m, d)), `${y}-${m}-${d}`).toBe(false);
    }
    expect(isTradingDay(dayNumberOf(2026, 11, 25))).toBe(true);
    // Thanksgiving at noon New York: the last session is Wednesday's, whole.
    expect(sessionPosition(at('2026-11-26T17:00:00Z'))).toMatchObject({ day: dayNumberOf(2026, 11, 25), open: false });
  });

  it('closes at 13:00 on the early-close days', () => {
    expect(sessionLength(dayNumberOf(2026, 11, 27))).toBe(210); // the day after Thanksgiving
    expect(sessionLength(dayNumberOf(2026, 12, 24))).toBe(210); // Christmas Eve
    expect(sessionLength(dayNumberOf(2025, 7, 3))).toBe(210);
    expect(sessionLength(dayNumberOf(2026, 11, 30))).toBe(390);
    expect(sessionPosition(at('2026-11-27T17:59:00Z'))).toMatchObject({ minute: 209, open: true });
    expect(sessionPosition(at('2026-11-27T18:00:00Z'))).toMatchObject({ minute: 210, length: 210, open: false });
  });

  it('names the session a price line shows: the one in progress, else the last one, with its hours', () => {
    expect(currentOrLastSession(at('2026-11-22T12:00:00Z'))).toEqual({
      date: '2026-11-20',
      opensAt: at('2026-11-20T14:30:00Z'),
      closesAt: at('2026-11-20T21:00:00Z'),
      open: false,
    });
    expect(currentOrLastSession(at('2026-07-15T15:00:00Z'))).toEqual({
      date: '2026-07-15',
      opensAt: at('2026-07-15T13:30:00Z'),
      closesAt: at('2026-07-15T20:00:00Z'),
      open: true,
    });
    expect(currentOrLastSession(at('2026-11-28T12:00:00Z')).closesAt).toEqual(at('2026-11-27T18:00:00Z'));
  });
});
