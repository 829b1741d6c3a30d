import { afterEach, describe, expect, it, vi } from 'vitest';
import { log } from './logger';

describe('logger redaction', () => {
  afterEach(() => vi.restoreAllMocks());

  const capture = () => {
    const lines: string[] = [];
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => (lines.push(String(chunk)), true));
    vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => (lines.push(String(chunk)), true));
    return lines;
  };

  it('never prints secret-named fields or secret-shaped values', () => {
    const lines = capture();
    log.error('oops', {
      password: 'hunter22',
      passwordHash: 'scrypt$32768$8$1$c2FsdA==$aGFzaA==',
      stripeSecretKey: 'sk_test_abc123',
      detail: 'failed with sk_live_ZZZ999 and whsec_abc and scrypt$32768$8$1$c2FsdA==$aGFzaA==',
      nested: { sessionToken: 't0k3n', ok: 'kept' },
    });
    const text = lines.join('');
    for (const secret of ['hunter22', 'scrypt$', 'sk_test_abc123', 'sk_live_ZZZ999', 'whsec_abc', 't0k3n'])
      expect(text).not.toContain(secret);
    expect(text).toContain('kept');
    expect(JSON.parse(text).detail).toBe('failed with [redacted] and [redacted] and [redacted]');
  });
});
