import { stringify } from 'csv-stringify/sync';
import type { Context } from 'koa';
import type { z } from 'zod';
import { csvColumns } from '../../core/contracts/publicApi';

/** A list answer asked for as CSV: `?format=csv`, else an Accept header that prefers text/csv to JSON. */
export function wantsCsv(ctx: Context, format: 'json' | 'csv' | undefined): boolean {
  if (format) return format === 'csv';
  return ctx.accepts('application/json', 'text/csv') === 'text/csv';
}

const valueAt = (row: unknown, column: string): unknown =>
  column
    .split('.')
    .reduce<unknown>((v, key) => (v === null || v === undefined ? v : (v as Record<string, unknown>)[key]), row);

/**
 * Answers rows as CSV (RFC 4180, header row first, csv-stringify): one line per item, nulls empty, booleans
 * true/false. Post texts are written by strangers, so a text that starts like a spreadsheet formula (=, +, -, @) gets a
 * leading ' (csv-stringify's escape_formulas; numbers are left alone) and a spreadsheet shows it instead of running it.
 */
export function answerCsv(ctx: Context, schema: z.ZodObject, rows: readonly unknown[], filename: string): void {
  const columns = csvColumns(schema);
  ctx.type = 'text/csv; charset=utf-8';
  ctx.set('Content-Disposition', `inline; filename="${filename}.csv"`);
  ctx.body = stringify(
    rows.map((row) => columns.map((c) => valueAt(row, c))),
    { header: true, columns, escape_formulas: true, cast: { boolean: (v) => (v ? 'true' : 'false') } },
  );
}
