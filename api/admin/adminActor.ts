import type { Context } from 'koa';
import type { Knex } from 'knex';
import type { SessionUser } from '../http/access';
import { unauthorized } from '../http/httpError';

export interface AdminActor {
  id: string;
  email: string;
}

/** The signed-in admin making a change, with the e-mail the audit log records. */
export async function adminActor(db: Knex, ctx: Context): Promise<AdminActor> {
  const user = ctx.state.user as SessionUser | undefined;
  const row = user ? await db('users').where({ id: user.id }).first<{ id: string; email: string } | undefined>('id', 'email') : undefined;
  if (!row) throw unauthorized();
  return row;
}
