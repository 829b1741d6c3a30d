import type { Knex } from 'knex';
import { seedAdminAccount, type AdminSeedResult } from './adminAccount';
import { seedSourceLists } from './sourceLists';
import { seedTickerUniverse } from './tickerUniverse';

export interface SeedResult {
  tickers: number;
  ambiguous: number;
  formerSymbols: number;
  sourceLists: number;
  admin: AdminSeedResult;
}

/** Idempotent: safe on every start. */
export async function seedReferenceData(db: Knex, admin: { email?: string; password?: string }): Promise<SeedResult> {
  const { tickers, ambiguous, formerSymbols } = await seedTickerUniverse(db);
  const sourceLists = await seedSourceLists(db);
  return {
    tickers,
    ambiguous,
    formerSymbols,
    sourceLists,
    admin: await seedAdminAccount(db, admin.email, admin.password),
  };
}
