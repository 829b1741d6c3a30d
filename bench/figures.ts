/**
 * Every benchmark figure as data: a part's report prints its human-readable lines and hands back its figures; with
 * --json, bench/run.ts also prints each figure as one JSON object per line, so runs can be compared.
 */
export interface Figure {
  /** The bench part: signal, ingestion, dashboard, landing, alerts, scale. */
  part: string;
  /** What was measured, e.g. "stock list 7days uncached at 10M rows". */
  figure: string;
  value: number;
  unit: string;
  /** The target as written ("< 100", ">= 200000"), or null when the figure is only printed. */
  target: string | null;
  /** Whether the value meets the target; null when there is none. */
  met: boolean | null;
}

/** A figure with a target `< limit`, `<= limit`, `> limit` or `>= limit` (or none), `met` worked out. */
export function figure(
  part: string,
  name: string,
  value: number,
  unit: string,
  target?: `${'<' | '<=' | '>' | '>='} ${number}`,
): Figure {
  value = Math.round(value * 100) / 100;
  if (!target) return { part, figure: name, value, unit, target: null, met: null };
  const [op, raw] = target.split(' ') as ['<' | '<=' | '>' | '>=', string];
  const limit = Number(raw);
  const met = op === '<' ? value < limit : op === '<=' ? value <= limit : op === '>' ? value > limit : value >= limit;
  return { part, figure: name, value, unit, target, met };
}

/** One JSON object per line. */
export function printFigures(figures: readonly Figure[]): void {
  for (const f of figures) console.log(JSON.stringify(f));
}
