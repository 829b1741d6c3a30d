/** One-line structured logs. Callers pass fields, never secrets (passwords, keys, tokens). */
type Level = 'debug' | 'info' | 'warn' | 'error';
const order: Record<Level, number> = { debug: 10, info: 20, warn: 30, error: 40 };

let threshold: Level = (process.env.LOG_LEVEL as Level) in order ? (process.env.LOG_LEVEL as Level) : 'info';

export function setLogLevel(level: Level): void {
  threshold = level;
}

// Defence in depth: even a field passed by mistake never prints a secret.
const SECRET_KEY = /password|secret|token|authorization|cookie|api[-_]?key|hash/i;
const SECRET_VALUE =
  /scrypt\$\d+\$[^"\s]+|\b(sk|rk)_(live|test)_[A-Za-z0-9]+|\bwhsec_[A-Za-z0-9]+|\bpk_(live|test)_[A-Za-z0-9]+/g;

function redact(key: string, value: unknown): unknown {
  if (key && SECRET_KEY.test(key) && value !== null && typeof value !== 'object') return '[redacted]';
  return typeof value === 'string' ? value.replace(SECRET_VALUE, '[redacted]') : value;
}

function write(level: Level, message: string, fields?: Record<string, unknown>): void {
  if (order[level] < order[threshold]) return;
  const line = JSON.stringify({ t: new Date().toISOString(), level, msg: message, ...fields }, redact);
  (level === 'error' || level === 'warn' ? process.stderr : process.stdout).write(line + '\n');
}

export const log = {
  debug: (m: string, f?: Record<string, unknown>) => write('debug', m, f),
  info: (m: string, f?: Record<string, unknown>) => write('info', m, f),
  warn: (m: string, f?: Record<string, unknown>) => write('warn', m, f),
  error: (m: string, f?: Record<string, unknown>) => write('error', m, f),
};
