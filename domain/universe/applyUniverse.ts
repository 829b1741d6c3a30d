import type { Database } from '../../platform/database';
import {
  insertTickerUniverseChanges,
  lockTickers,
  markTickersDelisted,
  recordDetectedRenames,
  tickerListings,
  upsertListedTickers,
} from '../../warehouse/postgres/tickers';
import type { Listing } from '../../core/tickers/listings';
import type { UniverseEntry } from '../../core/tickers/parseUniverse';
import { EVERYDAY_WORDS } from '../../core/tickers/everydayWords';
import { bareUseOf, EVERYDAY_WORD_COUNT, shortName } from '../../core/tickers/symbolUsage';

export type UniverseSource = 'nasdaqtrader' | 'committed';

export interface UniverseChanges {
  listed: number;
  added: string[];
  delisted: string[];
  renamed: Array<{ from: string; to: string }>;
}

/**
 * Today's listings as universe rows. A symbol the committed table knows keeps its curated name, aliases and bare use; a
 * new listing gets its directory name, no alias (until `npm run build:universe` derives them), and a bare use from word
 * frequency alone: no post evidence is at hand at run time, so a short or everyday-word symbol counts only as a cashtag.
 */
export function universeRows(listings: readonly Listing[], committed: readonly UniverseEntry[]): UniverseEntry[] {
  const known = new Map(committed.map((c) => [c.symbol, c]));
  return listings.map((l) => {
    const c = known.get(l.symbol);
    if (c) return { ...c, exchange: l.exchange, type: l.type };
    const wordCount = EVERYDAY_WORDS.has(l.symbol.toLowerCase()) ? EVERYDAY_WORD_COUNT : 0;
    return {
      symbol: l.symbol,
      name: l.name.slice(0, 255),
      exchange: l.exchange,
      type: l.type,
      aliases: [],
      bare: bareUseOf(l.symbol, wordCount, undefined),
    };
  });
}

const nameKey = (name: string) => shortName(name).toLowerCase();

/**
 * Makes `rows` the listed universe in one transaction: new and re-listed symbols are added, listed symbols missing from
 * `rows` are marked delisted (kept, so old mentions keep their names), and a delisting paired with an addition under the
 * same company name is a symbol change, recorded in `former_symbols` unless the admin already has a row for it. Every
 * change is a `ticker_universe_changes` row. Running it again with the same rows changes nothing.
 */
export async function applyUniverse(
  db: Database,
  rows: readonly UniverseEntry[],
  source: UniverseSource,
): Promise<UniverseChanges> {
  return await db.transaction(async (trx) => {
    await lockTickers(trx);
    const current = await tickerListings(trx);
    const listedNow = new Map(current.filter((c) => c.listed).map((c) => [c.symbol, c.name]));
    const wanted = new Set(rows.map((r) => r.symbol));
    const added = rows.filter((r) => !listedNow.has(r.symbol));
    const delisted = [...listedNow.keys()].filter((s) => !wanted.has(s)).sort();

    const goneByName = new Map<string, string | null>();
    for (const symbol of delisted) {
      const key = nameKey(listedNow.get(symbol)!);
      goneByName.set(key, goneByName.has(key) ? null : symbol);
    }
    const renamed: UniverseChanges['renamed'] = [];
    for (const r of added) {
      const from = goneByName.get(nameKey(r.name));
      if (from) renamed.push({ from, to: r.symbol });
    }

    await upsertListedTickers(
      trx,
      rows.map((r) => ({
        symbol: r.symbol,
        name: r.name,
        exchange: r.exchange,
        type: r.type,
        aliases: r.aliases,
        bare: r.bare,
      })),
    );
    await markTickersDelisted(trx, delisted);
    await recordDetectedRenames(trx, renamed, `symbol change detected from ${source} listings`);
    const renamedFrom = new Set(renamed.map((r) => r.from));
    const renamedTo = new Set(renamed.map((r) => r.to));
    await insertTickerUniverseChanges(trx, [
      ...added
        .filter((r) => !renamedTo.has(r.symbol))
        .map((r) => ({ kind: 'added' as const, symbol: r.symbol, new_symbol: null, name: r.name, source })),
      ...delisted
        .filter((s) => !renamedFrom.has(s))
        .map((s) => ({ kind: 'delisted' as const, symbol: s, new_symbol: null, name: listedNow.get(s)!, source })),
      ...renamed.map((r) => ({
        kind: 'renamed' as const,
        symbol: r.from,
        new_symbol: r.to,
        name: listedNow.get(r.from)!,
        source,
      })),
    ]);
    return { listed: rows.length, added: added.map((r) => r.symbol), delisted, renamed };
  });
}
