import { ambiguousSymbolsResponseSchema, ambiguousSymbolsSchema } from '../../core/contracts/ambiguousSymbols';
import {
  formerSymbolsResponseSchema,
  formerSymbolsSchema,
  tickerChangesQuerySchema,
  tickerChangesResponseSchema,
  type FormerSymbol,
  type TickerChanges,
} from '../../core/contracts/formerSymbols';
import type { Database } from '../../platform/database';
import {
  ambiguousSymbols,
  formerSymbols,
  lockAmbiguousSymbols,
  lockFormerSymbols,
  replaceAmbiguousSymbols,
  replaceFormerSymbols,
  tickerUniverseChanges,
  type FormerSymbolRow,
} from '../../warehouse/postgres/tickers';
import { adminActor } from '../admin/adminActor';
import { recordAdminAction } from '../../warehouse/postgres/adminAuditLog';
import { route } from '../http/routeTable';

const toFormerSymbol = (r: FormerSymbolRow): FormerSymbol => ({
  symbol: r.symbol,
  successor: r.successor,
  changedOn: r.changed_on,
  note: r.note,
});
const readFormerSymbols = async (db: Database) => (await formerSymbols(db)).map(toFormerSymbol);

async function readTickerChanges(db: Database, limit: number): Promise<TickerChanges['changes']> {
  const rows = await tickerUniverseChanges(db, limit);
  return rows.map((r) => ({
    kind: r.kind,
    symbol: r.symbol,
    newSymbol: r.new_symbol,
    name: r.name,
    source: r.source,
    detectedAt: new Date(r.detected_at).toISOString(),
  }));
}

/** The ticker-extraction ambiguity list and former symbols, visible and editable by admins (workers pick edits up within a minute). */
export function adminSignalRoutes(db: Database) {
  const list = async () => ({ symbols: await ambiguousSymbols(db) });
  return [
    route(
      'GET',
      '/api/admin/ambiguous-symbols',
      'admin',
      async (ctx) => {
        ctx.body = await list();
      },
      {
        summary: 'The ambiguity list of ticker extraction',
        responses: { 200: { description: 'Symbols', schema: ambiguousSymbolsResponseSchema } },
      },
    ),
    route(
      'PUT',
      '/api/admin/ambiguous-symbols',
      'admin',
      async (ctx, { body: { symbols }, user }) => {
        const actor = await adminActor(db, user);
        await db.transaction(async (trx) => {
          const before = await lockAmbiguousSymbols(trx);
          await recordAdminAction(trx, {
            actor,
            action: 'ambiguousSymbols.save',
            targetType: 'ambiguous_symbols',
            targetId: null,
            before: { symbols: before },
            after: { symbols },
          });
          await replaceAmbiguousSymbols(trx, symbols);
        });
        ctx.body = await list();
      },
      {
        summary: 'Replace the ambiguity list',
        body: ambiguousSymbolsSchema,
        responses: { 200: { description: 'The saved list', schema: ambiguousSymbolsResponseSchema } },
      },
    ),
    route(
      'GET',
      '/api/admin/former-symbols',
      'admin',
      async (ctx) => {
        ctx.body = { renames: await readFormerSymbols(db) };
      },
      {
        summary: 'Former symbols and renames: a former symbol counts for its successor',
        responses: { 200: { description: 'Former symbols', schema: formerSymbolsResponseSchema } },
      },
    ),
    route(
      'PUT',
      '/api/admin/former-symbols',
      'admin',
      async (ctx, { body: { renames }, user }) => {
        const actor = await adminActor(db, user);
        await db.transaction(async (trx) => {
          await lockFormerSymbols(trx);
          const before = await readFormerSymbols(trx);
          if (JSON.stringify(before) === JSON.stringify([...renames].sort((a, b) => (a.symbol < b.symbol ? -1 : 1))))
            return;
          await recordAdminAction(trx, {
            actor,
            action: 'formerSymbols.save',
            targetType: 'former_symbols',
            targetId: null,
            before: { renames: before },
            after: { renames },
          });
          await replaceFormerSymbols(trx, renames);
        });
        ctx.body = { renames: await readFormerSymbols(db) };
      },
      {
        summary: 'Replace the former symbols',
        body: formerSymbolsSchema,
        responses: { 200: { description: 'The saved list', schema: formerSymbolsResponseSchema } },
      },
    ),
    route(
      'GET',
      '/api/admin/ticker-changes',
      'admin',
      async (ctx, { query: { limit } }) => {
        ctx.body = { changes: await readTickerChanges(db, limit) } satisfies TickerChanges;
      },
      {
        summary: 'Additions, delistings and symbol changes the universe refreshes recorded, newest first',
        query: tickerChangesQuerySchema,
        responses: { 200: { description: 'Changes', schema: tickerChangesResponseSchema } },
      },
    ),
  ];
}
