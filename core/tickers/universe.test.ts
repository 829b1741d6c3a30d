import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it, expect } from 'vitest';
import { parseCsvRecords, parseSymbolList, parseUniverseCsv } from './parseUniverse';

const read = (file: string) => readFileSync(join(import.meta.dirname, file), 'utf8');

const universe = parseUniverseCsv(read('universe.csv'));
const ambiguous = parseSymbolList(read('ambiguous.txt'));

const ALLOWED_EXCHANGES = new Set(['NASDAQ', 'NYSE', 'NYSE American', 'NYSE Arca', 'Cboe BZX']);
const SYMBOL_RE = /^[A-Z]{1,5}(\.[A-Z])?$/;

describe('parseUniverseCsv / parseCsvRecords', () => {
  it('handles quoted fields with commas, escaped quotes, line breaks and CRLF', () => {
    const text =
      'symbol,name,exchange,aliases\r\n' +
      'AMZN,"Amazon.com, Inc.",NASDAQ,amazon\r\n' +
      'XYZ,"The ""Quoted"" Co.",NYSE,\r\n' +
      'MULTI,"line one\nline two",NYSE,a|b\n';
    expect(parseUniverseCsv(text)).toEqual([
      { symbol: 'AMZN', name: 'Amazon.com, Inc.', exchange: 'NASDAQ', aliases: ['amazon'] },
      { symbol: 'XYZ', name: 'The "Quoted" Co.', exchange: 'NYSE', aliases: [] },
      { symbol: 'MULTI', name: 'line one\nline two', exchange: 'NYSE', aliases: ['a', 'b'] },
    ]);
  });

  it('keeps trailing empty fields and rejects malformed input', () => {
    expect(parseCsvRecords('a,b,\n')).toEqual([['a', 'b', '']]);
    expect(parseCsvRecords('a,b')).toEqual([['a', 'b']]);
    expect(() => parseCsvRecords('"unterminated')).toThrow();
    expect(() => parseUniverseCsv('sym,name\nA,B\n')).toThrow(/header/);
    expect(() => parseUniverseCsv('symbol,name,exchange,aliases\nA,B,NYSE\n')).toThrow(/fields/);
  });
});

describe('parseSymbolList', () => {
  it('ignores blank and # lines', () => {
    expect(parseSymbolList('# comment\n\nON\r\n  NOW  \n#X\n')).toEqual(['ON', 'NOW']);
  });
});

describe('universe.csv', () => {
  it('has at least 500 rows', () => {
    expect(universe.length).toBeGreaterThanOrEqual(500);
  });

  it('has unique, well-formed symbols sorted ascending', () => {
    const symbols = universe.map((r) => r.symbol);
    for (const s of symbols) expect(s, s).toMatch(SYMBOL_RE);
    expect(new Set(symbols).size).toBe(symbols.length);
    const sorted = [...symbols].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    expect(symbols).toEqual(sorted);
  });

  it('uses only allowed exchanges and non-empty names', () => {
    for (const r of universe) {
      expect(ALLOWED_EXCHANGES.has(r.exchange), `${r.symbol}: ${r.exchange}`).toBe(true);
      expect(r.name.length, r.symbol).toBeGreaterThan(0);
    }
  });

  it('contains the required well-known symbols', () => {
    const symbols = new Set(universe.map((r) => r.symbol));
    for (const s of ['AAPL', 'MSFT', 'TSLA', 'NVDA', 'GME', 'AMC', 'SPY', 'QQQ', 'IWM', 'PLTR']) {
      expect(symbols.has(s), s).toBe(true);
    }
  });

  it('has lower-case aliases, unique across the file and never equal to the symbol', () => {
    const owner = new Map<string, string>();
    for (const r of universe) {
      for (const alias of r.aliases) {
        expect(alias, `${r.symbol}: ${alias}`).toBe(alias.toLowerCase());
        expect(alias, `${r.symbol}: ${alias}`).toBe(alias.trim());
        expect(alias, r.symbol).not.toBe(r.symbol.toLowerCase());
        expect(owner.get(alias), `alias "${alias}" on ${r.symbol} already used by ${owner.get(alias)}`).toBeUndefined();
        owner.set(alias, r.symbol);
      }
    }
  });
});

describe('ambiguous.txt', () => {
  it('lists unique upper-case symbols', () => {
    expect(ambiguous.length).toBeGreaterThan(0);
    for (const s of ambiguous) expect(s, s).toMatch(/^[A-Z][A-Z.]*$/);
    expect(new Set(ambiguous).size).toBe(ambiguous.length);
  });

  it('covers the common-word symbols of the universe', () => {
    const set = new Set(ambiguous);
    const symbols = new Set(universe.map((r) => r.symbol));
    for (const s of ['A', 'ALL', 'IT', 'ON', 'NOW', 'AI', 'ARE', 'BE', 'CAT', 'KEY', 'LOW', 'SO', 'C', 'F', 'O', 'T', 'V', 'U']) {
      expect(symbols.has(s), `${s} in universe`).toBe(true);
      expect(set.has(s), `${s} in ambiguous.txt`).toBe(true);
    }
    for (const s of ['DD', 'YOLO', 'CEO', 'IPO', 'ETF', 'FOMC', 'SEC', 'HODL', 'NYSE', 'NASDAQ']) {
      expect(set.has(s), `${s} in ambiguous.txt`).toBe(true);
    }
  });
});
