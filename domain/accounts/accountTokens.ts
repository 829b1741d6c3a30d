import { createHash, randomBytes, randomInt } from 'node:crypto';
import type { Database } from '../../platform/database';
import { HOUR_MS, DAY_MS } from '../../core/timeWindows';
import {
  countFailedTokenAttempt,
  lockLivePhoneCode,
  markTokenUsed,
  replaceAccountToken,
  useAccountToken,
  type TokenPurpose,
} from '../../warehouse/postgres/accountTokens';

export type { TokenPurpose };

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
export function createAccountTokens(db: Database) {
  const issue = (userId: string, purpose: TokenPurpose, hash: string, target: string | null, now: Date) =>
    replaceAccountToken(db, {
      userId,
      purpose,
      hash,
      target,
      expiresAt: new Date(now.getTime() + TOKEN_TTL_MS[purpose]),
    });

  return {
    /** A new link token (256 random bits, URL-safe) for the user; returns the raw token to put in the link. */
    async issueLink(
      userId: string,
      purpose: Exclude<TokenPurpose, 'verify_phone'>,
      target: string | null,
      now = new Date(),
    ): Promise<string> {
      const token = randomBytes(32).toString('base64url');
      await issue(userId, purpose, sha256(token), target, now);
      return token;
    },

    /** Uses a link token once: null when it is unknown, used, expired or for another purpose. */
    async useLink(
      purpose: Exclude<TokenPurpose, 'verify_phone'>,
      token: string,
      now = new Date(),
    ): Promise<UsedToken | null> {
      const row = await useAccountToken(db, purpose, sha256(token), now);
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
        const row = await lockLivePhoneCode(trx, userId, now, MAX_CODE_ATTEMPTS);
        if (!row) return null;
        if (row.token_hash !== codeHash(userId, code)) {
          await countFailedTokenAttempt(trx, row.id);
          return null;
        }
        await markTokenUsed(trx, row.id, now);
        return row.target;
      });
    },
  };
}
export type AccountTokens = ReturnType<typeof createAccountTokens>;
