import { describe, expect, it } from 'vitest';
import { trialReminderDue, trialReminderKey } from './trialReminders';

describe('trial reminders', () => {
  const end = new Date('2026-12-10T15:30:00Z');

  it('sends none with 3 or more UTC days left', () => {
    expect(trialReminderDue(end, new Date('2026-12-07T23:59:59Z'))).toBeNull();
    expect(trialReminderDue(end, new Date('2026-12-01T00:00:00Z'))).toBeNull();
  });

  it('sends the 2-day reminder with 1 or 2 UTC days left, counted by calendar day, not by hours', () => {
    expect(trialReminderDue(end, new Date('2026-12-08T00:00:00Z'))).toBe(2);
    expect(trialReminderDue(end, new Date('2026-12-09T23:59:59Z'))).toBe(2);
  });

  it('sends the last-day reminder on the end day and after it (a run that was missed)', () => {
    expect(trialReminderDue(end, new Date('2026-12-10T00:00:00Z'))).toBe(0);
    expect(trialReminderDue(end, new Date('2026-12-10T20:00:00Z'))).toBe(0);
    expect(trialReminderDue(end, new Date('2026-12-12T08:00:00Z'))).toBe(0);
  });

  it('keys each reminder by user, trial end and kind, so an extended trial gets its own', () => {
    const key = trialReminderKey('u1', end.toISOString(), 2);
    expect(key).toBe('trial:u1:2026-12-10T15:30:00.000Z:2');
    expect(trialReminderKey('u1', '2026-12-17T15:30:00.000Z', 2)).not.toBe(key);
    expect(trialReminderKey('u1', end.toISOString(), 0)).not.toBe(key);
  });
});
