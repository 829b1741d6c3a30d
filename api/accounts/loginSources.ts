import { createHash } from 'node:crypto';
import type { Knex } from 'knex';

const deviceSource = (deviceId: string) => `device:${createHash('sha256').update(deviceId).digest('hex')}`;
const ipSource = (ip: string) => `ip:${ip}`;

/** The addresses and devices each user has signed in from (the sign-in slowdown never applies to them). */
export function createLoginSources(db: Knex) {
  const sourcesOf = (ip: string, deviceId: string | undefined) => [ipSource(ip), ...(deviceId ? [deviceSource(deviceId)] : [])];
  return {
    async isKnown(userId: string, ip: string, deviceId: string | undefined): Promise<boolean> {
      return Boolean(await db('login_sources').where({ user_id: userId }).whereIn('source', sourcesOf(ip, deviceId)).first('source'));
    },
    async remember(userId: string, ip: string, deviceId: string): Promise<void> {
      const rows = sourcesOf(ip, deviceId).map((source) => ({ user_id: userId, source, last_seen_at: db.fn.now() }));
      await db('login_sources').insert(rows).onConflict(['user_id', 'source']).merge(['last_seen_at']);
    },
  };
}
export type LoginSources = ReturnType<typeof createLoginSources>;
