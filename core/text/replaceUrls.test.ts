import { describe, expect, it } from 'vitest';
import { replaceUrls } from './replaceUrls';

describe('replaceUrls', () => {
  it('replaces http, https and www links in any case, and leaves other text alone', () => {
    expect(replaceUrls('buy $AAPL https://t.co/AbC now', ' ')).toBe('buy $AAPL   now');
    expect(replaceUrls('see HTTP://X.COM/TSLA and www.nvda.com/x.', ' <url> ')).toBe('see  <url>  and  <url> ');
    expect(replaceUrls('no link here, just http talk', ' ')).toBe('no link here, just http talk');
    expect(replaceUrls('', ' ')).toBe('');
  });

  it('keeps no state between calls (the global pattern is reused)', () => {
    for (let i = 0; i < 3; i++) expect(replaceUrls('a http://b.c d', '|')).toBe('a | d');
  });
});
