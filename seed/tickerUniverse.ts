import type { Knex } from 'knex';
import { readTickerFile } from '../core/signal/tickerData';
import { parseFormerSymbolsCsv } from '../core/tickers/formerSymbols';
import { parseSymbolList, parseUniverseCsv } from '../core/tickers/parseUniverse';

/**
 * Loads the committed ticker files. Each start refreshes the universe's descriptive columns (name, exchange, type,
 * aliases, bare use) and adds symbols it lacks; whether a symbol is listed today is the daily refresh's business
 * (refreshTickerUniverse). The ambiguity list and the former symbols are seeded once, then belong to the admin.
 * A missing or corrupt file throws an error that names it.
 */
export async function seedTickerUniverse(db: Knex): Promise<{ tickers: number; ambiguous: number; formerSymbols: number }> {
  const universe = readTickerFile('universe.csv', parseUniverseCsv);
  const ambiguousList = readTickerFile('ambiguous.txt', parseSymbolList);
  const formerList = readTickerFile('formerSymbols.csv', parseFormerSymbolsCsv);
  const rows = universe.map((t) => ({ symbol: t.symbol, name: t.name, exchange: t.exchange, type: t.type, aliases: t.aliases, bare: t.bare }));
  for (let i = 0; i < rows.length; i += 1_000) {
    await db('tickers').insert(rows.slice(i, i + 1_000)).onConflict('symbol').merge(['name', 'exchange', 'type', 'aliases', 'bare']);
  }
  const seedOnce = async (table: string, insert: () => Promise<unknown>, count: number) => {
    const [{ n }] = (await db(table).count({ n: '*' })) as [{ n: number | string }];
    if (Number(n) > 0) return 0;
    await insert();
    return count;
  };
  const ambiguous = await seedOnce('ambiguous_symbols', () => db('ambiguous_symbols').insert(ambiguousList.map((symbol) => ({ symbol }))).onConflict('symbol').ignore(), ambiguousList.length);
  const formerSymbols = await seedOnce(
    'former_symbols',
    () => db('former_symbols').insert(formerList.map((f) => ({ symbol: f.symbol, successor: f.successor, changed_on: f.changedOn, note: f.note }))).onConflict('symbol').ignore(),
    formerList.length,
  );
  return { tickers: rows.length, ambiguous, formerSymbols };
}
