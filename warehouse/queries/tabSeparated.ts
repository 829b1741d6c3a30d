import { Readable } from 'node:stream';

/** ClickHouse TabSeparated escaping: backslash, tab and newline are escaped; booleans are 1/0. */
function field(value: unknown): string {
  if (typeof value === 'boolean') return value ? '1' : '0';
  const text = String(value);
  return /[\\\t\n\r]/.test(text) ? text.replace(/[\\\t\n\r]/g, (c) => (c === '\t' ? '\\t' : c === '\n' ? '\\n' : c === '\r' ? '\\r' : '\\\\')) : text;
}

/** Rows as one TabSeparated byte stream in the given column order: the cheapest insert format to build and to parse. */
export function tabSeparatedStream<Row>(rows: readonly Row[], columns: ReadonlyArray<keyof Row>): Readable {
  const lines = rows.map((row) => columns.map((c) => field(row[c])).join('\t'));
  return Readable.from([Buffer.from(lines.join('\n') + '\n')], { objectMode: false });
}
