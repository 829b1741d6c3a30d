import type { Knex } from 'knex';
import { ambiguousSymbolsResponseSchema, ambiguousSymbolsSchema } from '../../core/contracts/ambiguousSymbols';
import {
  formerSymbolsResponseSchema,
  formerSymbolsSchema,
  tickerChangesQuerySchema,
  tickerChangesResponseSchema,
  type FormerSymbol,
  type TickerChanges,
} from '../../core/contracts/formerSymbols';
import { adminActor } from '../admin/adminActor';
import { recordAdminAction } from '../../warehouse/postgres/adminAuditLog';
import { route } from '../http/routeTable';

interface FormerSymbolRow {
  symbol: string;
  successor: string | null;
  changed_on: string | null;
  note: string;
}
const toFormerSymbol = (r: FormerSymbolRow): FormerSymbol => ({ symbol: r.symbol, successor: r.successor, changedOn: r.changed_on, note: r.note });
const readFormerSymbols = async (db: Knex) =>
  (await db('former_symbols').orderBy('symbol').select<FormerSymbolRow[]>('symbol', 'successor', db.raw(`to_char(changed_on, 'YYYY-MM-DD') AS changed_on`), 'note')).map(toFormerSymbol);

async function readTickerChanges(db: Knex, limit: number): Promise<TickerChanges['changes']> {
  const rows = await db('ticker_universe_changes')
    .orderBy([{ column: 'detected_at', order: 'desc' }, { column: 'id', order: 'desc' }])
    .limit(limit)
    .select<Array<{ kind: TickerChanges['changes'][number]['kind']; symbol: string; new_symbol: string | null; name: string; source: TickerChanges['changes'][number]['source']; detected_at: Date }>>(
      'kind',
      'symbol',
      'new_symbol',
      'name',
      'source',
      'detected_at',
    );
  return rows.map((r) => ({ kind: r.kind, symbol: r.symbol, newSymbol: r.new_symbol, name: r.name, source: r.source, detectedAt: new Date(r.detected_at).toISOString() }));
}

/** The ticker-extraction ambiguity list and former symbols, visible and editable by admins (workers pick edits up within a minute). */
export function adminSignalRoutes(db: Knex) {
  const list = async () => ({ symbols: await db('ambiguous_symbols').orderBy('symbol').pluck<string[]>('symbol') });
  return [
    route('GET', '/api/admin/ambiguous-symbols', 'admin', async (ctx) => {
      ctx.body = await list();
    }, { summary: 'The ambiguity list of ticker extraction', responses: { 200: { description: 'Symbols', schema: ambiguousSymbolsResponseSchema } } }),
    route('PUT', '/api/admin/ambiguous-symbols', 'admin', async (ctx, { body: { symbols }, user }) => {
      const actor = await adminActor(db, user);
      await db.transaction(async (trx) => {
        const before = await trx('ambiguous_symbols').orderBy('symbol').forUpdate().pluck<string[]>('symbol');
        await recordAdminAction(trx, { actor, action: 'ambiguousSymbols.save', targetType: 'ambiguous_symbols', targetId: null, before: { symbols: before }, after: { symbols } });
        await trx('ambiguous_symbols').whereNotIn('symbol', symbols).delete();
        if (symbols.length > 0) await trx('ambiguous_symbols').insert(symbols.map((symbol) => ({ symbol }))).onConflict('symbol').ignore();
      });
      ctx.body = await list();
    }, { summary: 'Replace the ambiguity list', body: ambiguousSymbolsSchema, responses: { 200: { description: 'The saved list', schema: ambiguousSymbolsResponseSchema } } }),
    route('GET', '/api/admin/former-symbols', 'admin', async (ctx) => {
      ctx.body = { renames: await readFormerSymbols(db) };
    }, { summary: 'Former symbols and renames: a former symbol counts for its successor', responses: { 200: { description: 'Former symbols', schema: formerSymbolsResponseSchema } } }),
    route('PUT', '/api/admin/former-symbols', 'admin', async (ctx, { body: { renames }, user }) => {
      const actor = await adminActor(db, user);
      await db.transaction(async (trx) => {
        await trx.raw('LOCK TABLE former_symbols IN SHARE ROW EXCLUSIVE MODE');
        const before = await readFormerSymbols(trx);
        if (JSON.stringify(before) === JSON.stringify([...renames].sort((a, b) => (a.symbol < b.symbol ? -1 : 1)))) return;
        await recordAdminAction(trx, { actor, action: 'formerSymbols.save', targetType: 'former_symbols', targetId: null, before: { renames: before }, after: { renames } });
        await trx('former_symbols').delete();
        if (renames.length > 0) {
          await trx('former_symbols').insert(renames.map((r) => ({ symbol: r.symbol, successor: r.successor, changed_on: r.changedOn, note: r.note, updated_at: trx.fn.now() })));
        }
      });
      ctx.body = { renames: await readFormerSymbols(db) };
    }, { summary: 'Replace the former symbols', body: formerSymbolsSchema, responses: { 200: { description: 'The saved list', schema: formerSymbolsResponseSchema } } }),
    route('GET', '/api/admin/ticker-changes', 'admin', async (ctx, { query: { limit } }) => {
      ctx.body = { changes: await readTickerChanges(db, limit) } satisfies TickerChanges;
    }, { summary: 'Additions, delistings and symbol changes the universe refreshes recorded, newest first', query: tickerChangesQuerySchema, responses: { 200: { description: 'Changes', schema: tickerChangesResponseSchema } } }),
  ];
}
