import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadTickerData } from '../../domain/signal/tickerData';
import { parseFormerSymbolsCsv } from './formerSymbols';
import { issuerName, mergeListings, parseSymbolDirectory } from './listings';
import { parseUniverseCsv } from './parseUniverse';
import { bareUseOf, derivedAliases, shortName } from './symbolUsage';

const here = import.meta.dirname;
const root = path.join(here, '..', '..');
const sharedData = path.join(root, '..', 'shared', 'signal-data');

/** nasdaqlisted.txt and otherlisted.txt as NASDAQ Trader serves them: pipe-delimited, with a footer line. */
export const NASDAQ_LISTED =
  'Symbol|Security Name|Market Category|Test Issue|Financial Status|Round Lot Size|ETF|NextShares\n' +
  'AAPL|Apple Inc. - Common Stock|Q|N|N|100|N|N\n' +
  'QQQ|Invesco QQQ Trust, Series 1|G|N|N|100|Y|N\n' +
  'ZAZZT|Tick Pilot Test Stock Class A Common Stock|Q|Y|N|100|N|N\n' +
  'ACAHW|Atlantic Coastal Acquisition Corp. II - Warrant|S|N|N|100|N|N\n' +
  'ACAHU|Atlantic Coastal Acquisition Corp. II - Units|S|N|N|100|N|N\n' +
  'BABA2|not a symbol|Q|N|N|100|N|N\n' +
  'ZLAB|Zai Lab Limited - American Depositary Shares|Q|N|N|100|N|N\n' +
  'File Creation Time: 1124202608:00|||||||\n';
export const OTHER_LISTED =
  'ACT Symbol|Security Name|Exchange|CQS Symbol|ETF|Round Lot Size|Test Issue|NASDAQ Symbol\n' +
  'BRK.B|Berkshire Hathaway Inc. New Common Stock|N|BRK.B|N|100|N|BRK.B\n' +
  'BAC$A|Bank of America Corporation 6.00% Preferred Stock, Series A|N|BACpA|N|100|N|BAC-A\n' +
  'KCAC.U|Kensington Capital Acquisition Corp. VI Units|N|KCAC.U|N|100|N|KCAC=\n' +
  'EPD|Enterprise Products Partners L.P. Common Units|N|EPD|N|100|N|EPD\n' +
  'SPY|SPDR S&P 500 ETF Trust|P|SPY|Y|100|N|SPY\n' +
  'AMX|America Movil, S.A.B. de C.V. American Depositary Shares (each representing the right to receive twenty Series B Shares|N|AMX|N|100|N|AMX\n' +
  'XTST|Test Issue Corp|Z|XTST|N|100|Y|XTST\n' +
  'File Creation Time: 1124202608:00|||||||\n';

describe('parseSymbolDirectory', () => {
  it('reads both NASDAQ Trader files: types and exchanges, test issues, derivative classes and the footer left out', () => {
    expect(mergeListings(parseSymbolDirectory(NASDAQ_LISTED), parseSymbolDirectory(OTHER_LISTED))).toEqual([
      { symbol: 'AAPL', name: 'Apple Inc.', exchange: 'NASDAQ', type: 'stock' },
      { symbol: 'AMX', name: 'America Movil, S.A.B. de C.V.', exchange: 'NYSE', type: 'adr' },
      { symbol: 'BRK.B', name: 'Berkshire Hathaway Inc.', exchange: 'NYSE', type: 'stock' },
      { symbol: 'EPD', name: 'Enterprise Products Partners L.P.', exchange: 'NYSE', type: 'stock' },
      { symbol: 'QQQ', name: 'Invesco QQQ Trust, Series 1', exchange: 'NASDAQ', type: 'etf' },
      { symbol: 'SPY', name: 'SPDR S&P 500 ETF Trust', exchange: 'NYSE Arca', type: 'etf' },
      { symbol: 'ZLAB', name: 'Zai Lab Limited', exchange: 'NASDAQ', type: 'adr' },
    ]);
  });

  it('refuses a file that is not a symbol directory', () => {
    expect(() => parseSymbolDirectory('<html>Service unavailable</html>')).toThrow(/symbol directory/);
  });

  it('derives issuer and short names', () => {
    expect(issuerName('Zymeworks Inc. - Common Stock')).toBe('Zymeworks Inc.');
    expect(issuerName('Coca-Cola Company (The) Common Stock')).toBe('Coca-Cola Company');
    expect(shortName('Palantir Technologies Inc.')).toBe('Palantir Technologies');
    expect(shortName('Snap Inc.')).toBe('Snap');
    expect(shortName('The Walt Disney Company')).toBe('Walt Disney');
  });
});

