import { z } from 'zod';

/** The admin's ambiguity list: symbols that count only as $cashtags. Trimmed, upper-cased, de-duplicated. */
export const ambiguousSymbolsSchema = z.object({
  symbols: z
    .array(
      z
        .string()
        .trim()
        .toUpperCase()
        .regex(/^[A-Z][A-Z0-9.]{0,9}$/, 'Each symbol is 1 to 10 letters, digits or dots, starting with a letter'),
    )
    .max(5000, 'At most 5000 symbols')
    .transform((symbols) => [...new Set(symbols)].sort()),
});
export type AmbiguousSymbols = z.infer<typeof ambiguousSymbolsSchema>;

export const ambiguousSymbolsResponseSchema = z.object({ symbols: z.array(z.string()) });
