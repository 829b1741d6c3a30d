import { parseCsvTable } from './csv';

/** One row of core/tickers/formerSymbols.csv and of the Postgres `former_symbols` table the admin edits. */
export interface FormerSymbolEntry {
  symbol: string;
  /** The symbol the company trades under now; null when it was delisted without one. */
  successor: string | null;
  /** ISO date of the change, when known. */
  changedOn: string | null;
  note: string;
}

export const FORMER_SYMBOL_COLUMNS = ['symbol', 'successor', 'changed_on', 'note'] as const;
const SYMBOL_RE = /^[A-Z]{1,5}(\.[A-Z])?$/;

/** Parses formerSymbols.csv (header `symbol,successor,changed_on,note`); a malformed symbol or date is an error. */
export function parseFormerSymbolsCsv(text: string): FormerSymbolEntry[] {
  return parseCsvTable(text, FORMER_SYMBOL_COLUMNS, 'formerSymbols.csv').map((r, idx) => {
    const where = `formerSymbols.csv: row ${idx + 2}`;
    if (!SYMBOL_RE.test(r.symbol)) throw new Error(`${where} has symbol "${r.symbol}"`);
    if (r.successor !== '' && !SYMBOL_RE.test(r.successor)) throw new Error(`${where} has successor "${r.successor}"`);
    if (r.changed_on !== '' && !/^\d{4}-\d{2}-\d{2}$/.test(r.changed_on))
      throw new Error(`${where} has changed_on "${r.changed_on}"`);
    return { symbol: r.symbol, successor: r.successor || null, changedOn: r.changed_on || null, note: r.note };
  });
}
