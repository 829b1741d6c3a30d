import type { Knex } from 'knex';
import { ambiguousSymbolsResponseSchema, ambiguousSymbolsSchema } from '../../core/contracts/ambiguousSymbols';
import { adminActor } from '../admin/adminActor';
import { recordAdminAction } from '../admin/auditLog';
import { route } from '../http/routeTable';

/** The ticker-extraction ambiguity list, visible and editable by admins (workers pick edits up within a minute). */
export function adminSignalRoutes(db: Knex) {
  const list = async () => ({ symbols: await db('ambiguous_symbols').orderBy('symbol').pluck<string[]>('symbol') });
  return [
    route('GET', '/api/admin/ambiguous-symbols', 'admin', async (ctx) => {
      ctx.body = await list();
    }, { summary: 'The ambiguity list of ticker extraction', responses: { 200: { description: 'Symbols', schema: ambiguousSymbolsResponseSchema } } }),
    route('PUT', '/api/admin/ambiguous-symbols', 'admin', async (ctx) => {
      const { symbols } = ambiguousSymbolsSchema.parse(ctx.request.body ?? {});
      const actor = await adminActor(db, ctx);
      await db.transaction(async (trx) => {
        const before = await trx('ambiguous_symbols').orderBy('symbol').forUpdate().pluck<string[]>('symbol');
        await recordAdminAction(trx, { actor, action: 'ambiguousSymbols.save', targetType: 'ambiguous_symbols', targetId: null, before: { symbols: before }, after: { symbols } });
        await trx('ambiguous_symbols').whereNotIn('symbol', symbols).delete();
        if (symbols.length > 0) await trx('ambiguous_symbols').insert(symbols.map((symbol) => ({ symbol }))).onConflict('symbol').ignore();
      });
      ctx.body = await list();
    }, { summary: 'Replace the ambiguity list', body: ambiguousSymbolsSchema, responses: { 200: { description: 'The saved list', schema: ambiguousSymbolsResponseSchema } } }),
  ];
}
