import { createHash, randomBytes, randomInt } from 'node:crypto';
import type { Knex } from 'knex';
import { HOUR_MS, DAY_MS } from '../../core/timeWindows';

export type TokenPurpose = 'verify_email' | 'reset_password' | 'change_email' | 'verify_phone';

/** How long each kind of secret is good for. */
export const TOKEN_TTL_MS: Record<TokenPurpose, number> = {
  verify_email: DAY_MS,
  change_email: DAY_MS,
  reset_password: HOUR_MS,
  verify_phone: 10 * 60 * 1000,
};
/** Wrong codes after which a phone code is void (a 6-digit code cannot be guessed in 5 tries). */
export const MAX_CODE_ATTEMPTS = 5;

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
// A phone code is short, so its hash is bound to the user: the same code for two users hashes differently.
const codeHash = (userId: string, code: string) => sha256(`phone:${userId}:${code}`);

export interface UsedToken {
  userId: string;
  target: string | null;
}

/**
 * Single-use secrets sent by e-mail or SMS. Only their SHA-256 is stored; issuing a new one voids the user's earlier
 * unused ones of the same purpose, and using one marks it used in the same statement that finds it (no double use).
 */
export function createAccountTokens(db: Knex) {
  const issue = async (userId: string, purpose: TokenPurpose, hash: string, target: string | null, now: Date) => {
    await db.transaction(async (trx) => {
      await trx('account_tokens').where({ user_id: userId, purpose }).whereNull('used_at').delete();
      await trx('account_tokens').insert({ user_id: userId, purpose, token_hash: hash, target, expires_at: new Date(now.getTime() + TOKEN_TTL_MS[purpose]) });
    });
  };

  return {
    /** A new link token (256 random bits, URL-safe) for the user; returns the raw token to put in the link. */
    async issueLink(userId: string, purpose: Exclude<TokenPurpose, 'verify_phone'>, target: string | null, now = new Date()): Promise<string> {
      const token = randomBytes(32).toString('base64url');
      await issue(userId, purpose, sha256(token), target, now);
      return token;
    },

    /** Uses a link token once: null when it is unknown, used, expired or for another purpose. */
    async useLink(purpose: Exclude<TokenPurpose, 'verify_phone'>, token: string, now = new Date()): Promise<UsedToken | null> {
      const [row] = await db('account_tokens')
        .where({ token_hash: sha256(token), purpose })
        .whereNull('used_at')
        .where('expires_at', '>', now)
        .update({ used_at: now })
        .returning<Array<{ user_id: string; target: string | null }>>(['user_id', 'target']);
      return row ? { userId: row.user_id, target: row.target } : null;
    },

    /** A new 6-digit phone code for the number; returns the code to send. */
    async issuePhoneCode(userId: string, phone: string, now = new Date()): Promise<string> {
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      await issue(userId, 'verify_phone', codeHash(userId, code), phone, now);
      return code;
    },

    /** Checks a phone code: the verified number, or null (a wrong guess is counted; after MAX_CODE_ATTEMPTS the code is void). */
    async usePhoneCode(userId: string, code: string, now = new Date()): Promise<string | null> {
      return await db.transaction(async (trx) => {
        const row = await trx('account_tokens')
          .where({ user_id: userId, purpose: 'verify_phone' })
          .whereNull('used_at')
          .where('expires_at', '>', now)
          .where('failed_attempts', '<', MAX_CODE_ATTEMPTS)
          .forUpdate()
          .first<{ id: number; token_hash: string; target: string } | undefined>('id', 'token_hash', 'target');
        if (!row) return null;
        if (row.token_hash !== codeHash(userId, code)) {
          await trx('account_tokens').where({ id: row.id }).increment('failed_attempts', 1);
          return null;
        }
        await trx('account_tokens').where({ id: row.id }).update({ used_at: now });
        return row.target;
      });
    },
  };
}
export type AccountTokens = ReturnType<typeof createAccountTokens>;
