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

/** Reads a CSV with exactly `columns` as its header; blank lines are skipped. */
export function parseCsvTable<C extends string>(
  text: string,
  columns: readonly C[],
  file: string,
): Array<Record<C, string>> {
  const records = parseCsvRecords(text).filter((r) => !(r.length === 1 && r[0]!.trim() === ''));
  const header = records.shift();
  if (!header || header.map((h) => h.trim()).join(',') !== columns.join(',')) {
    throw new Error(`${file}: expected header "${columns.join(',')}"`);
  }
  return records.map((r, idx) => {
    if (r.length !== columns.length)
      throw new Error(`${file}: row ${idx + 2} has ${r.length} fields, expected ${columns.length}`);
    return Object.fromEntries(columns.map((c, i) => [c, r[i]!.trim()])) as Record<C, string>;
  });
}
