import type { Knex } from 'knex';
import type { UserRow } from './userMapper';
import { HttpError } from '../http/httpError';

/**
 * Refuses a change that would leave no active admin: a demotion, deactivation or deletion, by an admin or by the admin
 * themselves. The admins are row-locked, so two concurrent changes wait for each other instead of both passing.
 */
export async function guardLastAdmin(trx: Knex.Transaction, target: Pick<UserRow, 'id' | 'role' | 'is_active'>, what: string): Promise<void> {
  if (target.role !== 'admin' || !target.is_active) return;
  const admins = await trx('users').where({ role: 'admin', is_active: true }).orderBy('id').forUpdate().pluck<string[]>('id');
  if (admins.filter((id) => id !== target.id).length === 0) {
    throw new HttpError(409, `Cannot ${what} the last active admin. Make another user an admin first.`);
  }
}
