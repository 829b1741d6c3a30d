import type { Knex } from 'knex';
import * as m001 from './001_users_and_sessions';
import * as m002 from './002_market_reference_data';
import * as m003 from './003_rate_limits';
import * as m004 from './004_source_cursors';
import * as m005 from './005_trending_stocks';
import * as m006 from './006_newsletter_subscribers';
import * as m007 from './007_admin_audit_log';
import * as m008 from './008_alerts_and_notifications';
import * as m009 from './009_billing';
import * as m010 from './010_listed_universe';
import * as m011 from './011_account_verification';
import * as m012 from './012_alert_uniqueness';
import * as m014 from './014_seeded_admin_not_subscriber';
import * as m015 from './015_api_quota_usage';
import * as m016 from './016_username_format';
import * as m017 from './017_drop_stock_mention_counts';
import * as m018 from './018_alert_kinds_watchlists_noise_control';
import * as m020 from './020_webhooks';
import * as m021 from './021_alert_outcomes';
import * as m023 from './023_watchlist_order_and_pending_signups';
import * as m024 from './024_price_history';
import * as m025 from './025_api_keys';
import * as m026 from './026_api_key_allowance';

interface Migration {
  up(db: Knex): Promise<void>;
  down(db: Knex): Promise<void>;
}

/** Every Postgres migration in order. Add a file, then list it here. */
const migrations: Array<[string, Migration]> = [
  ['001_users_and_sessions', m001],
  ['002_market_reference_data', m002],
  ['003_rate_limits', m003],
  ['004_source_cursors', m004],
  ['005_trending_stocks', m005],
  ['006_newsletter_subscribers', m006],
  ['007_admin_audit_log', m007],
  ['008_alerts_and_notifications', m008],
  ['009_billing', m009],
  ['010_listed_universe', m010],
  ['011_account_verification', m011],
  ['012_alert_uniqueness', m012],
  ['014_seeded_admin_not_subscriber', m014],
  ['015_api_quota_usage', m015],
  ['016_username_format', m016],
  ['017_drop_stock_mention_counts', m017],
  ['018_alert_kinds_watchlists_noise_control', m018],
  ['020_webhooks', m020],
  ['021_alert_outcomes', m021],
  ['023_watchlist_order_and_pending_signups', m023],
  ['024_price_history', m024],
  ['025_api_keys', m025],
  ['026_api_key_allowance', m026],
];

/** A knex migration source over the static list above (no directory scanning, so it works the same under tsx, tests and Docker). */
const source: Knex.MigrationSource<[string, Migration]> = {
  getMigrations: async () => migrations,
  getMigrationName: ([name]) => name,
  getMigration: async ([, migration]) => migration,
};

export async function migratePostgres(db: Knex): Promise<string[]> {
  const [, applied] = (await db.migrate.latest({ migrationSource: source, tableName: 'knex_migrations' })) as [
    number,
    string[],
  ];
  return applied;
}
