import { createHash } from 'node:crypto';
import type { Database } from '../../platform/database';
import { anyKnownLoginSource, rememberLoginSources } from '../../warehouse/postgres/loginSources';

const deviceSource = (deviceId: string) => `device:${createHash('sha256').update(deviceId).digest('hex')}`;
const ipSource = (ip: string) => `ip:${ip}`;

/** The addresses and devices each user has signed in from (the sign-in slowdown never applies to them). */
export function createLoginSources(db: Database) {
  const sourcesOf = (ip: string, deviceId: string | undefined) => [
    ipSource(ip),
    ...(deviceId ? [deviceSource(deviceId)] : []),
  ];
  return {
    async isKnown(userId: string, ip: string, deviceId: string | undefined): Promise<boolean> {
      return anyKnownLoginSource(db, userId, sourcesOf(ip, deviceId));
    },
    async remember(userId: string, ip: string, deviceId: string): Promise<void> {
      await rememberLoginSources(db, userId, sourcesOf(ip, deviceId));
    },
  };
}
export type LoginSources = ReturnType<typeof createLoginSources>;
