import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseFormerSymbolsCsv, type FormerSymbolEntry } from '../../core/tickers/formerSymbols';
import { parseSymbolList, parseUniverseCsv, type UniverseEntry } from '../../core/tickers/parseUniverse';

const TICKERS_DIR = fileURLToPath(new URL('../../core/tickers/', import.meta.url));

/** The committed ticker files: what ingestion starts from, and what `npm run analyse` and the benchmarks read. */
export const TICKER_FILES = ['universe.csv', 'ambiguous.txt', 'formerSymbols.csv'] as const;

/**
 * Reads one committed ticker file and parses it; a missing or malformed file throws an error whose message names the
 * file, so start-up can stop with that one line.
 */
export function readTickerFile<T>(
  file: (typeof TICKER_FILES)[number],
  parse: (text: string) => T,
  dir: string = TICKERS_DIR,
): T {
  const path = `${dir.replace(/\/?$/, '/')}${file}`;
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (err) {
    throw new Error(`Ticker file ${path} cannot be read: ${(err as NodeJS.ErrnoException).code ?? String(err)}`);
  }
  try {
    const parsed = parse(text);
    if (Array.isArray(parsed) && parsed.length === 0) throw new Error('it holds no rows');
    return parsed;
  } catch (err) {
    throw new Error(`Ticker file ${path} is corrupt: ${(err as Error).message}`);
  }
}

/** The shipped ticker universe, ambiguity list and former symbols (core/tickers/). */
export function loadTickerData(dir: string = TICKERS_DIR): {
  universe: UniverseEntry[];
  ambiguous: string[];
  formerSymbols: FormerSymbolEntry[];
} {
  return {
    universe: readTickerFile('universe.csv', parseUniverseCsv, dir),
    ambiguous: readTickerFile('ambiguous.txt', parseSymbolList, dir),
    formerSymbols: readTickerFile('formerSymbols.csv', parseFormerSymbolsCsv, dir),
  };
}