describe('symbol usage from data', () => {
  it('makes a symbol cashtag-only when it is a letter, an everyday word or written as a word more than as a cashtag', () => {
    expect(bareUseOf('F', 0, { cashtags: 500, bare: 0 })).toBe('no');
    expect(bareUseOf('NOW', 40_000, { cashtags: 50, bare: 10 })).toBe('no');
    expect(bareUseOf('CEO', 0, { cashtags: 1, bare: 40 })).toBe('no');
    expect(bareUseOf('DG', 2, { cashtags: 1, bare: 0 })).toBe('no');
    expect(bareUseOf('GE', 47, { cashtags: 30, bare: 4 })).toBe('upper');
    expect(bareUseOf('ZYME', 0, undefined)).toBe('upper');
    expect(bareUseOf('NVDA', 0, { cashtags: 300, bare: 40 })).toBe('any');
  });

  it('derives aliases only for discussed companies with a distinctive first word', () => {
    const evidence = (cashtags: number, said: Record<string, number> = {}) => ({
      wordCount: (w: string) => said[w] ?? 0,
      postWordCount: () => 0,
      cashtags: () => cashtags,
      nameStarts: () => 1,
    });
    const listing = { symbol: 'ALLO', name: 'Allogene Therapeutics, Inc.', exchange: 'NASDAQ', type: 'stock' as const };
    expect(derivedAliases(listing, evidence(10))).toEqual(['allogene therapeutics', 'allogene']);
    expect(derivedAliases(listing, evidence(0))).toEqual(['allogene therapeutics']);
    expect(derivedAliases({ ...listing, name: 'Howard Hughes Holdings Inc.' }, evidence(10, { howard: 900 }))).toEqual([
      'howard hughes',
    ]);
    expect(derivedAliases({ ...listing, type: 'etf' }, evidence(10))).toEqual([]);
  });
});

describe('formerSymbols.csv', () => {
  const former = parseFormerSymbolsCsv(readFileSync(path.join(here, 'formerSymbols.csv'), 'utf8'));
  const listed = new Set(parseUniverseCsv(readFileSync(path.join(here, 'universe.csv'), 'utf8')).map((u) => u.symbol));

  it('records the known renames, each successor listed or itself a former symbol', () => {
    const bySymbol = new Map(former.map((f) => [f.symbol, f]));
    for (const [from, to] of [
      ['FB', 'META'],
      ['BBRY', 'BB'],
      ['PCLN', 'BKNG'],
      ['ANTM', 'ELV'],
      ['YHOO', 'AABA'],
    ] as const) {
      expect(bySymbol.get(from)?.successor, from).toBe(to);
    }
    expect(bySymbol.get('TWTR')?.successor).toBeNull();
    for (const f of former)
      if (f.successor !== null) expect(listed.has(f.successor) || bySymbol.has(f.successor), f.successor).toBe(true);
  });

  it('rejects malformed rows', () => {
    expect(() => parseFormerSymbolsCsv('symbol,successor,changed_on,note\nfb,META,,x\n')).toThrow(/symbol "fb"/);
    expect(() => parseFormerSymbolsCsv('symbol,successor,changed_on,note\nFB,META,June,x\n')).toThrow(/changed_on/);
  });
});

describe.skipIf(!existsSync(sharedData))('npm run build:universe', () => {
  it('derives exactly the committed universe.csv and everydayWords.ts from the shared data', () => {
    const out = mkdtempSync(path.join(tmpdir(), 'universe-'));
    try {
      execFileSync(
        process.execPath,
        ['--import', 'tsx', path.join(root, 'scripts', 'build-universe.ts'), '--data', sharedData, '--out', out],
        { cwd: root, stdio: 'pipe' },
      );
      for (const file of ['universe.csv', 'everydayWords.ts']) {
        expect(readFileSync(path.join(out, file), 'utf8') === readFileSync(path.join(here, file), 'utf8'), file).toBe(
          true,
        );
      }
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  }, 120_000);
});

describe('readTickerFile', () => {
  it('names the file when it is missing or corrupt, so start-up stops with one line', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'tickers-'));
    try {
      expect(() => loadTickerData(dir)).toThrow(new RegExp(`^Ticker file ${dir}/universe.csv cannot be read: ENOENT$`));
      writeFileSync(
        path.join(dir, 'universe.csv'),
        'symbol,name,exchange,type,aliases,bare\nAAPL,Apple Inc.,NASDAQ,stock\n',
      );
      expect(() => loadTickerData(dir)).toThrow(
        `Ticker file ${dir}/universe.csv is corrupt: universe.csv: row 2 has 4 fields, expected 6`,
      );
      writeFileSync(path.join(dir, 'universe.csv'), 'symbol,name,exchange,type,aliases,bare\n');
      expect(() => loadTickerData(dir)).toThrow(`Ticker file ${dir}/universe.csv is corrupt: it holds no rows`);
      writeFileSync(
        path.join(dir, 'universe.csv'),
        'symbol,name,exchange,type,aliases,bare\nAAPL,Apple Inc.,NASDAQ,stock,apple,any\n',
      );
      writeFileSync(path.join(dir, 'ambiguous.txt'), 'ON\n');
      writeFileSync(path.join(dir, 'formerSymbols.csv'), '\u0000\u0001 not csv');
      expect(() => loadTickerData(dir)).toThrow(new RegExp(`^Ticker file ${dir}/formerSymbols.csv is corrupt`));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
