import { parseCsvTable } from './csv';
import { securityTypes, type SecurityType } from './listings';
import { bareUses, type BareUse } from './symbolUsage';

/** One row of core/tickers/universe.csv (written by `npm run build:universe`). */
export interface UniverseEntry {
  symbol: string;
  name: string;
  exchange: string;
  type: SecurityType;
  /** Lower-case alternative names (the CSV stores them `|`-separated); empty when none. */
  aliases: string[];
  bare: BareUse;
}

export { parseCsvRecords } from './csv';

export const UNIVERSE_COLUMNS = ['symbol', 'name', 'exchange', 'type', 'aliases', 'bare'] as const;

export const splitAliases = (aliases: string): string[] =>
  aliases
    .split('|')
    .map((a) => a.trim())
    .filter((a) => a !== '');

/** Parses universe.csv (header `symbol,name,exchange,type,aliases,bare`); an unknown type or bare use is an error. */
export function parseUniverseCsv(text: string): UniverseEntry[] {
  return parseCsvTable(text, UNIVERSE_COLUMNS, 'universe.csv').map((r, idx) => {
    const type = r.type as SecurityType;
    const bare = r.bare as BareUse;
    if (!securityTypes.includes(type))
      throw new Error(`universe.csv: row ${idx + 2} has type "${r.type}", expected one of ${securityTypes.join(', ')}`);
    if (!bareUses.includes(bare))
      throw new Error(`universe.csv: row ${idx + 2} has bare "${r.bare}", expected one of ${bareUses.join(', ')}`);
    if (!/^[A-Z]{1,5}(\.[A-Z])?$/.test(r.symbol))
      throw new Error(`universe.csv: row ${idx + 2} has symbol "${r.symbol}"`);
    return { symbol: r.symbol, name: r.name, exchange: r.exchange, type, aliases: splitAliases(r.aliases), bare };
  });
}

/** Parses a one-symbol-per-line list (e.g. ambiguous.txt), ignoring blank lines and `#` comment lines. */
export function parseSymbolList(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
}
