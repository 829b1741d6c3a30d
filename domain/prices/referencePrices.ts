import fs from 'node:fs';
import { hashString, seededRandom } from '../../core/random/seededRandom';

/** What sets a simulated symbol's volatility (see scripts/derive-reference-prices.ts for how each is assigned). */
export const assetClasses = ['large', 'mid', 'small', 'etf', 'leveraged'] as const;
export type AssetClass = (typeof assetClasses)[number];

/**
 * Annualised volatility of each class, typical of recent years: mega/large caps ~25%, mid caps ~35%, small caps and
 * penny stocks ~60%, broad ETFs ~18%, leveraged and inverse ETFs ~55% (a 3× fund of an 18% index).
 */
export const ANNUAL_VOLATILITY: Record<AssetClass, number> = { large: 0.25, mid: 0.35, small: 0.6, etf: 0.18, leveraged: 0.55 };

/** Where a price without a listed last sale starts: a seeded, log-uniform draw in a band typical of the class. */
const FALLBACK_BAND: Record<AssetClass, [number, number]> = { large: [40, 400], mid: [15, 150], small: [2, 40], etf: [20, 150], leveraged: [8, 80] };

export interface ReferencePrice {
  price: number;
  assetClass: AssetClass;
  /** False when the symbol had no listed price and `price` is the seeded fallback. */
  listed: boolean;
}

/** Share classes are written BRK.B, BRK-B or BRK/B in different places: one key for all of them. */
const keyOf = (symbol: string) => symbol.toUpperCase().replace(/[./-]/g, '.');

export interface ReferencePrices {
  /** The reference price of a symbol; a seeded fallback (class small, unless the table knows it) when it has none. */
  of(symbol: string): ReferencePrice;
  /** Symbols in the table. */
  readonly size: number;
}

/** Parses the committed `symbol,price,class` table (referencePrices.csv). */
export function parseReferencePrices(text: string, seed: number): ReferencePrices {
  const table = new Map<string, { price: number | null; assetClass: AssetClass }>();
  for (const line of text.split('\n').slice(1)) {
    const [symbol, price, assetClass] = line.trim().split(',');
    if (!symbol || !(assetClasses as readonly string[]).includes(assetClass ?? '')) continue;
    table.set(keyOf(symbol), { price: price ? Number(price) : null, assetClass: assetClass as AssetClass });
  }
  return {
    size: table.size,
    of(symbol) {
      const known = table.get(keyOf(symbol));
      const assetClass = known?.assetClass ?? 'small';
      if (known?.price) return { price: known.price, assetClass, listed: true };
      const [low, high] = FALLBACK_BAND[assetClass];
      const u = seededRandom(hashString(`${seed}:reference:${keyOf(symbol)}`))();
      return { price: Math.round(low * (high / low) ** u * 100) / 100, assetClass, listed: false };
    },
  };
}

/** The committed table, read once per process. */
export function loadReferencePrices(seed: number): ReferencePrices {
  return parseReferencePrices(fs.readFileSync(new URL('./referencePrices.csv', import.meta.url), 'utf8'), seed);
}
