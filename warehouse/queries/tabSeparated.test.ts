import { describe, expect, it } from 'vitest';
import { tabSeparatedStream } from './tabSeparated';

async function text(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}

describe('tabSeparatedStream', () => {
  it('writes one escaped line per row in the column order, booleans as 1/0', async () => {
    const rows = [
      { a: 'tab\there', b: 1.5, c: true },
      { a: 'line\nbreak\\slash\rreturn', b: -2, c: false },
    ];
    expect(await text(tabSeparatedStream(rows, ['c', 'a', 'b']))).toBe(
      '1\ttab\\there\t1.5\n0\tline\\nbreak\\\\slash\\rreturn\t-2\n',
    );
  });

  it('keeps every byte of multi-byte text across many buffer growths', async () => {
    const rows = Array.from({ length: 5_000 }, (_, i) => ({ id: i, text: `${'🚀日本語ü'.repeat(i % 40)}#${i}` }));
    const lines = (await text(tabSeparatedStream(rows, ['id', 'text']))).split('\n');
    expect(lines).toHaveLength(rows.length + 1);
    expect(lines.at(-1)).toBe('');
    for (const [i, row] of rows.entries()) expect(lines[i]).toBe(`${row.id}\t${row.text}`);
  });

  it('yields an empty stream for no rows', async () => {
    expect(await text(tabSeparatedStream([], ['a']))).toBe('');
  });
});
