import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it, expect } from 'vitest';
import { parseCsvRecords, parseSymbolList, parseUniverseCsv } from './parseUniverse';

const read = (file: string) => readFileSync(join(import.meta.dirname, file), 'utf8');

const universe = parseUniverseCsv(read('universe.csv'));
const ambiguous = parseSymbolList(read('ambiguous.txt'));

const ALLOWED_EXCHANGES = new Set(['NASDAQ', 'NYSE', 'NYSE American', 'NYSE Arca', 'Cboe BZX', 'IEX']);
const SYMBOL_RE = /^[A-Z]{1,5}(\.[A-Z])?$/;

describe('parseUniverseCsv / parseCsvRecords', () => {
  it('handles quoted fields with commas, escaped quotes, line breaks and CRLF', () => {
    const text =
      'symbol,name,exchange,type,aliases,bare\r\n' +
      'AMZN,"Amazon.com, Inc.",NASDAQ,stock,amazon,any\r\n' +
      'XYZ,"The ""Quoted"" Co.",NYSE,adr,,no\r\n' +
      'MULTI,"line one\nline two",NYSE Arca,etf,a|b,upper\n';
    expect(parseUniverseCsv(text)).toEqual([
      { symbol: 'AMZN', name: 'Amazon.com, Inc.', exchange: 'NASDAQ', type: 'stock', aliases: ['amazon'], bare: 'any' },
      { symbol: 'XYZ', name: 'The "Quoted" Co.', exchange: 'NYSE', type: 'adr', aliases: [], bare: 'no' },
      {
        symbol: 'MULTI',
        name: 'line one\nline two',
        exchange: 'NYSE Arca',
        type: 'etf',
        aliases: ['a', 'b'],
        bare: 'upper',
      },
    ]);
  });

  it('keeps trailing empty fields and rejects malformed input', () => {
    expect(parseCsvRecords('a,b,\n')).toEqual([['a', 'b', '']]);
    expect(parseCsvRecords('a,b')).toEqual([['a', 'b']]);
    expect(() => parseCsvRecords('"unterminated')).toThrow();
    expect(() => parseUniverseCsv('sym,name\nA,B\n')).toThrow(/header/);
    const header = 'symbol,name,exchange,type,aliases,bare\n';
    expect(() => parseUniverseCsv(`${header}A,B,NYSE\n`)).toThrow(/fields/);
    expect(() => parseUniverseCsv(`${header}A,B,NYSE,bond,,no\n`)).toThrow(/type "bond"/);
    expect(() => parseUniverseCsv(`${header}A,B,NYSE,stock,,maybe\n`)).toThrow(/bare "maybe"/);
    expect(() => parseUniverseCsv(`${header}a b,B,NYSE,stock,,no\n`)).toThrow(/symbol "a b"/);
  });
});

describe('parseSymbolList', () => {
  it('ignores blank and # lines', () => {
    expect(parseSymbolList('# comment\n\nON\r\n  NOW  \n#X\n')).toEqual(['ON', 'NOW']);
  });
});

describe('universe.csv', () => {
  it('holds every US listing: about 11,500 stocks, ADRs and exchange-traded products', () => {
    expect(universe.length).toBeGreaterThanOrEqual(11_000);
    const types = new Map<string, number>();
    for (const r of universe) types.set(r.type, (types.get(r.type) ?? 0) + 1);
    expect(types.get('stock')).toBeGreaterThan(5_000);
    expect(types.get('etf')).toBeGreaterThan(5_000);
    expect(types.get('adr')).toBeGreaterThan(200);
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
    for (const s of [
      'A',
      'ALL',
      'IT',
      'ON',
      'NOW',
      'AI',
      'ARE',
      'BE',
      'CAT',
      'KEY',
      'LOW',
      'SO',
      'C',
      'F',
      'O',
      'T',
      'V',
      'U',
    ]) {
      expect(symbols.has(s), `${s} in universe`).toBe(true);
      expect(set.has(s), `${s} in ambiguous.txt`).toBe(true);
    }
    for (const s of ['DD', 'YOLO', 'CEO', 'IPO', 'ETF', 'FOMC', 'SEC', 'HODL', 'NYSE', 'NASDAQ']) {
      expect(set.has(s), `${s} in ambiguous.txt`).toBe(true);
    }
  });
});
