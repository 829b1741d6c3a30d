import fs from 'node:fs';

/** What sets a simulated symbol's volatility (see scripts/derive-reference-prices.ts for how each is assigned). */
export const assetClasses = ['large', 'mid', 'small', 'etf', 'leveraged'] as const;
export type AssetClass = (typeof assetClasses)[number];

/**
 * Annualised volatility of each class, typical of recent years: mega/large caps ~25%, mid caps ~35%, small caps and
 * penny stocks ~60%, broad ETFs ~18%, leveraged and inverse ETFs ~55% (a 3× fund of an 18% index).
 */
export const ANNUAL_VOLATILITY: Record<AssetClass, number> = {
  large: 0.25,
  mid: 0.35,
  small: 0.6,
  etf: 0.18,
  leveraged: 0.55,
};

export interface ReferencePrice {
  /** The dated last sale the simulated walk starts from; null when no dated source prices the symbol (then it has no price). */
  price: number | null;
  assetClass: AssetClass;
}

/** Share classes are written BRK.B, BRK-B or BRK/B in different places: one key for all of them. */
const keyOf = (symbol: string) => symbol.toUpperCase().replace(/[./-]/g, '.');

export interface ReferencePrices {
  /** The reference price of a symbol (price null when the table has none; class small when the table does not know it). */
  of(symbol: string): ReferencePrice;
  /** Symbols in the table. */
  readonly size: number;
}

/** Parses the committed `symbol,price,class` table (referencePrices.csv). */
export function parseReferencePrices(text: string): ReferencePrices {
  const table = new Map<string, ReferencePrice>();
  for (const line of text.split('\n').slice(1)) {
    const [symbol, price, assetClass] = line.trim().split(',');
    if (!symbol || !(assetClasses as readonly string[]).includes(assetClass ?? '')) continue;
    const n = price ? Number(price) : NaN;
    table.set(keyOf(symbol), { price: Number.isFinite(n) && n > 0 ? n : null, assetClass: assetClass as AssetClass });
  }
  return {
    size: table.size,
    of: (symbol) => table.get(keyOf(symbol)) ?? { price: null, assetClass: 'small' },
  };
}

/** How many of `symbols` have no reference price: what the simulated feed shows without a price. */
export function countWithoutReference(reference: ReferencePrices, symbols: readonly string[]): number {
  return symbols.reduce((n, s) => (reference.of(s).price === null ? n + 1 : n), 0);
}

/** The committed table, read once per process. */
export function loadReferencePrices(): ReferencePrices {
  return parseReferencePrices(fs.readFileSync(new URL('./referencePrices.csv', import.meta.url), 'utf8'));
}
