import type { Database } from '../../platform/database';

export interface AdminAction {
  actor: { id: string; email: string };
  /** A verb such as 'user.role', 'user.deactivate', 'user.delete', 'user.subscription', 'user.cancelSubscription', 'platformSettings.save'. */
  action: string;
  targetType: 'user' | 'platform_setting' | 'ambiguous_symbols' | 'former_symbols' | 'pipeline';
  targetId: string | null;
  before: unknown;
  after: unknown;
}

/** Writes one audit row; pass the transaction of the change so both commit together. */
export async function recordAdminAction(db: Database, entry: AdminAction): Promise<void> {
  await db('admin_audit_log').insert({
    actor_id: entry.actor.id,
    actor_email: entry.actor.email,
    action: entry.action,
    target_type: entry.targetType,
    target_id: entry.targetId,
    before: entry.before === undefined ? null : JSON.stringify(entry.before),
    after: entry.after === undefined ? null : JSON.stringify(entry.after),
  });
}
