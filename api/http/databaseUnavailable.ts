/** The message of a 503 when Postgres cannot be reached; the request can simply be retried. */
export const DATABASE_UNAVAILABLE = 'The database is temporarily unavailable. Try again in a moment.';

// Postgres SQLSTATEs of a server shutting down, restarting or refusing connections (class 57 and 08).
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '08000', '08001', '08003', '08004', '08006']);
const UNAVAILABLE_NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EHOSTUNREACH',
]);

/** True for errors that mean "Postgres is down or restarting" rather than a bug: connection refused or lost, pool acquire timeouts, shutdown codes. */
export function isDatabaseUnavailable(err: unknown): boolean {
  if (!err || typeof err !== 'object') return false;
  const e = err as { code?: unknown; syscall?: unknown; name?: unknown; message?: unknown; errors?: unknown };
  if (typeof e.code === 'string' && (UNAVAILABLE_SQLSTATES.has(e.code) || UNAVAILABLE_NETWORK_CODES.has(e.code)))
    return true;
  // A stopped server's Unix socket is gone (the embedded one is reached over its socket).
  if (e.code === 'ENOENT' && e.syscall === 'connect') return true;
  if (e.name === 'KnexTimeoutError') return true;
  // pg's own connect timeout (connectionTimeoutMillis) says only "timeout expired": the server did not answer in time.
  if (
    typeof e.message === 'string' &&
    /Connection terminated|connection timeout|timeout expired|Client has encountered a connection error/i.test(
      e.message,
    )
  )
    return true;
  // Node wraps a refused dual-stack connect in an AggregateError.
  return Array.isArray(e.errors) && e.errors.some(isDatabaseUnavailable);
}
