import type { Context } from 'koa';

/** The JSON bytes of each shared value, for as long as the value lives. */
const serialized = new WeakMap<object, Buffer>();

/**
 * Answers with `value` as JSON (the bytes and Content-Type Koa sends for an object body), serialised once per value. For
 * reads served from a cache: every request gets the same object until the cache loads a new one, which is serialised
 * afresh, so a poll costs no JSON.stringify. The value must not be changed after it is first sent.
 */
export function sendSharedJson(ctx: Context, value: object): void {
  let body = serialized.get(value);
  if (!body) {
    body = Buffer.from(JSON.stringify(value));
    serialized.set(value, body);
  }
  ctx.type = 'application/json';
  ctx.body = body;
}
