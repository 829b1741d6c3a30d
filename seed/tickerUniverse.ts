import fs from 'node:fs';
import path from 'node:path';
import type { Knex } from 'knex';
import { parseSymbolList, parseUniverseCsv } from '../core/tickers/parseUniverse';

const tickersDir = path.join(import.meta.dirname, '..', 'core', 'tickers');

/** Loads the shipped ticker universe and ambiguity list. The universe is refreshed each start; the ambiguity list is seeded once, then belongs to the admin. */
export async function seedTickerUniverse(db: Knex): Promise<{ tickers: number; ambiguous: number }> {
  const universe = parseUniverseCsv(fs.readFileSync(path.join(tickersDir, 'universe.csv'), 'utf8'));
  const rows = universe.map((t) => ({ symbol: t.symbol, name: t.name, exchange: t.exchange, aliases: t.aliases }));
  for (let i = 0; i < rows.length; i += 500) {
    await db('tickers').insert(rows.slice(i, i + 500)).onConflict('symbol').merge();
  }
  const [{ count }] = (await db('ambiguous_symbols').count({ count: '*' })) as [{ count: number }];
  let ambiguous = 0;
  if (Number(count) === 0) {
    const symbols = parseSymbolList(fs.readFileSync(path.join(tickersDir, 'ambiguous.txt'), 'utf8'));
    await db('ambiguous_symbols').insert(symbols.map((symbol) => ({ symbol }))).onConflict('symbol').ignore();
    ambiguous = symbols.length;
  }
  return { tickers: rows.length, ambiguous };
}
