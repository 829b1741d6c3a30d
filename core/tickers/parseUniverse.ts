/** One row of core/tickers/universe.csv. */
export interface UniverseEntry {
  symbol: string;
  name: string;
  exchange: string;
  /** Lower-case alternative names (the CSV stores them `|`-separated); empty when none. */
  aliases: string[];
}

export const UNIVERSE_COLUMNS = ['symbol', 'name', 'exchange', 'aliases'] as const;

/**
 * Splits RFC 4180 CSV text into records of fields: fields may be wrapped in double quotes, in which
 * case they may contain commas, line breaks and doubled quotes (`""` → `"`). Accepts CRLF or LF
 * line endings and an optional trailing line break; a leading UTF-8 BOM is dropped.
 */
export function parseCsvRecords(text: string): string[][] {
  const src = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let inQuotes = false;
  let fieldStarted = false; // distinguishes an empty last line from a record with one empty field
  let i = 0;

  const endField = () => {
    record.push(field);
    field = '';
    fieldStarted = false;
  };
  const endRecord = () => {
    endField();
    records.push(record);
    record = [];
  };

  while (i < src.length) {
    const ch = src[i]!;
    if (inQuotes) {
      if (ch === '"') {
        if (src[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        inQuotes = false;
        i += 1;
        continue;
      }
      field += ch;
      i += 1;
      continue;
    }
    if (ch === '"') {
      if (field !== '') throw new Error(`CSV: unexpected quote inside unquoted field at offset ${i}`);
      inQuotes = true;
      fieldStarted = true;
      i += 1;
    } else if (ch === ',') {
      endField();
      fieldStarted = true; // the next field exists, even if empty
      i += 1;
    } else if (ch === '\r' || ch === '\n') {
      endRecord();
      i += ch === '\r' && src[i + 1] === '\n' ? 2 : 1;
    } else {
      field += ch;
      fieldStarted = true;
      i += 1;
    }
  }
  if (inQuotes) throw new Error('CSV: unterminated quoted field');
  if (fieldStarted || field !== '' || record.length > 0) endRecord();
  return records;
}

/** Parses universe.csv (header `symbol,name,exchange,aliases`); blank lines are skipped. */
export function parseUniverseCsv(text: string): UniverseEntry[] {
  const records = parseCsvRecords(text).filter((r) => !(r.length === 1 && r[0]!.trim() === ''));
  const header = records.shift();
  if (!header || header.map((h) => h.trim()).join(',') !== UNIVERSE_COLUMNS.join(',')) {
    throw new Error(`universe.csv: expected header "${UNIVERSE_COLUMNS.join(',')}"`);
  }
  return records.map((r, idx) => {
    if (r.length !== UNIVERSE_COLUMNS.length) {
      throw new Error(`universe.csv: row ${idx + 2} has ${r.length} fields, expected ${UNIVERSE_COLUMNS.length}`);
    }
    const [symbol, name, exchange, aliases] = r as [string, string, string, string];
    return {
      symbol: symbol.trim(),
      name: name.trim(),
      exchange: exchange.trim(),
      aliases: aliases
        .split('|')
        .map((a) => a.trim())
        .filter((a) => a !== ''),
    };
  });
}

/** Parses a one-symbol-per-line list (e.g. ambiguous.txt), ignoring blank lines and `#` comment lines. */
export function parseSymbolList(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
}
