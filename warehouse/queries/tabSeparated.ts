import { Readable } from 'node:stream';

const SPECIAL = /[\\\t\n\r]/;
const ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };

/** ClickHouse TabSeparated escaping: backslash, tab and newline are escaped; booleans are 1/0. */
function field(value: unknown): string {
  if (typeof value === 'number') return String(value);
  if (typeof value === 'boolean') return value ? '1' : '0';
  const text = String(value);
  return SPECIAL.test(text) ? text.replace(/[\\\t\n\r]/g, (c) => ESCAPES[c]!) : text;
}

/**
 * Rows as one TabSeparated byte stream in the given column order: the cheapest insert format to build and to parse.
 * One pass and one string (no per-row arrays): serialising is a large share of an insert's cost.
 */
export function tabSeparatedStream<Row>(rows: readonly Row[], columns: ReadonlyArray<keyof Row>): Readable {
  const last = columns.length - 1;
  let text = '';
  for (const row of rows) {
    for (let c = 0; c < last; c++) text += field(row[columns[c]!]) + '\t';
    text += field(row[columns[last]!]) + '\n';
  }
  return Readable.from([Buffer.from(text)], { objectMode: false });
}
