import { randomBytes } from 'node:crypto';
import { hashPassword } from '../platform/passwordHasher';
import type { Database } from '../platform/database';
import { anyAdminExists, insertUser, userByEmail } from '../warehouse/postgres/users';

export interface AdminSeedResult {
  email: string;
  created: boolean;
  /** Set only when the password was generated here; the caller prints it once. */
  generatedPassword?: string;
  /** Why no admin was created although none exists (the caller logs it). */
  skipped?: string;
}

const DEFAULT_ADMIN_EMAIL = 'admin@stockpulse.local';

/**
 * Creates the first admin (ADMIN_EMAIL/ADMIN_PASSWORD, or a generated password printed once) while the product has
 * no admin at all, and never touches an existing account: an admin may later change their e-mail, and whoever then
 * signs up with the old address must not become admin at the next start.
 */
export async function seedAdminAccount(
  db: Database,
  email: string | undefined,
  password: string | undefined,
): Promise<AdminSeedResult> {
  const adminEmail = (email ?? DEFAULT_ADMIN_EMAIL).toLowerCase();
  return db.transaction(async (trx) => {
    // API and worker processes may start together against one database: the lock makes the check and the insert one step.
    await trx.raw('SELECT pg_advisory_xact_lock(hashtext(?))', ['stockpulse:seed-admin']);
    if (await anyAdminExists(trx)) return { email: adminEmail, created: false };
    if (await userByEmail(trx, adminEmail)) {
      return {
        email: adminEmail,
        created: false,
        skipped: `ADMIN_EMAIL ${adminEmail} belongs to an existing account, which is not made admin; set ADMIN_EMAIL to an unused address to create the admin`,
      };
    }
    const generatedPassword = password ? undefined : randomBytes(12).toString('base64url');
    await insertUser(trx, {
      email: adminEmail,
      password_hash: await hashPassword(password ?? generatedPassword!),
      username: 'admin',
      first_name: 'StockPulse',
      last_name: 'Admin',
      role: 'admin',
      // The admin runs the product; it is not a paying subscriber (revenue counts only those).
      subscription_status: 'none',
    });
    return { email: adminEmail, created: true, generatedPassword };
  });
}
