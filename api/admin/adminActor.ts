import type { Database } from '../../platform/database';
import { userIdentity } from '../../warehouse/postgres/users';
import type { SessionUser } from '../http/access';
import { unauthorized } from '../http/httpError';

export interface AdminActor {
  id: string;
  email: string;
}

/** The signed-in admin making a change, with the e-mail the audit log records. */
export async function adminActor(db: Database, user: SessionUser): Promise<AdminActor> {
  const row = await userIdentity(db, user.id);
  if (!row) throw unauthorized();
  return row;
}
