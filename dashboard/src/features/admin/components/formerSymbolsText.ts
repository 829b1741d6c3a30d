import type { FormerSymbol } from '@core/contracts/formerSymbols';

/**
 * The former-symbols editor's text: one line per symbol, `SYMBOL, SUCCESSOR, YYYY-MM-DD, note`, with `-` (or nothing)
 * for a delisting without a successor and the date and note optional. The server validates what this produces.
 */
export function formerSymbolsToText(renames: readonly FormerSymbol[]): string {
  return renames
    .map((r) => [r.symbol, r.successor ?? '-', r.changedOn ?? '', r.note].join(', ').replace(/(, )+$/, ''))
    .join('\n');
}

export function textToFormerSymbols(text: string): FormerSymbol[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .map((line) => {
      const [symbol = '', successor = '', changedOn = '', ...note] = line.split(',').map((part) => part.trim());
      return {
        symbol,
        successor: successor === '' || successor === '-' ? null : successor,
        changedOn: changedOn === '' ? null : changedOn,
        note: note.join(', '),
      };
    });
}
