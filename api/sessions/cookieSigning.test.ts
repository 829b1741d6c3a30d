import Keygrip from 'keygrip';
import { describe, expect, it } from 'vitest';
import { createCookieSigning } from './cookieSigning';

describe('cookie signing', () => {
  const data = 'sp.sid=424d5f36-858e-42ca-b7a8-3b011040686d';

  it('signs exactly as Keygrip does, also when asked again (the remembered signature)', () => {
    const signing = createCookieSigning(['secret']);
    const expected = new Keygrip(['secret']).sign(data);
    expect(signing.sign(data)).toBe(expected);
    expect(signing.sign(data)).toBe(expected);
    expect(signing.sign('sp.sid=other')).toBe(new Keygrip(['secret']).sign('sp.sid=other'));
  });

  it('accepts only the signature of the key for that value', () => {
    const signing = createCookieSigning(['secret']);
    const good = new Keygrip(['secret']).sign(data);
    expect(signing.index(data, good)).toBe(0);
    expect(signing.verify(data, good)).toBe(true);
    expect(signing.index(data, new Keygrip(['other secret']).sign(data))).toBe(-1);
    expect(signing.index('sp.sid=someone-else', good)).toBe(-1);
    expect(signing.index(data, good.slice(0, -1))).toBe(-1);
    expect(signing.index(data, '')).toBe(-1);
  });

  it('accepts an older key and signs with the first', () => {
    const signing = createCookieSigning(['new', 'old']);
    expect(signing.index(data, new Keygrip(['old']).sign(data))).toBe(1);
    expect(signing.sign(data)).toBe(new Keygrip(['new']).sign(data));
  });
});
