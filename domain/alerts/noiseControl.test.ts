import { describe, expect, it } from 'vitest';
import type { AlertRecipientRow, HeldNotificationRow } from '../../warehouse/postgres/alertNotifications';
import type { AlertStockRow, FiredEvent } from '../../warehouse/postgres/alerts';
import { eventNotifications, planAlertMessages } from './noiseControl';

const user = (over: Partial<AlertRecipientRow> = {}): AlertRecipientRow => ({
  id: 'u1',
  email: 'ann@example.com',
  phone_number: '+15551234567',
  email_alerts: true,
  sms_alerts: true,
  email_verified: true,
  phone_verified: true,
  notify: true,
  time_zone: 'America/New_York',
  quiet_hours_start: null,
  quiet_hours_end: null,
  max_alerts_per_hour: 10,
  ...over,
});

const stock: AlertStockRow = {
  id: 10,
  ticker: 'AMC',
  name: 'AMC Entertainment',
  price: '12.34',
  change_percent: '1.5',
  sentiment: 'bullish',
};

const event = (over: Partial<FiredEvent> = {}): FiredEvent => ({
  alert_id: 1,
  event_key: 'crossing:1',
  kind: 'threshold',
  user_id: 'u1',
  stock_id: 10,
  mentions: 6,
  mention_threshold: 5,
  window_minutes: 60,
  email_enabled: true,
  sms_enabled: false,
  facts: {},
  ...over,
});

const held = (id: number, over: Partial<HeldNotificationRow> = {}): HeldNotificationRow => ({
  id,
  user_id: 'u1',
  channel: 'email',
  recipient: 'ann@example.com',
  payload: { ticker: `T${id}` },
  ...over,
});

/** 15:00 UTC is 10:00 in New York (November, EST). */
const tenAmNewYork = new Date('2026-11-25T15:00:00Z');

function plan(
  over: {
    fired?: FiredEvent[];
    held?: HeldNotificationRow[];
    user?: AlertRecipientRow;
    sentLastHour?: Map<string, number>;
    now?: Date;
  } = {},
) {
  const u = over.user ?? user();
  return planAlertMessages({
    fired: over.fired ?? [],
    held: over.held ?? [],
    users: new Map([[u.id, u]]),
    stocks: new Map([[stock.id, stock]]),
    sentLastHour: over.sentLastHour ?? new Map(),
    now: over.now ?? tenAmNewYork,
  });
}

describe('which messages an alert event sends', () => {
  it('sends on each channel enabled on the alert and in the settings, to a verified address or phone', () => {
    const both = eventNotifications(event({ sms_enabled: true }), user(), stock);
    expect(both.map((n) => [n.channel, n.recipient, n.idempotencyKey])).toEqual([
      ['email', 'ann@example.com', 'alert:1:crossing:1:email'],
      ['sms', '+15551234567', 'alert:1:crossing:1:sms'],
    ]);
    expect(both[0]!.content).toMatchObject({
      kind: 'alert',
      payload: { kind: 'threshold', ticker: 'AMC', mentions: 6, threshold: 5, windowMinutes: 60, price: '12.34' },
    });
    expect(
      eventNotifications(event({ sms_enabled: true }), user({ email_verified: false, phone_verified: false }), stock),
    ).toEqual([]);
    expect(
      eventNotifications(event({ sms_enabled: true }), user({ email_alerts: false, sms_alerts: false }), stock),
    ).toEqual([]);
    expect(
      eventNotifications(event({ sms_enabled: true }), user({ phone_number: null }), stock).map((n) => n.channel),
    ).toEqual(['email']);
  });

  it('sends nothing to a user who is not notified (no subscription, ended trial, inactive) or for a stock that is gone', () => {
    expect(eventNotifications(event(), user({ notify: false }), stock)).toEqual([]);
    expect(eventNotifications(event(), undefined, stock)).toEqual([]);
    expect(eventNotifications(event(), user(), undefined)).toEqual([]);
  });

  it('carries what fired in the payload (a spike’s baseline, a flip’s sides)', () => {
    const [n] = eventNotifications(event({ kind: 'spike', facts: { baseline: 7, spikeFactor: 3 } }), user(), stock);
    expect(n!.content.payload).toMatchObject({ kind: 'spike', baseline: 7, spikeFactor: 3 });
  });
});

