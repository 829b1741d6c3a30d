// Runs in the password-hashing pool's worker threads (piscina). scryptSync blocks this thread only, never the libuv
// thread pool that file I/O, DNS and chDB share with the rest of the process.
import { Buffer } from 'node:buffer';
import { scryptSync } from 'node:crypto';

export default function derive({ password, salt, keyLength, options }) {
  return scryptSync(password, Buffer.from(salt), keyLength, options);
}
