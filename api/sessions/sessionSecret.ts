import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** SESSION_SECRET when set; otherwise a random secret generated once and kept in the data directory, so restarts keep sessions valid. */
export function resolveSessionSecret(configured: string | undefined, dataDir: string): string {
  if (configured) return configured;
  const file = path.join(dataDir, 'session-secret');
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  fs.mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  fs.writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
