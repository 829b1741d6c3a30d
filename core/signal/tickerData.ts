import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseSymbolList, parseUniverseCsv } from '../tickers/parseUniverse';
import type { TickerExtractorDeps } from './tickerExtractor';

const TICKERS_DIR = fileURLToPath(new URL('../tickers/', import.meta.url));

/** The shipped ticker universe and ambiguity list (core/tickers/universe.csv, ambiguous.txt). */
export function loadTickerData(dir: string = TICKERS_DIR): TickerExtractorDeps {
  const universe = parseUniverseCsv(readFileSync(`${dir.replace(/\/?$/, '/')}universe.csv`, 'utf8'));
  const ambiguous = parseSymbolList(readFileSync(`${dir.replace(/\/?$/, '/')}ambiguous.txt`, 'utf8'));
  return { universe, ambiguous };
}
