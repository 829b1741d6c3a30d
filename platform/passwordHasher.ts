import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

// scrypt is memory-hard: N=2^15, r=8 uses 32 MiB per hash (OWASP's recommended floor for scrypt).
const params = { N: 2 ** 15, r: 8, p: 1 } as const;
const KEY_LENGTH = 64;
const MAX_MEM = 128 * params.N * params.r * 2;

/** Derives a scrypt key; the API process passes its bounded worker pool, scripts and tests use Node's own. */
export type DeriveKey = (password: string, salt: Buffer, keyLength: number, options: ScryptOptions) => Promise<Buffer>;

const deriveOnLibuv: DeriveKey = (password, salt, keyLength, options) =>
  new Promise((resolve, reject) =>
    scrypt(password, salt, keyLength, options, (err, key) => (err ? reject(err) : resolve(key))),
  );

/** Encoded as scrypt$N$r$p$salt$hash (base64), so parameters can be raised later without breaking old hashes. */
export async function hashPassword(password: string, derive: DeriveKey = deriveOnLibuv): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password.normalize('NFKC'), salt, KEY_LENGTH, { ...params, maxmem: MAX_MEM });
  return ['scrypt', params.N, params.r, params.p, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function verifyPassword(
  password: string,
  encoded: string,
  derive: DeriveKey = deriveOnLibuv,
): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = encoded.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const actual = await derive(password.normalize('NFKC'), Buffer.from(salt, 'base64'), KEY_LENGTH, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: MAX_MEM,
  });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** A hash of a random password: verifying against it costs the same time as a real one (unknown e-mail vs wrong password). */
export const dummyPasswordHash: Promise<string> = hashPassword(randomBytes(16).toString('hex'));
