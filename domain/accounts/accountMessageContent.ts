import type { Database } from '../../platform/database';
import type { AccountPayload } from '../notifications/messages';
import { createAccountTokens } from './accountTokens';

/** What an account message's row names: its owner, where it goes and what it is for (never its link or code). */
export interface AccountMessageTarget {
  userId: string;
  recipient: string;
  purpose: AccountPayload['purpose'];
}

/** The page each link opens. */
const LINK_PATHS = {
  verify_email: '/verify-email',
  change_email: '/verify-email',
  reset_password: '/reset-password',
} as const;

/**
 * Issues an account message's secret when it is sent, so a link or code is never stored, never in a workflow's
 * history, and exists only in the message. Each attempt issues a new one, which voids the earlier unused ones of the
 * same purpose: a retried send carries the only link that works. The secret is bound to the recipient (the address
 * or number it proves).
 */
export function createAccountMessageContent(db: Database, appUrl: string) {
  const base = appUrl.replace(/\/+$/, '');
  const tokens = createAccountTokens(db);
  return async function accountMessageContent(target: AccountMessageTarget): Promise<AccountPayload> {
    const { userId, recipient, purpose } = target;
    switch (purpose) {
      case 'signup_attempt':
        return { purpose, link: `${base}/auth` };
      case 'verify_phone':
        return { purpose, code: await tokens.issuePhoneCode(userId, recipient) };
      default: {
        const token = await tokens.issueLink(userId, purpose, recipient);
        return { purpose, link: `${base}${LINK_PATHS[purpose]}?token=${encodeURIComponent(token)}` };
      }
    }
  };
}
export type AccountMessageContent = ReturnType<typeof createAccountMessageContent>;
