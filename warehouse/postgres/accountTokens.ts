import type { Database } from '../../platform/database';

export type TokenPurpose = 'verify_email' | 'reset_password' | 'change_email' | 'verify_phone';

/** An unused phone code of a user, as stored (only its hash). */
export interface PhoneCodeRow {
  id: number;
  token_hash: string;
  target: string;
}

/** Stores a new token hash for the user, voiding their unused ones of the same purpose, in one transaction. */
export async function replaceAccountToken(
  db: Database,
  token: { userId: string; purpose: TokenPurpose; hash: string; target: string | null; expiresAt: Date },
): Promise<void> {
  await db.transaction(async (trx) => {
    await trx('account_tokens').where({ user_id: token.userId, purpose: token.purpose }).whereNull('used_at').delete();
    await trx('account_tokens').insert({
      user_id: token.userId,
      purpose: token.purpose,
      token_hash: token.hash,
      target: token.target,
      expires_at: token.expiresAt,
    });
  });
}

/** Marks the unused, unexpired token with this hash used, in the statement that finds it (so it works once); its owner and target. */
export async function useAccountToken(
  db: Database,
  purpose: TokenPurpose,
  hash: string,
  now: Date,
): Promise<{ user_id: string; target: string | null } | undefined> {
  const [row] = await db('account_tokens')
    .where({ token_hash: hash, purpose })
    .whereNull('used_at')
    .where('expires_at', '>', now)
    .update({ used_at: now })
    .returning<Array<{ user_id: string; target: string | null }>>(['user_id', 'target']);
  return row;
}

/** The user's live phone code with fewer than `maxAttempts` wrong tries, locked until the transaction ends. */
export function lockLivePhoneCode(
  trx: Database,
  userId: string,
  now: Date,
  maxAttempts: number,
): Promise<PhoneCodeRow | undefined> {
  return trx('account_tokens')
    .where({ user_id: userId, purpose: 'verify_phone' })
    .whereNull('used_at')
    .where('expires_at', '>', now)
    .where('failed_attempts', '<', maxAttempts)
    .forUpdate()
    .first<PhoneCodeRow | undefined>('id', 'token_hash', 'target');
}

export async function countFailedTokenAttempt(trx: Database, id: number): Promise<void> {
  await trx('account_tokens').where({ id }).increment('failed_attempts', 1);
}

export async function markTokenUsed(trx: Database, id: number, now: Date): Promise<void> {
  await trx('account_tokens').where({ id }).update({ used_at: now });
}

/** Deletes tokens that can no longer be used (used, or past their expiry) before `before`; returns how many. */
export async function purgeSpentAccountTokens(db: Database, before: Date): Promise<number> {
  return await db('account_tokens')
    .where((q) => q.where('used_at', '<', before).orWhere('expires_at', '<', before))
    .delete();
}
