import type { Database } from '../../platform/database';
import { lockActiveAdminIds, type UserRow } from '../../warehouse/postgres/users';
import { HttpError } from '../http/httpError';

/**
 * Refuses a change that would leave no active admin: a demotion, deactivation or deletion, by an admin or by the admin
 * themselves. The admins are row-locked, so two concurrent changes wait for each other instead of both passing.
 */
export async function guardLastAdmin(
  trx: Database,
  target: Pick<UserRow, 'id' | 'role' | 'is_active'>,
  what: string,
): Promise<void> {
  if (target.role !== 'admin' || !target.is_active) return;
  const admins = await lockActiveAdminIds(trx);
  if (admins.filter((id) => id !== target.id).length === 0) {
    throw new HttpError(409, `Cannot ${what} the last active admin. Make another user an admin first.`);
  }
}
