import { decodeHTML } from 'entities';
import { describe, expect, it } from 'vitest';
import { escapeHtml } from './escapeHtml';

describe('escapeHtml', () => {
  const hostile = `Tom & "Jerry's" <script>alert(1)</script> AT&amp;T\u00a0`;

  it('leaves no character that could open a tag, end a double-quoted attribute or start a reference', () => {
    const escaped = escapeHtml(hostile);
    expect(escaped).not.toMatch(/[<>"]|&(?!(amp|lt|gt|quot|nbsp);)/);
    expect(escaped).toBe("Tom &amp; &quot;Jerry's&quot; &lt;script&gt;alert(1)&lt;/script&gt; AT&amp;amp;T&nbsp;");
  });

  it('reads back as the same text', () => {
    expect(decodeHTML(escapeHtml(hostile))).toBe(hostile);
    expect(escapeHtml('plain text, nothing to do')).toBe('plain text, nothing to do');
  });
});
