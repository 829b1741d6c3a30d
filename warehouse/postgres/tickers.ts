import type { TickerChanges } from '../../core/contracts/formerSymbols';
import type { BareUse } from '../../core/tickers/symbolUsage';
import type { Database } from '../../platform/database';

/** A listed symbol as extraction reads it. */
export interface ListedTickerRow {
  symbol: string;
  name: string;
  aliases: string[];
  bare: BareUse;
}

/** A symbol's descriptive columns, as the universe's lists give them. */
export interface TickerDescriptionRow extends ListedTickerRow {
  exchange: string;
  type: string;
}

/** A former symbol or rename as stored, its date as YYYY-MM-DD. */
export interface FormerSymbolRow {
  symbol: string;
  successor: string | null;
  changed_on: string | null;
  note: string;
}

type TickerChange = TickerChanges['changes'][number];
export interface TickerChangeRow {
  kind: TickerChange['kind'];
  symbol: string;
  new_symbol: string | null;
  name: string;
  source: TickerChange['source'];
  detected_at: Date;
}

/** The listed name of a symbol, or undefined for a symbol outside the universe. */
export async function tickerName(db: Database, symbol: string): Promise<string | undefined> {
  const row = await db('tickers').where({ symbol }).first<{ name: string } | undefined>('name');
  return row?.name;
}

/** Whether the universe knows the symbol (listed or not). */
export async function tickerExists(db: Database, symbol: string): Promise<boolean> {
  return Boolean(await db('tickers').where({ symbol }).first('symbol'));
}

/** Every symbol listed today. */
export function listedTickers(db: Database): Promise<ListedTickerRow[]> {
  return db('tickers').where({ listed: true }).select<ListedTickerRow[]>('symbol', 'name', 'aliases', 'bare');
}

/** Adds symbols the universe lacks and refreshes the descriptive columns of the others, never their listing state. */
export async function upsertTickerDescriptions(db: Database, rows: readonly TickerDescriptionRow[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 1_000) {
    await db('tickers')
      .insert(rows.slice(i, i + 1_000))
      .onConflict('symbol')
      .merge(['name', 'exchange', 'type', 'aliases', 'bare']);
  }
}

/** The ambiguity list, sorted. */
export function ambiguousSymbols(db: Database): Promise<string[]> {
  return db('ambiguous_symbols').orderBy('symbol').pluck<string[]>('symbol');
}

/** The ambiguity list, sorted and row-locked until the transaction ends (two saves record their changes in turn). */
export function lockAmbiguousSymbols(trx: Database): Promise<string[]> {
  return trx('ambiguous_symbols').orderBy('symbol').forUpdate().pluck<string[]>('symbol');
}

/** Makes `symbols` the ambiguity list (symbols kept keep their created_at). */
export async function replaceAmbiguousSymbols(trx: Database, symbols: readonly string[]): Promise<void> {
  await trx('ambiguous_symbols')
    .whereNotIn('symbol', [...symbols])
    .delete();
  if (symbols.length > 0)
    await trx('ambiguous_symbols')
      .insert(symbols.map((symbol) => ({ symbol })))
      .onConflict('symbol')
      .ignore();
}

/** Every former symbol, by symbol. */
export function formerSymbols(db: Database): Promise<FormerSymbolRow[]> {
  return db('former_symbols')
    .orderBy('symbol')
    .select<FormerSymbolRow[]>(
      'symbol',
      'successor',
      db.raw(`to_char(changed_on, 'YYYY-MM-DD') AS changed_on`),
      'note',
    );
}

/** Every former symbol's successor (null: delisted without one), as extraction reads them. */
export function formerSymbolSuccessors(db: Database): Promise<Array<Pick<FormerSymbolRow, 'symbol' | 'successor'>>> {
  return db('former_symbols').select<Array<Pick<FormerSymbolRow, 'symbol' | 'successor'>>>('symbol', 'successor');
}

/** Blocks other writers of the former symbols until the transaction ends (the universe refresh also adds to them). */
export async function lockFormerSymbols(trx: Database): Promise<void> {
  await trx.raw('LOCK TABLE former_symbols IN SHARE ROW EXCLUSIVE MODE');
}

