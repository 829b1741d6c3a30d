import { createTtlCache } from '../ttlCache';

/** A fetched OAuth client-credentials token and its lifetime. */
export interface IssuedToken {
  accessToken: string;
  expiresInSeconds: number;
}

/** Refresh this long before the stated expiry, so a token never expires mid-scan. */
const EXPIRY_MARGIN_MS = 60_000;

/**
 * Caches one client-credentials token until shortly before it expires.
 * Concurrent callers share a single in-flight token request; `invalidate` forces a new one (after a 401).
 */
export class TokenCache<Context> {
  private readonly cache;

  constructor(
    private readonly issue: (context: Context, signal?: AbortSignal) => Promise<IssuedToken>,
    now: () => number = Date.now,
  ) {
    this.cache = createTtlCache<'token', IssuedToken>({
      ttlMs: 0,
      ttlOf: (issued) => issued.expiresInSeconds * 1000 - EXPIRY_MARGIN_MS,
      now,
    });
  }

  /** `context` names the scan that needed the token, for error messages. */
  async get(context: Context, signal?: AbortSignal): Promise<string> {
    return (await this.cache.get('token', () => this.issue(context, signal))).accessToken;
  }

  invalidate(): void {
    this.cache.invalidate();
  }
}
