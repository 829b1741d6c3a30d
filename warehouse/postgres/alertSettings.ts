import type { AlertSettings } from '../../core/contracts/alertSettings';
import type { Database } from '../../platform/database';

/** Users' noise control (time zone, quiet hours, hourly alert cap): every Postgres read and write of it. */

interface AlertSettingsRow {
  time_zone: string;
  quiet_hours_start: string | null;
  quiet_hours_end: string | null;
  max_alerts_per_hour: number;
}

const toSettings = (r: AlertSettingsRow): AlertSettings => ({
  timeZone: r.time_zone,
  quietHoursStart: r.quiet_hours_start,
  quietHoursEnd: r.quiet_hours_end,
  maxAlertsPerHour: r.max_alerts_per_hour,
});

export async function findAlertSettings(db: Database, userId: string): Promise<AlertSettings | undefined> {
  const row = await db('users')
    .where({ id: userId })
    .first<AlertSettingsRow | undefined>('time_zone', 'quiet_hours_start', 'quiet_hours_end', 'max_alerts_per_hour');
  return row ? toSettings(row) : undefined;
}

export async function saveAlertSettings(
  db: Database,
  userId: string,
  s: AlertSettings,
): Promise<AlertSettings | undefined> {
  const [row] = await db('users')
    .where({ id: userId })
    .update({
      time_zone: s.timeZone,
      quiet_hours_start: s.quietHoursStart,
      quiet_hours_end: s.quietHoursEnd,
      max_alerts_per_hour: s.maxAlertsPerHour,
    })
    .returning<AlertSettingsRow[]>(['time_zone', 'quiet_hours_start', 'quiet_hours_end', 'max_alerts_per_hour']);
  return row ? toSettings(row) : undefined;
}

/** Each user's IANA time zone (the noise-control one), for limits counted per local day. */
export async function userTimeZones(db: Database, userIds: string[]): Promise<Map<string, string>> {
  if (userIds.length === 0) return new Map();
  const rows = await db('users')
    .whereIn('id', userIds)
    .select<Array<{ id: string; time_zone: string }>>('id', 'time_zone');
  return new Map(rows.map((r) => [r.id, r.time_zone]));
}