describe('noise control', () => {
  it('sends at once outside quiet hours and under the cap', () => {
    expect(plan({ fired: [event()] }).messages.map((m) => m.held)).toEqual([false]);
  });

  it('holds messages in quiet hours, in the user’s own time zone, including spans past midnight', () => {
    const quiet = user({ quiet_hours_start: '09:00', quiet_hours_end: '11:00' });
    expect(plan({ fired: [event()], user: quiet }).messages.map((m) => m.held)).toEqual([true]);
    // 10:00 in New York is 16:00 in Paris: outside a Paris user's 09:00–11:00.
    expect(
      plan({ fired: [event()], user: { ...quiet, time_zone: 'Europe/Paris' } }).messages.map((m) => m.held),
    ).toEqual([false]);
    expect(
      plan({ fired: [event()], user: user({ quiet_hours_start: '22:00', quiet_hours_end: '10:30' }) }).messages.map(
        (m) => m.held,
      ),
    ).toEqual([true]);
    expect(
      plan({ fired: [event()], user: user({ quiet_hours_start: '22:00', quiet_hours_end: '10:00' }) }).messages.map(
        (m) => m.held,
      ),
    ).toEqual([false]);
  });

  it('holds what passes the hourly cap, per channel, counting this evaluation’s own messages', () => {
    const fired = [1, 2, 3].map((id) => event({ alert_id: id, sms_enabled: true }));
    const p = plan({ fired, user: user({ max_alerts_per_hour: 3 }), sentLastHour: new Map([['u1:email', 2]]) });
    expect(p.messages.map((m) => [m.notification.channel, m.held])).toEqual([
      ['email', false],
      ['sms', false],
      ['email', true],
      ['sms', false],
      ['email', true],
      ['sms', false],
    ]);
  });

  it('sends held messages as one digest per channel once the user is out of quiet hours and under the cap', () => {
    const p = plan({ held: [held(4), held(7), held(8, { channel: 'sms', recipient: '+15551234567' })] });
    expect(p.digests.map((d) => [d.digest.idempotencyKey, d.digest.channel, d.digest.recipient, d.carries])).toEqual([
      ['alert-digest:u1:email:7', 'email', 'ann@example.com', [4, 7]],
      ['alert-digest:u1:sms:8', 'sms', '+15551234567', [8]],
    ]);
    expect(p.digests[0]!.digest.content).toEqual({
      kind: 'alert_digest',
      payload: { alerts: [{ ticker: 'T4' }, { ticker: 'T7' }] },
    });
  });

  it('keeps holding during quiet hours or at the cap; a digest counts as one message against the cap', () => {
    expect(
      plan({ held: [held(4)], user: user({ quiet_hours_start: '09:00', quiet_hours_end: '11:00' }) }).digests,
    ).toEqual([]);
    expect(
      plan({ held: [held(4)], user: user({ max_alerts_per_hour: 2 }), sentLastHour: new Map([['u1:email', 2]]) })
        .digests,
    ).toEqual([]);
    const p = plan({
      held: [held(4), held(5)],
      fired: [event()],
      user: user({ max_alerts_per_hour: 2 }),
      sentLastHour: new Map([['u1:email', 1]]),
    });
    expect(p.digests.map((d) => d.carries)).toEqual([[4, 5]]);
    expect(p.messages.map((m) => m.held)).toEqual([true]);
  });

  it('leaves the counts it was given untouched (a retried evaluation plans the same)', () => {
    const sentLastHour = new Map([['u1:email', 1]]);
    plan({ fired: [event(), event({ alert_id: 2 })], sentLastHour });
    expect(sentLastHour).toEqual(new Map([['u1:email', 1]]));
  });
});
