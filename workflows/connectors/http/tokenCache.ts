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
  private cached: { token: string; expiresAt: number } | undefined;
  private inflight: Promise<string> | undefined;

  constructor(
    private readonly issue: (context: Context, signal?: AbortSignal) => Promise<IssuedToken>,
    private readonly now: () => number = Date.now,
  ) {}

  /** `context` names the scan that needed the token, for error messages. */
  async get(context: Context, signal?: AbortSignal): Promise<string> {
    if (this.cached && this.now() < this.cached.expiresAt - EXPIRY_MARGIN_MS) return this.cached.token;
    this.inflight ??= this.issue(context, signal)
      .then((issued) => {
        this.cached = { token: issued.accessToken, expiresAt: this.now() + issued.expiresInSeconds * 1000 };
        return issued.accessToken;
      })
      .finally(() => {
        this.inflight = undefined;
      });
    return this.inflight;
  }

  invalidate(): void {
    this.cached = undefined;
  }
}
