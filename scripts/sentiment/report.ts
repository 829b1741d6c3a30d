import type { Scores } from '../../domain/signal/labelScores';

/** Macro-F1 / accuracy, three decimals each; a dash when there is nothing to score. */
export const formatScores = (s: Scores | undefined): string =>
  s ? `${s.macroF1.toFixed(3)} / ${s.accuracy.toFixed(3)}` : '—';

/** Prints rows as aligned columns: the first left-aligned, the others right-aligned. */
export function printTable(table: readonly (readonly string[])[]): void {
  const widths = table[0]!.map((_, c) => Math.max(...table.map((row) => row[c]!.length)));
  for (const row of table)
    console.log(
      '  ' + row.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]!) : cell.padStart(widths[c]!))).join('  '),
    );
}

/** The mean of several sets' figures, a missing one counting as 0; undefined for no sets. */
export function meanScores(list: readonly (Scores | undefined)[]): Scores | undefined {
  if (list.length === 0) return undefined;
  return {
    macroF1: list.reduce((sum, s) => sum + (s?.macroF1 ?? 0), 0) / list.length,
    accuracy: list.reduce((sum, s) => sum + (s?.accuracy ?? 0), 0) / list.length,
  };
}
