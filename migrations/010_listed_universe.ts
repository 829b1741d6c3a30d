import type { Knex } from 'knex';

export async function up(db: Knex): Promise<void> {
  // The full listed universe: what kind of security each symbol is, how it may be written without a `$` (derived from
  // data, see core/tickers/symbolUsage.ts), and whether it is listed today (refreshTickerUniverse keeps this current).
  await db.schema.alterTable('tickers', (t) => {
    t.string('type', 10).notNullable().defaultTo('stock');
    t.string('bare', 10).notNullable().defaultTo('upper');
    t.boolean('listed').notNullable().defaultTo(true);
    t.timestamp('delisted_at', { useTz: true });
  });
  await db.raw(`ALTER TABLE tickers ADD CONSTRAINT tickers_type_check CHECK (type IN ('stock','adr','etf'))`);
  await db.raw(`ALTER TABLE tickers ADD CONSTRAINT tickers_bare_check CHECK (bare IN ('no','upper','any'))`);
  await db.raw(`CREATE INDEX tickers_listed_idx ON tickers (symbol) WHERE listed`);

  // Former symbols and renames (FB → META; TWTR with no successor), seeded once from core/tickers/formerSymbols.csv,
  // then the admin's to edit; the daily refresh adds the symbol changes it detects.
  await db.schema.createTable('former_symbols', (t) => {
    t.string('symbol', 10).primary();
    t.string('successor', 10);
    t.date('changed_on');
    t.text('note').notNullable().defaultTo('');
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
  });

  // What each refresh of the listings changed: additions, delistings and symbol changes, and where the listings came from.
  await db.schema.createTable('ticker_universe_changes', (t) => {
    t.bigIncrements('id').primary();
    t.string('kind', 10).notNullable();
    t.string('symbol', 10).notNullable();
    t.string('new_symbol', 10);
    t.string('name', 255).notNullable().defaultTo('');
    t.string('source', 20).notNullable();
    t.timestamp('detected_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
    t.index(['detected_at']);
  });
  await db.raw(
    `ALTER TABLE ticker_universe_changes ADD CONSTRAINT ticker_universe_changes_kind_check CHECK (kind IN ('added','delisted','renamed'))`,
  );
}

export async function down(db: Knex): Promise<void> {
  await db.schema.dropTableIfExists('ticker_universe_changes');
  await db.schema.dropTableIfExists('former_symbols');
  await db.raw('DROP INDEX IF EXISTS tickers_listed_idx');
  await db.raw('ALTER TABLE tickers DROP CONSTRAINT IF EXISTS tickers_bare_check');
  await db.raw('ALTER TABLE tickers DROP CONSTRAINT IF EXISTS tickers_type_check');
  await db.schema.alterTable('tickers', (t) => {
    t.dropColumn('delisted_at');
    t.dropColumn('listed');
    t.dropColumn('bare');
    t.dropColumn('type');
  });
}
