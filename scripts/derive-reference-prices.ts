/**
 * Derives domain/prices/referencePrices.csv, the simulated price source's starting points, from the exchange listings
 * in ../shared/signal-data/universe (Nasdaq, NYSE and NYSE American screener files: `lastsale` per symbol, as of August
 * 2026; the US ETF list, which carries no price). Only this compact table is committed, never the listings.
 *
 *   npx tsx scripts/derive-reference-prices.ts [universe folder]
 *
 * Output, one line per symbol, sorted: `symbol,price,class`.
 * - symbol: as listed, with the share-class slash written as a dot (BRK/B → BRK.B), the product's spelling.
 * - price: the last sale in dollars; empty when the listing has none (every ETF): such a symbol has no reference price,
 *   so the simulated feed shows no price for it rather than an invented one.
 * - class: what sets the simulated volatility: `large` (market cap ≥ $10 bn), `mid` (≥ $2 bn), `small` (the rest, or no
 *   market cap), `etf`, or `leveraged` (an ETF whose name says leveraged, inverse, 2x/3x, Ultra, Bull or Bear).
 * The first listing that names a symbol wins (stocks before ETFs), so the output is the same on every run.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { parseCsvRecords } from '../core/tickers/parseUniverse';
import type { AssetClass } from '../domain/prices/referencePrices';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const universe = path.resolve(process.argv[2] ?? path.join(root, '..', 'shared', 'signal-data', 'universe'));
const output = path.join(root, 'domain', 'prices', 'referencePrices.csv');

const listingSchema = z.array(z.object({ symbol: z.string().min(1), lastsale: z.string(), marketCap: z.string() }));

const spelling = (symbol: string) => symbol.trim().toUpperCase().replace('/', '.');
const dollars = (text: string) => {
  const n = Number(text.replace(/[$,\s]/g, ''));
  return Number.isFinite(n) && n > 0 ? n : null;
};
const LEVERAGED = /\b(leveraged|inverse|ultra\w*|[23]x|-[123]x|bull|bear)\b/i;

function stockClass(marketCap: number | null): AssetClass {
  if (marketCap !== null && marketCap >= 10e9) return 'large';
  if (marketCap !== null && marketCap >= 2e9) return 'mid';
  return 'small';
}

const rows = new Map<string, { price: number | null; assetClass: AssetClass }>();
for (const exchange of ['nasdaq', 'nyse', 'amex']) {
  const listing = listingSchema.parse(
    JSON.parse(fs.readFileSync(path.join(universe, `${exchange}_full_tickers.json`), 'utf8')),
  );
  for (const r of listing) {
    const symbol = spelling(r.symbol);
    if (!rows.has(symbol))
      rows.set(symbol, { price: dollars(r.lastsale), assetClass: stockClass(dollars(r.marketCap)) });
  }
}
// us_etfs.csv: symbol,name,listing_exchange with a header line.
for (const [rawSymbol, name] of parseCsvRecords(fs.readFileSync(path.join(universe, 'us_etfs.csv'), 'utf8')).slice(1)) {
  if (!rawSymbol || name === undefined) continue;
  const symbol = spelling(rawSymbol);
  if (!rows.has(symbol)) rows.set(symbol, { price: null, assetClass: LEVERAGED.test(name) ? 'leveraged' : 'etf' });
}

const lines = [...rows.entries()]
  .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
  .map(
    ([symbol, r]) =>
      `${symbol},${r.price === null ? '' : String(Math.round(r.price * 10_000) / 10_000)},${r.assetClass}`,
  );
fs.writeFileSync(output, `symbol,price,class\n${lines.join('\n')}\n`);
const priced = [...rows.values()].filter((r) => r.price !== null).length;
console.log(
  `${path.relative(root, output)}: ${rows.size.toLocaleString('en-US')} symbols, ${priced.toLocaleString('en-US')} with a listed price`,
);
