import { timingSafeEqual } from 'node:crypto';
import Keygrip from 'keygrip';
import { LRUCache } from 'lru-cache';

/** Signatures remembered per key: a few per signed-in client (the session and device cookies). */
const MAX_SIGNATURES = 20_000;

/**
 * The signer of the signed cookies (app.keys): Keygrip's HMAC signatures, each remembered for the cookie value it
 * signed. Every request checks its session cookie's signature and, the session being rolling, signs it again for the
 * response: the same value each time, so it is one HMAC per value instead of four per request. Checks still compare
 * in constant time; a forged signature never matches what the key signs.
 */
export function createCookieSigning(keys: readonly string[]): Keygrip {
  const signers = keys.map((key) => {
    const keygrip = new Keygrip([key]);
    const signatures = new LRUCache<string, string>({ max: MAX_SIGNATURES });
    return (data: string): string => {
      let signature = signatures.get(data);
      if (signature === undefined) {
        signature = keygrip.sign(data);
        signatures.set(data, signature);
      }
      return signature;
    };
  });
  const matches = (digest: string, expected: string) => {
    const a = Buffer.from(digest);
    const b = Buffer.from(expected);
    return a.length === b.length && timingSafeEqual(a, b);
  };
  const index = (data: unknown, digest: string): number =>
    signers.findIndex((sign) => typeof digest === 'string' && matches(digest, sign(String(data))));
  return {
    sign: (data: unknown) => signers[0]!(String(data)),
    verify: (data: unknown, digest: string) => index(data, digest) > -1,
    index,
  };
}