/** Makes `renames` the former symbols. */
export async function replaceFormerSymbols(
  trx: Database,
  renames: ReadonlyArray<{ symbol: string; successor: string | null; changedOn: string | null; note: string }>,
): Promise<void> {
  await trx('former_symbols').delete();
  if (renames.length > 0) {
    await trx('former_symbols').insert(
      renames.map((r) => ({
        symbol: r.symbol,
        successor: r.successor,
        changed_on: r.changedOn,
        note: r.note,
        updated_at: trx.fn.now(),
      })),
    );
  }
}

/** Inserts the lists where their table is still empty (first start); afterwards they belong to the admin. Returns how many it added. */
export async function seedSymbolListsOnce(
  db: Database,
  ambiguous: readonly string[],
  former: ReadonlyArray<{ symbol: string; successor: string | null; changedOn: string | null; note: string }>,
): Promise<{ ambiguous: number; formerSymbols: number }> {
  const isEmpty = async (table: string) => !(await db(table).first(db.raw('1')));
  let ambiguousAdded = 0;
  let formerAdded = 0;
  if (await isEmpty('ambiguous_symbols')) {
    await db('ambiguous_symbols')
      .insert(ambiguous.map((symbol) => ({ symbol })))
      .onConflict('symbol')
      .ignore();
    ambiguousAdded = ambiguous.length;
  }
  if (await isEmpty('former_symbols')) {
    await db('former_symbols')
      .insert(former.map((f) => ({ symbol: f.symbol, successor: f.successor, changed_on: f.changedOn, note: f.note })))
      .onConflict('symbol')
      .ignore();
    formerAdded = former.length;
  }
  return { ambiguous: ambiguousAdded, formerSymbols: formerAdded };
}

/** The latest additions, delistings and symbol changes the universe refreshes recorded, newest first. */
export function tickerUniverseChanges(db: Database, limit: number): Promise<TickerChangeRow[]> {
  return db('ticker_universe_changes')
    .orderBy([
      { column: 'detected_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .limit(limit)
    .select<TickerChangeRow[]>('kind', 'symbol', 'new_symbol', 'name', 'source', 'detected_at');
}

/** One refresh of the universe at a time: a second waits, then finds nothing left to change. */
export async function lockTickers(trx: Database): Promise<void> {
  await trx.raw('LOCK TABLE tickers IN SHARE ROW EXCLUSIVE MODE');
}

/** Every symbol the universe has held, with its name and whether it is listed today. */
export function tickerListings(db: Database): Promise<Array<{ symbol: string; name: string; listed: boolean }>> {
  return db('tickers').select<Array<{ symbol: string; name: string; listed: boolean }>>('symbol', 'name', 'listed');
}

/** Stores the rows as listed today (re-listing a delisted symbol), replacing every column. */
export async function upsertListedTickers(db: Database, rows: readonly TickerDescriptionRow[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 1_000) {
    await db('tickers')
      .insert(rows.slice(i, i + 1_000).map((r) => ({ ...r, listed: true, delisted_at: null })))
      .onConflict('symbol')
      .merge();
  }
}

/** Marks symbols delisted (kept, so old mentions keep their names). */
export async function markTickersDelisted(db: Database, symbols: readonly string[]): Promise<void> {
  if (symbols.length > 0)
    await db('tickers')
      .whereIn('symbol', [...symbols])
      .update({ listed: false, delisted_at: db.fn.now() });
}

/**
 * Records detected symbol changes as former symbols dated today, unless the admin already has a row for the old symbol;
 * a symbol listed again is nobody's former symbol any more (PLTR → PLTX, then back to PLTR).
 */
export async function recordDetectedRenames(
  db: Database,
  renamed: ReadonlyArray<{ from: string; to: string }>,
  note: string,
): Promise<void> {
  if (renamed.length === 0) return;
  await db('former_symbols')
    .whereIn(
      'symbol',
      renamed.map((r) => r.to),
    )
    .delete();
  await db('former_symbols')
    .insert(renamed.map((r) => ({ symbol: r.from, successor: r.to, changed_on: db.raw('CURRENT_DATE'), note })))
    .onConflict('symbol')
    .ignore();
}

/** Appends what a refresh changed to the universe's history. */
export async function insertTickerUniverseChanges(
  db: Database,
  changes: ReadonlyArray<Pick<TickerChangeRow, 'kind' | 'symbol' | 'new_symbol' | 'name' | 'source'>>,
): Promise<void> {
  for (let i = 0; i < changes.length; i += 1_000)
    await db('ticker_universe_changes').insert(changes.slice(i, i + 1_000));
}
