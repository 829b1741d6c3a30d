import { z } from 'zod';

const symbol = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{1,5}(\.[A-Z])?$/, 'A symbol is 1 to 5 letters, with an optional class letter (BRK.B)');

/** One former symbol: the symbol a company traded under, the one it trades under now (null when delisted), when, and why. */
export const formerSymbolSchema = z.object({
  symbol,
  successor: symbol.nullable(),
  changedOn: z.iso
    .date('A date is YYYY-MM-DD')
    .refine((d) => d >= '1900-01-01' && d <= '2100-12-31', 'A date is between 1900 and 2100')
    .nullable()
    .default(null),
  note: z.string().trim().max(100, 'A note is at most 100 characters').default(''),
});
export type FormerSymbol = z.infer<typeof formerSymbolSchema>;

/**
 * The admin's whole list of former symbols, saved at once; each symbol at most once, never its own successor. The
 * caps keep the largest valid list inside the 100 kB body limit, so an over-long list is a 400 naming the rule, not a 413.
 */
export const formerSymbolsSchema = z.object({
  renames: z
    .array(
      formerSymbolSchema.refine((r) => r.successor !== r.symbol, {
        message: 'A symbol cannot be its own successor',
        path: ['successor'],
      }),
    )
    .max(500, 'At most 500 former symbols')
    .superRefine((renames, ctx) => {
      const seen = new Set<string>();
      renames.forEach((r, i) => {
        if (seen.has(r.symbol))
          ctx.addIssue({ code: 'custom', message: `${r.symbol} is listed twice`, path: [i, 'symbol'] });
        seen.add(r.symbol);
      });
    }),
});

export const formerSymbolsResponseSchema = z.object({ renames: z.array(formerSymbolSchema) });
export type FormerSymbols = z.infer<typeof formerSymbolsResponseSchema>;

/** GET /api/admin/ticker-changes: what the daily universe refreshes changed, newest first. */
export const tickerChangesQuerySchema = z.object({
  limit: z.coerce
    .number()
    .int('limit must be a whole number')
    .min(1, 'limit must be 1 to 500')
    .max(500, 'limit must be 1 to 500')
    .default(100),
});

export const tickerChangesResponseSchema = z.object({
  changes: z.array(
    z.object({
      kind: z.enum(['added', 'delisted', 'renamed']),
      symbol: z.string(),
      newSymbol: z.string().nullable(),
      name: z.string(),
      source: z.enum(['nasdaqtrader', 'committed']),
      detectedAt: z.string(),
    }),
  ),
});
export type TickerChanges = z.infer<typeof tickerChangesResponseSchema>;
