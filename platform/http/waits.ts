/**
 * How long a rate-limited (429) or unavailable (503) response asks us to wait, from its headers:
 * - `Retry-After`: delta seconds or an HTTP date (RFC 9110);
 * - `x-rate-limit-reset`: X API v2, the epoch second when the window resets;
 * - `x-ratelimit-reset`: Reddit, the seconds left until the window resets.
 * Returns undefined when no header says (the caller then backs off exponentially).
 */
export function waitFromHeaders(headers: Headers, now: number = Date.now()): number | undefined {
  const retryAfter = headers.get('retry-after')?.trim();
  if (retryAfter) {
    if (/^\d+(\.\d+)?$/.test(retryAfter)) return Math.ceil(Number(retryAfter) * 1000);
    const at = Date.parse(retryAfter);
    if (!Number.isNaN(at)) return Math.max(0, at - now);
  }
  const xReset = numberHeader(headers, 'x-rate-limit-reset');
  if (xReset !== undefined) return epochOrDelta(xReset, now);
  const redditReset = numberHeader(headers, 'x-ratelimit-reset');
  if (redditReset !== undefined) return epochOrDelta(redditReset, now);
  return undefined;
}

/** Values that look like epoch seconds (after 2001) are absolute; smaller ones are seconds from now. */
function epochOrDelta(seconds: number, now: number): number {
  return seconds > 1_000_000_000 ? Math.max(0, seconds * 1000 - now) : Math.ceil(seconds * 1000);
}

function numberHeader(headers: Headers, name: string): number | undefined {
  const raw = headers.get(name)?.trim();
  if (!raw || !/^\d+(\.\d+)?$/.test(raw)) return undefined;
  return Number(raw);
}

/** Sleeps, or rejects with the signal's reason as soon as it aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal!.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
