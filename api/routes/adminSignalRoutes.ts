import type { Knex } from 'knex';
import { ambiguousSymbolsResponseSchema, ambiguousSymbolsSchema } from '../../core/contracts/ambiguousSymbols';
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
      await db.transaction(async (trx) => {
        await trx('ambiguous_symbols').whereNotIn('symbol', symbols).delete();
        if (symbols.length > 0) await trx('ambiguous_symbols').insert(symbols.map((symbol) => ({ symbol }))).onConflict('symbol').ignore();
      });
      ctx.body = await list();
    }, { summary: 'Replace the ambiguity list', body: ambiguousSymbolsSchema, responses: { 200: { description: 'The saved list', schema: ambiguousSymbolsResponseSchema } } }),
  ];
}
