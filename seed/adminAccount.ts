import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import { hashPassword } from '../api/accounts/passwordHasher';

export interface AdminSeedResult {
  email: string;
  created: boolean;
  /** Set only when the password was generated here; the caller prints it once. */
  generatedPassword?: string;
}

const DEFAULT_ADMIN_EMAIL = 'admin@stockpulse.local';

/** Ensures an admin account exists: ADMIN_EMAIL/ADMIN_PASSWORD when given, else a generated password printed on first start. */
export async function seedAdminAccount(db: Knex, email: string | undefined, password: string | undefined): Promise<AdminSeedResult> {
  const adminEmail = (email ?? DEFAULT_ADMIN_EMAIL).toLowerCase();
  const existing = await db('users').whereRaw('lower(email) = ?', [adminEmail]).first('id', 'role');
  if (existing) {
    if (existing.role !== 'admin') await db('users').where({ id: existing.id }).update({ role: 'admin', updated_at: db.fn.now() });
    return { email: adminEmail, created: false };
  }
  const generatedPassword = password ? undefined : randomBytes(12).toString('base64url');
  await db('users').insert({
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
}
