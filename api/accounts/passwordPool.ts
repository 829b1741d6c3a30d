import Piscina from 'piscina';
import { HttpError } from '../http/httpError';
import { hashPassword, verifyPassword, type DeriveKey } from '../../platform/passwordHasher';

export interface PasswordPoolOptions {
  /** Hashes computed at once, each on its own worker thread (32 MiB and ~100 ms of CPU each). */
  threads: number;
  /** Hashes allowed to wait for a thread; past that the request is refused with 429. */
  maxQueue: number;
}

/** Two threads leave a core to everything else on a 2-core machine; 32 waiting covers a burst of 20 users signing in at once. */
export const defaultPasswordPoolOptions: PasswordPoolOptions = { threads: 2, maxQueue: 32 };
/** Seconds a refused sign-in is told to wait: a full queue drains in about that time. */
const RETRY_AFTER_SECONDS = 2;

/**
 * Password hashing on its own bounded pool of worker threads. Node's async scrypt runs on the libuv thread pool, which
 * chDB, file I/O and DNS share: a burst of sign-ins used to fill it and make the health check time out. Here a burst
 * waits in a bounded queue, and past it is answered 429 with Retry-After, while the rest of the process runs as usual.
 */
export function createPasswordPool(options: PasswordPoolOptions = defaultPasswordPoolOptions) {
  const pool = new Piscina({
    filename: new URL('./scryptWorker.mjs', import.meta.url).href,
    minThreads: 0,
    maxThreads: options.threads,
    maxQueue: options.maxQueue,
    // Idle threads end, so an unused pool holds no memory and does not keep the process alive.
    idleTimeout: 30_000,
  });
  const derive: DeriveKey = async (password, salt, keyLength, scryptOptions) => {
    try {
      return Buffer.from(await pool.run({ password, salt, keyLength, options: scryptOptions }));
    } catch (err) {
      if (err instanceof Error && err.message === 'Task queue is at limit') {
        throw new HttpError(429, 'The server is busy signing other people in. Try again in a moment.', undefined, {
          'Retry-After': String(RETRY_AFTER_SECONDS),
        });
      }
      throw err;
    }
  };
  return {
    hash: (password: string) => hashPassword(password, derive),
    verify: (password: string, encoded: string) => verifyPassword(password, encoded, derive),
    close: () => pool.destroy(),
  };
}
export type PasswordPool = ReturnType<typeof createPasswordPool>;
