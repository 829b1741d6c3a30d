import { readTickerFile } from '../domain/signal/tickerData';
import { parseFormerSymbolsCsv } from '../core/tickers/formerSymbols';
import { parseSymbolList, parseUniverseCsv } from '../core/tickers/parseUniverse';
import type { Database } from '../platform/database';
import { seedSymbolListsOnce, upsertTickerDescriptions } from '../warehouse/postgres/tickers';

/**
 * Loads the committed ticker files. Each start refreshes the universe's descriptive columns (name, exchange, type,
 * aliases, bare use) and adds symbols it lacks; whether a symbol is listed today is the daily refresh's business
 * (refreshTickerUniverse). The ambiguity list and the former symbols are seeded once, then belong to the admin.
 * A missing or corrupt file throws an error that names it.
 */
export async function seedTickerUniverse(
  db: Database,
): Promise<{ tickers: number; ambiguous: number; formerSymbols: number }> {
  const universe = readTickerFile('universe.csv', parseUniverseCsv);
  const ambiguousList = readTickerFile('ambiguous.txt', parseSymbolList);
  const formerList = readTickerFile('formerSymbols.csv', parseFormerSymbolsCsv);
  const rows = universe.map((t) => ({
    symbol: t.symbol,
    name: t.name,
    exchange: t.exchange,
    type: t.type,
    aliases: t.aliases,
    bare: t.bare,
  }));
  await upsertTickerDescriptions(db, rows);
  return { tickers: rows.length, ...(await seedSymbolListsOnce(db, ambiguousList, formerList)) };
}
